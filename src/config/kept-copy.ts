/**
 * The mark the offline worker (src/offline/) puts on a copy it kept and answers with when the network
 * does not: when that copy was fetched, in ms since 1970. The API client reads it from the board's
 * answers, so that the board can say how old the loads it shows are.
 */
export const SEEN_AT_HEADER = 'X-Offline-Seen-At';

/** When a kept copy was seen; null for an answer that came from the network. */
export function keptCopySeenAt(headers: Headers): number | null {
  const seenAt = Number(headers.get(SEEN_AT_HEADER));
  return Number.isFinite(seenAt) && seenAt > 0 ? seenAt : null;
}
