import type { Language } from '../config/languages';
import { ROUTES, listPagePath } from '../config/routes';
import { localizedPath } from '../i18n/paths';
import { parsePageParam } from '../loads/pagination';
import { SEARCH_PARAM } from './search-href';
import { FILTER_KEYS, FILTERS, NO_FILTERS, eachFilter, filterChips, type FilterValues, type ReadContext } from './filter-table';

export type { BoardSort } from './filter-table';

/**
 * What the load board (or a city or route page) shows, as kept in the URL query so it can be shared,
 * survives a reload and Back returns to it (CONTRACT.md, "Filters"): `?search=…&vehicle=Tent&page=2`.
 * The filters are filter-table.ts's, one field each.
 */
export interface BoardQuery extends FilterValues {
  page: number;
  search: string;
}

/** The plain list's first page: no search, no filter. */
export const EMPTY_QUERY: BoardQuery = { page: 1, search: '', ...NO_FILTERS };

/** Search text is free (SPEC.md section 5); only surrounding space is dropped, and absurd lengths cut. */
const MAX_SEARCH_CHARS = 200;

/** Reads a query string; a malformed value is left out, never an error (CONTRACT.md, "Filters"). */
export function parseBoardQuery(search: string, context: Omit<ReadContext, 'search'> = {}): BoardQuery {
  const params = new URLSearchParams(search);
  const text = (params.get(SEARCH_PARAM) ?? '').trim().slice(0, MAX_SEARCH_CHARS);
  const read = { ...context, search: text };
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, FILTERS[key].read(params, read)])) as unknown as FilterValues;
  return { page: parsePageParam(params.get('page')), search: text, ...filters };
}

/** The query string for a board state; what is at its default (page 1, no search, no filter) is left out. */
export function boardSearchString(query: Partial<BoardQuery>): string {
  const full: BoardQuery = { ...EMPTY_QUERY, ...query };
  const params = new URLSearchParams();
  if (full.search) params.set(SEARCH_PARAM, full.search);
  eachFilter(full, (_key, entry, value) => entry.write(value, params));
  if (full.page > 1) params.set('page', String(full.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether a filter or an order other than the default is chosen (a search alone is not a filter). */
export function isFiltered(query: FilterValues): boolean {
  return eachFilter(query, (_key, entry, value) => entry.isSet(value)).some(Boolean);
}

/** Whether two queries name the same list (any page): the same search and filters, types whatever their case and order. */
export function sameListQuery(a: BoardQuery, b: BoardQuery): boolean {
  return a.search === b.search && eachFilter(a, (key, entry, value) => entry.same(value, b[key])).every(Boolean);
}

export function sameQuery(a: BoardQuery, b: BoardQuery): boolean {
  return a.page === b.page && sameListQuery(a, b);
}

/** One key per query, for effects that must run once per query. */
export function queryKey(query: BoardQuery): string {
  return boardSearchString(query);
}

/** How many chips the query's filters make (the search too where `withSearch`). */
export function filterCount(query: BoardQuery, withSearch = false): number {
  return (withSearch && query.search ? 1 : 0) + filterChips(query).length;
}

/** A list of loads a query applies to: the live board, or a city or route page. */
export interface ListScope {
  /** The list's unprefixed path on its first page (`/loads`, `/loads/from/toshkent`). */
  path: string;
  /** Pages of the plain list the build made at paths of their own (`/loads/from/toshkent/2`). */
  builtPages: number;
}

export const BOARD_SCOPE: ListScope = { path: ROUTES.loads, builtPages: 1 };

export interface BoardHrefOptions {
  /** Default: the live board. */
  scope?: ListScope;
  /** The link is on a bare alias of an Uzbek Latin page and keeps to bare paths. */
  bare?: boolean;
}

/**
 * The one way to write a link to a state of the board (or of a city or route page): every part of the
 * query goes into the URL, so no link drops what the visitor chose. A page of the plain list that the
 * build made has its own path.
 */
export function boardHref(
  language: Language,
  query: Partial<BoardQuery>,
  { scope = BOARD_SCOPE, bare = false }: BoardHrefOptions = {},
): string {
  const full: BoardQuery = { ...EMPTY_QUERY, ...query };
  const plain = !full.search && !isFiltered(full);
  const ownPath = plain && full.page > 1 && full.page <= scope.builtPages;
  const path = ownPath ? listPagePath(scope.path, full.page) : scope.path;
  const where = bare ? path : localizedPath(path, language);
  return `${where}${boardSearchString(ownPath ? EMPTY_QUERY : full)}`;
}
