import type { ListOrder } from '../../api-client/list-order';
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

/**
 * The read on its way, if any: a read asked while the same one is on its way waits for it (a route page's
 * list and its loads on the way ask at the same filter change, each from a chunk of its own). Its callers
 * never abort it: each takes the answer or leaves it.
 */
let onItsWay: { key: string; read: Promise<PostedSince> } | null = null;

export function readPostedSince(builtAt: number, order: ListOrder, totalHint: number, signal: AbortSignal): Promise<PostedSince> {
  const key = `${builtAt} ${order} ${totalHint}`;
  if (onItsWay?.key === key) return onItsWay.read;
  const read = readOnce(builtAt, order, totalHint, signal);
  const mine = { key, read };
  onItsWay = mine;
  const settled = () => {
    if (onItsWay === mine) onItsWay = null;
  };
  read.then(settled, settled);
  return read;
}

async function readOnce(builtAt: number, order: ListOrder, totalHint: number, signal: AbortSignal): Promise<PostedSince> {
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
