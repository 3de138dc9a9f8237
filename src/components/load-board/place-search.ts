import type { PlaceIndex, PlaceIndexEntry } from '../../places/search-index';

export type { PlaceIndex, PlaceIndexEntry };

/**
 * The place index and its functions are loaded on first use (focus or typing in the search field, or a
 * search in the URL), never with the page's first script: a cheap phone pays for them only when asked.
 */
type SearchIndexModule = typeof import('../../places/lazy-index');
let moduleLoad: Promise<SearchIndexModule> | null = null;

function searchIndexModule(): Promise<SearchIndexModule> {
  if (!moduleLoad) {
    moduleLoad = import('../../places/lazy-index');
    // A place found in the index is searched in all its spellings: the merge comes alongside, at once.
    import('../../loads/spelling-search').catch(() => undefined);
  }
  return moduleLoad;
}

/** Null when the index cannot be had (offline, no path): the board then searches the text as typed. */
export async function loadPlaces(indexPath: string): Promise<{ index: PlaceIndex; module: SearchIndexModule } | null> {
  if (!indexPath) return null;
  try {
    const module = await searchIndexModule();
    return { index: await module.loadPlaceIndex(indexPath), module };
  } catch {
    return null;
  }
}

/**
 * What the API's `search` should be sent for what the visitor typed or chose: every spelling of a known
 * place (the board merges their lists), else the text as typed.
 */
export async function apiSearchTexts(indexPath: string, typed: string): Promise<readonly string[]> {
  if (!typed) return [typed];
  const places = await loadPlaces(indexPath);
  return (places && places.module.searchSpellingsFor(places.index, typed)) ?? [typed];
}

export const MAX_SUGGESTIONS = 8;
