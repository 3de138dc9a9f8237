import type { Language } from '../config/languages';
import { ROUTES } from '../config/routes';
import { localizedPath } from '../i18n/paths';

/** The URL parameter of the board's search: query.ts reads and writes it. */
export const SEARCH_PARAM = 'search';

/**
 * The board searched for `search` alone (the board itself for ''), written as `boardHref` writes such a
 * query: for a page that links to a place's loads (a closed load's) without carrying the filters' code.
 * `bare`: without the language prefix, for a page on a bare path.
 */
export function boardSearchHref(language: Language, search: string, bare = false): string {
  const where = bare ? ROUTES.loads : localizedPath(ROUTES.loads, language);
  const params = new URLSearchParams();
  if (search) params.set(SEARCH_PARAM, search);
  const text = params.toString();
  return `${where}${text ? `?${text}` : ''}`;
}
