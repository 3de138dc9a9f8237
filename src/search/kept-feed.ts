import type { LanguagePrefix } from '../config/languages';
import { listFeedPath, type ListPath } from '../config/routes';
import { isFiltered, type BoardQuery } from './query';

/**
 * The Atom feed a kept search offers, only where the feed holds that very list: a city's or a route's
 * with no search and nothing that narrows it (an order changes nothing a feed holds). A place searched on
 * the board lists loads from it, to it and naming it, and a vehicle, a weight, a day or a radius narrows
 * or widens a list: no feed holds those, so such a kept search offers none rather than another list.
 */
export function keptListFeed(list: ListPath, query: BoardQuery, prefix: LanguagePrefix): string | null {
  if (list.kind === 'board' || query.search) return null;
  return isFiltered({ ...query, sort: 'newest' }) ? null : listFeedPath(list, prefix);
}
