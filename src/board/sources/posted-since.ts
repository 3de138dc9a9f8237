import type { ListOrder } from '../../api-client/list-order';
import { isUnreachable } from '../../api-client/unreachable';
import type { ListFiles } from '../list-types';
import type { Load } from '../../api-client/types';
import { postedAt } from '../../loads/posting-time';
import { readNewestEnd } from './api-pages';
import type { FilterRow } from '../../search/rows';

/**
 * The loads posted since the build, and those taken since, as far as the API's newest end tells
 * (docs/board.md, "Every matching load"): read once a minute per page view, however many lists and
 * counts ask, whatever the API's order (api-pages.ts).
 */
export interface PostedSince {
  /** Loads posted after the build's newest, newest first. */
  loads: Load[];
  /** Every load posted since was read; false: counts say "at least". */
  complete: boolean;
  /** Whether the read shows a row the build published gone from the board (taken since). */
  taken(row: FilterRow): boolean;
  /** When the API answered: now, or when a copy the offline worker kept was seen. */
  checkedAt: number;
  /** The answers were copies the offline worker kept: the phone or the API did not answer. */
  kept: boolean;
  /** They stood in for an API that was slow to answer (the phone had a network). */
  slow: boolean;
}

/** Pages of the API's newest end read at most for the loads posted since. */
export const POSTED_SINCE_PAGES = 5;
/** The read is reused this long by every list and count of the page. */
export const POSTED_SINCE_MS = 60_000;

export async function readPostedSince(builtAt: number, order: ListOrder, totalHint: number, signal: AbortSignal): Promise<PostedSince> {
  const read = await readNewestEnd({ order, until: builtAt, pages: POSTED_SINCE_PAGES, totalHint, signal });
  const seen = new Set(read.loads.map((load) => load.id));
  return {
    loads: read.loads.filter((load) => postedAt(load) > builtAt),
    // An ordered list read down to the build's newest, or the whole list, holds every load posted since.
    complete: read.whole || (read.order !== 'none' && read.coveredFrom <= builtAt),
    // Strictly newer than the oldest read: a load posted at that very time may be on the next page.
    taken: (row) => (read.whole || row.posted > read.coveredFrom) && !seen.has(row.id),
    checkedAt: read.seenAt ?? Date.now(),
    kept: read.seenAt !== null,
    slow: read.slow,
  };
}

/** The API could not say what was posted since: no network (`unreachable`), or an error answer. */
export interface SinceFailed {
  failed: 'unreachable' | 'answer';
}

export interface SharedRead<T> {
  at: number;
  read: Promise<T>;
  stale: boolean;
}

/**
 * Whether a shared read must be made again: it is older than a minute, or a fresh read is asked (the tab
 * came back, the network returned) and it is half that old or stood on no answer of the network.
 */
export function readAgain(known: SharedRead<unknown>, fresh: boolean): boolean {
  const age = Date.now() - known.at;
  return age > POSTED_SINCE_MS || (fresh && (known.stale || age > POSTED_SINCE_MS / 2));
}

export function sharedRead<T>(read: Promise<T>, stale: (value: T) => boolean): SharedRead<T> {
  const known: SharedRead<T> = { at: Date.now(), read, stale: false };
  void read.then(
    (value) => (known.stale = stale(value)),
    () => (known.stale = true),
  );
  return known;
}

/** The page's read of each board it lists from, by the build's newest posting and the board's index. */
const pageReads = new Map<string, SharedRead<PostedSince | SinceFailed>>();

/**
 * The loads posted and taken since the build of `files`' board, read once for the page however many of
 * its lists ask (a route page's own list and its loads on the way, every count), once a minute at most,
 * or why the API could not say. Its callers never abort it: each takes the answer or leaves it.
 */
export function postedSinceOf(files: ListFiles, builtAt: number, fresh: boolean): Promise<PostedSince | SinceFailed> {
  const key = `${builtAt} ${new URL(files.boardPath, globalThis.location?.href ?? 'http://localhost/').href}`;
  let known = pageReads.get(key);
  if (!known || readAgain(known, fresh)) {
    const read = readPostedSince(builtAt, files.apiOrder, files.apiTotal, new AbortController().signal).catch(
      (error: unknown): SinceFailed => ({ failed: isUnreachable(error) ? 'unreachable' : 'answer' }),
    );
    known = sharedRead(read, (value) => 'failed' in value || value.kept);
    pageReads.set(key, known);
  }
  return known.read;
}
