import { PLACES, type Place } from './gazetteer';

/**
 * Place text from the API or a visitor -> a gazetteer place. One normalized key per spelling, built once,
 * so matching a load is two Map lookups.
 */

/** Longer input is not a place name; cutting it keeps a hostile 2,000-character text cheap. */
const MAX_PLACE_TEXT = 120;

/** Words that say "city", "district", "region" in the three scripts; dropped from a key. */
const SUFFIX_WORDS = new Set([
  'sh', 'shahri', 'shahar', 'shaxri', 'tumani', 'tuman', 'viloyati', 'viloyat', 'city', 'town',
  'шаҳри', 'шаҳар', 'шахри', 'шахар', 'ш', 'тумани', 'туман', 'вилояти',
  'г', 'гор', 'город', 'р-н', 'район', 'обл', 'область', 'region', 'district',
]);

/** Every way of writing ʻ and ʼ people use: ' ʻ ʼ ‘ ’ ` ´ ʹ ′. */
const APOSTROPHES = /['ʻʼ‘’`´ʹ′]/g;

/**
 * Key of a place text: lower case, apostrophes dropped (Qo'qon = Qoʻqon = Qoqon), ё as е, words of
 * letters and digits only, suffix words dropped. Empty for text that holds no place name.
 */
export function normalizePlaceKey(text: string): string {
  return String(text ?? '')
    .slice(0, MAX_PLACE_TEXT)
    .normalize('NFC')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(/ё/g, 'е')
    .replace(/i̇/g, 'i')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !SUFFIX_WORDS.has(word))
    .join(' ');
}

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
  if (typeof text !== 'string') return undefined;
  const whole = KEY_MAP.get(normalizePlaceKey(text));
  if (whole) return whole;
  const comma = text.indexOf(',');
  return comma > 0 ? KEY_MAP.get(normalizePlaceKey(text.slice(0, comma))) : undefined;
}

/** The distinct keys of all spellings of a place, for the suggestion index. */
export function placeKeys(place: Place): string[] {
  return Array.from(new Set(placeSpellings(place).map(normalizePlaceKey).filter(Boolean)));
}
