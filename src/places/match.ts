import { PLACES, type Place } from './gazetteer';
import { lookUpPlaceText, normalizePlaceKey } from './key';

export { normalizePlaceKey };

/**
 * Place text from the API or a visitor -> a gazetteer place. One normalized key per spelling, built once,
 * so matching a load is two Map lookups.
 */

/** All spellings of a place: its four names and its aliases. */
export function placeSpellings(place: Place): string[] {
  const { names } = place;
  return [names.uz, names['uz-Cyrl'], names.ru, names.en, ...place.aliases];
}

const AMBIGUOUS = null;

function buildKeyMap(places: readonly Place[]): Map<string, Place> {
  const owners = new Map<string, Place | typeof AMBIGUOUS>();
  for (const place of places) {
    for (const spelling of placeSpellings(place)) {
      const key = normalizePlaceKey(spelling);
      if (!key) continue;
      const owner = owners.get(key);
      // A key two places share names neither: guessing would file loads under the wrong city.
      if (owner === undefined) owners.set(key, place);
      else if (owner !== place) owners.set(key, AMBIGUOUS);
    }
  }
  const map = new Map<string, Place>();
  owners.forEach((owner, key) => {
    if (owner) map.set(key, owner);
  });
  return map;
}

const KEY_MAP = buildKeyMap(PLACES);

/**
 * The place a text names, or undefined. Takes "Samarqand, Samarqand viloyati" by its first part,
 * the city, and "г. Ташкент", "Toshkent sh.", "TOSHKENT" like "Toshkent".
 */
export function matchPlace(text: string | null | undefined): Place | undefined {
  return typeof text === 'string' ? lookUpPlaceText(text, (key) => KEY_MAP.get(key)) : undefined;
}

/** The slug of the place a normalized key names (one key of one place only), for reading titles (named-places.ts). */
export function placeSlugOfKey(key: string): string | undefined {
  return KEY_MAP.get(key)?.slug;
}

/** The distinct keys of all spellings of a place, for the suggestion index. */
export function placeKeys(place: Place): string[] {
  return Array.from(new Set(placeSpellings(place).map(normalizePlaceKey).filter(Boolean)));
}
