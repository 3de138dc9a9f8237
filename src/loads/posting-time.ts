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
  const newer = postedAt(b) - postedAt(a);
  // Both undated: -Infinity minus -Infinity is NaN, which sort() reads as "equal" in no defined way.
  if (newer > 0 || newer < 0) return newer;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
