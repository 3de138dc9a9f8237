import { parsePageParam } from './pagination';

/** What the load board shows, as kept in the URL query (`?search=…&page=2`) so it can be shared. */
export interface BoardQuery {
  page: number;
  search: string;
}

export const FIRST_PAGE: BoardQuery = { page: 1, search: '' };

/** Search text is free (SPEC.md section 5); only surrounding space is dropped, and absurd lengths cut. */
const MAX_SEARCH_CHARS = 200;

export function parseBoardQuery(search: string): BoardQuery {
  const params = new URLSearchParams(search);
  return {
    page: parsePageParam(params.get('page')),
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_CHARS),
  };
}

/** The query string for a board state; page 1 and an empty search are left out. */
export function boardSearchString({ page, search }: BoardQuery): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function sameQuery(a: BoardQuery, b: BoardQuery): boolean {
  return a.page === b.page && a.search === b.search;
}
