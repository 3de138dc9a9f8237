/**
 * Why the board could not show what was asked, as the page says it in its own language
 * (board-states.tsx): never the error's own text, which names URLs; only an API's error answer shows
 * its status and body (SPEC.md section 8).
 */
export type BoardFailure =
  /** The phone has no network, or a request could not reach the API or the site. */
  | { kind: 'offline' }
  /** A file of the site the list needs (its code, its index, its cards) could not be had. */
  | { kind: 'file' }
  /** The API answered with an error: its status, status text and body, as its message says them. */
  | { kind: 'answer'; detail: string }
  /** The API answered with something that is not a list of loads. */
  | { kind: 'unreadable' }
  /** Anything else (SPEC.md's "Failed to fetch loads"). */
  | { kind: 'other'; detail: string };

/** Webpack could not fetch a chunk of the page's code (or its CSS). */
function isChunkFailure(error: { name?: unknown; code?: unknown; message?: unknown }): boolean {
  return (
    error.name === 'ChunkLoadError' ||
    error.code === 'CSS_CHUNK_LOAD_FAILED' ||
    (typeof error.message === 'string' && /^Loading (CSS )?chunk \S+ failed/.test(error.message))
  );
}

/** The browser says it has a network (where it cannot say, it is taken to have one). */
export const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Whether a tap on a list should take the phone for offline: the browser's word, or the board's own. A page
 * opened offline may hear "online" from the browser (Chromium says so in a document the offline worker
 * served) while its list is a copy the worker kept because the network failed. A failed request is judged
 * by the browser's word alone (boardFailure): an answer from the server proves a network whatever is shown.
 */
export const offlineNow = (state: { offline?: boolean }): boolean => !browserOnline() || state.offline === true;

/**
 * What a failure means to the reader. `online`: what the browser says of its network (offline, every
 * failure is that). Duck-typed: errors may come from another realm, and the API client's classes are not
 * imported here.
 */
export function boardFailure(error: unknown, fallback: string, online = browserOnline()): BoardFailure {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    status?: unknown;
    unreachable?: unknown;
    fileFailure?: unknown;
  };
  if (!online || failure.unreachable === true) return { kind: 'offline' };
  if (failure.fileFailure === true || isChunkFailure(failure)) return { kind: 'file' };
  const message = typeof failure.message === 'string' && failure.message ? failure.message : fallback;
  if (failure.name === 'ApiError' && typeof failure.status === 'number') return { kind: 'answer', detail: message };
  if (failure.name === 'ApiShapeError') return { kind: 'unreadable' };
  return { kind: 'other', detail: fallback };
}
