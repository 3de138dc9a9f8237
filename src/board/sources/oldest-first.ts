import { PAGE_SIZE } from '../../config/constants';
import type { BoardList } from '../list-types';

/** One page of the API's list with the total it reported (api-list.ts, which passes it: no import back). */
export type ApiPage = (number: number, search: string, signal: AbortSignal) => Promise<{ list: BoardList; total: number }>;

/**
 * Page `boardPage` of an oldest-first list: its newest loads are the list's last positions. `totalHint`
 * guesses where they are; the first answer's total corrects the guess.
 */
export async function oldestFirstPage(
  apiPage: ApiPage,
  search: string,
  boardPage: number,
  totalHint: number,
  signal: AbortSignal,
): Promise<BoardList> {
  const apiPagesOf = (total: number) => {
    const end = total - (boardPage - 1) * PAGE_SIZE;
    const start = Math.max(0, end - PAGE_SIZE);
    return end <= 0 ? [] : [...new Set([Math.floor(start / PAGE_SIZE) + 1, Math.floor((end - 1) / PAGE_SIZE) + 1])];
  };
  const first = await apiPage(apiPagesOf(Math.max(totalHint, 1)).pop() ?? 1, search, signal);
  let total = first.total;
  const read = new Map([[first.list.page, first]]);
  const needed = apiPagesOf(total);
  for (const number of needed) if (!read.has(number)) read.set(number, await apiPage(number, search, signal));
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
