/**
 * The mark the offline worker (src/offline/) puts on a copy it kept and answers with when the network
 * does not: when that copy was fetched, in ms since 1970. The API client reads it from the board's
 * answers, so that the board can say how old the loads it shows are.
 */
export const SEEN_AT_HEADER = 'X-Offline-Seen-At';

/**
 * Added by the worker to a kept copy it answers with: `slow` when the network was there but did not
 * answer in time (the server is slow), `unreachable` when the request failed (no network).
 */
export const KEPT_BECAUSE_HEADER = 'X-Offline-Because';

/** Whether a kept copy stood in for a server that was slow to answer, not for a missing network. */
export function keptForSlowServer(headers: Headers): boolean {
  return headers.get(KEPT_BECAUSE_HEADER) === 'slow';
}

/** When a kept copy was seen; null for an answer that came from the network. */
export function keptCopySeenAt(headers: Headers): number | null {
  const seenAt = Number(headers.get(SEEN_AT_HEADER));
  return Number.isFinite(seenAt) && seenAt > 0 ? seenAt : null;
}
