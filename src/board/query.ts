import type { Language } from '../config/languages';
import { ROUTES, listPagePath } from '../config/routes';
import { localizedPath } from '../i18n/paths';
import { parsePageParam } from '../loads/pagination';

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
  const full: BoardQuery = { ...FIRST_PAGE, ...query };
  const plain = !full.search;
  const ownPath = plain && full.page > 1 && full.page <= scope.builtPages;
  const path = ownPath ? listPagePath(scope.path, full.page) : scope.path;
  const where = bare ? path : localizedPath(path, language);
  return `${where}${boardSearchString(ownPath ? FIRST_PAGE : full)}`;
}
