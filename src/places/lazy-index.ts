/**
 * What the board loads on first use of the place index (place-search.ts): the index's functions, and
 * naming a place first seen in a refresh. search-index.ts itself ships with the board's first script
 * (the page names its pre-rendered places with `nameIn`, place-names.ts); the transliteration rides in this lazy chunk.
 */
import { findEntry, type PlaceIndex } from './search-index';
import { transliteratedPlace } from './transliterate';
import { roadDistanceBetween } from './road-distance';

export * from './search-index';

/**
 * A place text of a list the browser read, in the page's language, as the build would name it: a known
 * place by its label, an unknown one moved between Uzbek Latin and Cyrillic where that is safe.
 */
export function placeNameFor(index: PlaceIndex, text: string): string {
  return findEntry(index, text)?.label ?? transliteratedPlace(text.trim(), index.lang);
}

/** The road distance of a route of place texts a refreshed list holds, as the build works it out. */
export function routeKmFor(index: PlaceIndex, from: string, to: string): number | null {
  const a = findEntry(index, from);
  const b = findEntry(index, to);
  return (a && b && roadDistanceBetween(a, b)?.km) ?? null;
}
