import { fetchLoadsPage } from '../../api-client/client';
import { followsOrder, listOrderOf, type ListOrder } from '../../api-client/list-order';
import { PAGE_SIZE } from '../../config/constants';
import type { BoardList, ListFiles } from '../list-types';
import { loadPlaces } from './places-on-demand';
import { isFiltered } from '../../search/query';
import type { PlainList } from './sources';

/**
 * One page of the API's own list (the plain board, a text search), newest first as the board shows it,
 * from an API that lists the newest first (its page) or the oldest first (the last pages, counted from
 * its total). The plain list of an API with no order of posting (or one whose page breaks the order the
 * build learned) is the API's pages as they come; a search in such a list is list-query.ts's.
 */

async function apiPage(number: number, search: string, signal: AbortSignal) {
  const { list, reportedTotal } = await fetchLoadsPage({ page: number, limit: PAGE_SIZE, search: search || undefined }, { signal });
  return { list, total: reportedTotal ?? list.total };
}

/** Page `boardPage` of the API's plain list, in the API's own order. */
async function asItComes(boardPage: number, signal: AbortSignal): Promise<BoardList> {
  return (await apiPage(boardPage, '', signal)).list;
}

/**
 * Page `boardPage` of an oldest-first list (oldest-first.ts): a chunk of its own, fetched when the API lists
 * the oldest first, so that a board on an API with another order does not carry it in its first script.
 * The offline worker keeps it with the page (TAP_CHUNKS).
 */
async function oldestFirstPage(search: string, boardPage: number, totalHint: number, signal: AbortSignal): Promise<BoardList> {
  const { oldestFirstPage: read } = await import(/* webpackChunkName: "board-tap-oldest-first" */ './oldest-first');
  return read(apiPage, search, boardPage, totalHint, signal);
}

/**
 * Page `boardPage` of the API's list for `search` (empty: the plain list), newest first; null when what
 * was read breaks the order the build learned and shows no other (the worked lists answer then). A list
 * whose order turned the other way since the build is read from its other end.
 */
export async function apiListPage(
  search: string,
  boardPage: number,
  order: Exclude<ListOrder, 'none'>,
  totalHint: number,
  signal: AbortSignal,
): Promise<BoardList | null> {
  if (order === 'oldest') {
    const list = await oldestFirstPage(search, boardPage, totalHint, signal);
    if (followsOrder(list.loads, 'newest')) return list;
    return listOrderOf(list.loads) === 'oldest' ? apiListPage(search, boardPage, 'newest', totalHint, signal) : null;
  }
  const { list, total } = await apiPage(boardPage, search, signal);
  if (followsOrder(list.loads, 'newest')) return list;
  return listOrderOf(list.loads) === 'oldest' ? oldestFirstPage(search, boardPage, total, signal) : null;
}

/**
 * The board's own answer (sources.ts): the plain list, always the API's own, read live (newest first
 * where the API's order allows it, else its pages as they come), and a free-text search while the API
 * lists its loads in an order of posting. A filter, a sort, a known place (searched over the loads from,
 * to or naming it, in every spelling) and a search in a list with no order are the worked lists'
 * (list-query.ts).
 */
export function boardPlainList(files: ListFiles, placeFilePath: string): PlainList {
  return async (query, { signal }) => {
    const order = files.apiOrder;
    if (isFiltered(query)) return null;
    if (!query.search) {
      if (order === 'none') return asItComes(query.page, signal);
      return (await apiListPage('', query.page, order, files.apiTotal, signal)) ?? asItComes(query.page, signal);
    }
    if (order === 'none') return null;
    const places = await loadPlaces(placeFilePath);
    if (places?.module.searchedPlace(places.file, query.search)) return null;
    return apiListPage(query.search, query.page, order, files.apiTotal, signal);
  };
}
