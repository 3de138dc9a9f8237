import { useSyncExternalStore } from 'react';
import { listOfPath, ROUTES } from '../../config/routes';
import { isFiltered, type BoardQuery } from '../../search/query';

/** Where the phone keeps its searches (saved-searches.ts reads and writes them). */
export const SAVED_SEARCHES_KEY = 'yukbor.savedSearches';
/** The page's own event when it changed what it keeps (`storage` events come only from other tabs). */
export const SAVED_SEARCHES_CHANGED = 'yukbor:saved-searches';

/** Whether a search or a filter is chosen: the board is worth keeping then, and the filters' extras are wanted at once. */
export function searchChosen(query: BoardQuery): boolean {
  return Boolean(query.search) || isFiltered(query);
}

/**
 * Whether the list at `path` (unprefixed, page 1) with this query is worth keeping: a city or route page as
 * it is (a driver keeps his trip or his town), the board once a search or a filter is chosen. A city or
 * route page's button is in the build's HTML (filter-bar.tsx), the saved searches' code comes on its tap.
 */
export function keepable(query: BoardQuery, path: string = ROUTES.loads): boolean {
  const list = listOfPath(path);
  return (list !== null && list.kind !== 'board') || searchChosen(query);
}

/*
 * Whether the page needs the filters' extras (the chips, "keep this search", the kept searches): only
 * once a filter or a search is chosen, or the phone keeps a search (or a city or route page's own "keep
 * this search" is tapped, filter-bar.tsx). Read after hydration (the build's HTML has none of them), so a
 * plain board, city or route page with nothing kept renders once and fetches nothing more.
 */

/** Calls `onChange` when the kept searches change, in this tab or another. */
export function subscribeToKept(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(SAVED_SEARCHES_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SAVED_SEARCHES_CHANGED, onChange);
  };
}

/** Whether the phone keeps any search (a private mode that refuses storage keeps none). */
function keepsAny(): boolean {
  try {
    const raw = window.localStorage.getItem(SAVED_SEARCHES_KEY);
    return raw !== null && raw !== '[]';
  } catch {
    return false;
  }
}

/** True when the phone keeps a search. */
export function useKeepsSearches(): boolean {
  return useSyncExternalStore(subscribeToKept, keepsAny, () => false);
}

/** True when `chosen` (a filter, a search, a list worth keeping) or the phone keeps a search. */
export function useExtrasWanted(chosen: boolean): boolean {
  const keeps = useKeepsSearches();
  const client = useSyncExternalStore(
    subscribeToKept,
    () => chosen,
    () => false,
  );
  return client || keeps;
}
