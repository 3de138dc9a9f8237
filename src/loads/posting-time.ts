import type { Load } from '../api-client/types';

/**
 * When a load was posted, in epoch milliseconds, the one reading of `createdAt` every list, feed and
 * page uses; -Infinity when the API gave no usable time, so an undated load sorts after every dated one.
 */
export function postedAt(load: Pick<Load, 'createdAt'>): number {
  const time = load.createdAt ? Date.parse(load.createdAt) : NaN;
  return Number.isFinite(time) ? time : -Infinity;
}

/**
 * Newest first, the one order of every list the site builds (board, place pages, feeds, the published
 * board, the channel, the search's merge). Equal times, undated loads included, go by id: the API's
 * order for them is not stable between two reads, and an order that followed it would rewrite
 * unchanged files.
 */
export function newestFirst(a: Pick<Load, 'id' | 'createdAt'>, b: Pick<Load, 'id' | 'createdAt'>): number {
  return comparePosting(postedAt(a), a.id, postedAt(b), b.id);
}

/** newestFirst on posting times already read (postedAt), for the board's rows. */
export function comparePosting(aPosted: number, aId: string, bPosted: number, bId: string): number {
  const newer = bPosted - aPosted;
  // Both undated: -Infinity minus -Infinity is NaN, which sort() reads as "equal" in no defined way.
  if (newer > 0 || newer < 0) return newer;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}
