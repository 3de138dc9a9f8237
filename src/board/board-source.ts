import { isFiltered } from './query';
import type { FilteredLists, FilterScope, LoadSource } from './source';

/**
 * The board's choice of source per query, apart from source.ts so a page that never reads the API's
 * plain list (a city or route page) does not carry the API client in its first script.
 */

type FilterSourceModule = typeof import('./filter-source');
let filterModule: Promise<FilterSourceModule> | null = null;

/** The filters' code, a chunk of its own fetched on their first use (never with the page's first script). */
export function filterSourceModule(): Promise<FilterSourceModule> {
  if (!filterModule) {
    filterModule = import('./filter-source');
    filterModule.catch(() => (filterModule = null));
  }
  return filterModule;
}

/**
 * The board's loads: the plain list and a search from `plain` (the API, read as the list screen reads
 * it), a filtered list from the filter index of `scope` with the loads posted since.
 */
export function boardSource(
  plain: LoadSource,
  scope: FilterScope,
  placeFilePath: string,
): LoadSource & { filtered: () => Promise<FilteredLists> } {
  let lists: Promise<FilteredLists> | null = null;
  const filtered = () => {
    if (!lists) {
      lists = filterSourceModule().then(({ filteredLists }) => filteredLists(scope, placeFilePath));
      lists.catch(() => (lists = null));
    }
    return lists;
  };
  return {
    filtered,
    page: (query, options) => (isFiltered(query) ? filtered().then((source) => source.page(query, options)) : plain.page(query, options)),
  };
}
