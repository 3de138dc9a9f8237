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

async function page(number: number, search: string, signal: AbortSignal) {
  const { list, reportedTotal } = await fetchLoadsPage({ page: number, limit: PAGE_SIZE, search: search || undefined }, { signal });
  return { list, total: reportedTotal ?? list.total };
}

/** Page `boardPage` of the API's plain list, in the API's own order. */
async function asItComes(boardPage: number, signal: AbortSignal): Promise<BoardList> {
  return (await page(boardPage, '', signal)).list;
}

/**
 * Page `boardPage` of an oldest-first list: its newest loads are the list's last positions. `totalHint`
 * guesses where they are; the first answer's total corrects the guess.
 */
async function oldestFirstPage(search: string, boardPage: number, totalHint: number, signal: AbortSignal): Promise<BoardList> {
  const apiPagesOf = (total: number) => {
    const end = total - (boardPage - 1) * PAGE_SIZE;
    const start = Math.max(0, end - PAGE_SIZE);
    return end <= 0 ? [] : [...new Set([Math.floor(start / PAGE_SIZE) + 1, Math.floor((end - 1) / PAGE_SIZE) + 1])];
  };
  const first = await page(apiPagesOf(Math.max(totalHint, 1)).pop() ?? 1, search, signal);
  let total = first.total;
  const read = new Map([[first.list.page, first]]);
  const needed = apiPagesOf(total);
  for (const number of needed) if (!read.has(number)) read.set(number, await page(number, search, signal));
  total = Math.max(...[...read.values()].map((answer) => answer.total));
  const positions = needed.flatMap((number) => read.get(number)?.list.loads ?? []);
  const end = total - (boardPage - 1) * PAGE_SIZE;
  const firstPosition = ((needed[0] ?? 1) - 1) * PAGE_SIZE;
  const loads = positions.slice(Math.max(0, end - PAGE_SIZE - firstPosition), end - firstPosition).reverse();
  const kept = [...read.values()].filter((answer) => answer.list.seenAt !== undefined);
  const seen = kept.map((answer) => answer.list.seenAt as number);
  const list: BoardList = {
    loads,
    total,
    page: boardPage,
    limit: PAGE_SIZE,
    ...(end <= 0 && boardPage > 1 ? { beyond: 'end' as const } : {}),
  };
  if (seen.length === 0) return list;
  return { ...list, seenAt: Math.min(...seen), ...(kept.every((answer) => answer.list.slow) ? { slow: true } : {}) };
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
  const { list, total } = await page(boardPage, search, signal);
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
