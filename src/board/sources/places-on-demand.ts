import type { PlaceFile, PlaceFileEntry } from '../../places/place-file';

export type { PlaceFile, PlaceFileEntry };

/**
 * The place file and its functions are loaded on first use (focus or typing in the search field, a
 * search in the URL, the first filter), never with the page's first script: a cheap phone pays for them
 * only when asked.
 */
type BrowserPlaces = typeof import('../../places/browser-places');
let moduleLoad: Promise<BrowserPlaces> | null = null;

function browserPlaces(): Promise<BrowserPlaces> {
  if (!moduleLoad) {
    moduleLoad = import(/* webpackChunkName: "board-tap-places" */ '../../places/browser-places');
    moduleLoad.catch(() => (moduleLoad = null));
  }
  return moduleLoad;
}

/** Null when the file cannot be had (offline, no path): the board then searches the text as typed. */
export async function loadPlaces(filePath: string): Promise<{ file: PlaceFile; module: BrowserPlaces } | null> {
  if (!filePath) return null;
  try {
    const module = await browserPlaces();
    return { file: await module.loadPlaceFile(filePath), module };
  } catch {
    return null;
  }
}

export const MAX_SUGGESTIONS = 8;

/** The places to suggest for what was typed, best first (none when the file cannot be had). */
export async function placeSuggestions(filePath: string, typed: string): Promise<PlaceFileEntry[]> {
  const places = await loadPlaces(filePath);
  return places ? places.module.suggestPlaces(places.file, typed, MAX_SUGGESTIONS) : [];
}
