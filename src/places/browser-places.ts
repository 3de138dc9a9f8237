/**
 * The browser's places, loaded on first use of the place file (board/places-on-demand.ts), never with a
 * page's first script: the file's lookups (place-file.ts), and naming and measuring a place first seen
 * in a refresh, with the transliteration and road distances the build uses. The page names its
 * pre-rendered places without it (`nameIn`, place-names.ts).
 */
import { findEntry, type PlaceFile } from './place-file';
import { transliteratedPlace } from './transliterate';
import { roadDistanceBetween } from './road-distance';

export * from './place-file';
export { fieldPlace, readTrip, type TripReading } from './trip-text';

/**
 * A place text of a list the browser read, in the page's language, as the build would name it: a known
 * place by its label, an unknown one moved between Uzbek Latin and Cyrillic where that is safe.
 */
export function placeNameFor(file: PlaceFile, text: string): string {
  return findEntry(file, text)?.label ?? transliteratedPlace(text.trim(), file.lang);
}

/** The road distance of a route of place texts a refreshed list holds, as the build works it out. */
export function routeKmFor(file: PlaceFile, from: string, to: string): number | null {
  const a = findEntry(file, from);
  const b = findEntry(file, to);
  return (a && b && roadDistanceBetween(a, b)?.km) ?? null;
}
