/**
 * The normalized key of a place text, shared by the build (matching against the gazetteer) and the
 * browser (the place file): apart from the gazetteer, so the browser's bundle never carries it.
 */

/** Longer input is not a place name; cutting it keeps a hostile 2,000-character text cheap. */
const MAX_PLACE_TEXT = 120;

/** Words that say "city", "district", "region" in the three scripts; dropped from a key. */
const SUFFIX_WORDS = new Set([
  'sh',
  'shahri',
  'shahar',
  'shaxri',
  'tumani',
  'tuman',
  'viloyati',
  'viloyat',
  'city',
  'town',
  'шаҳри',
  'шаҳар',
  'шахри',
  'шахар',
  'ш',
  'тумани',
  'туман',
  'вилояти',
  'г',
  'гор',
  'город',
  'р-н',
  'район',
  'обл',
  'область',
  'region',
  'district',
]);

/** Every way of writing ʻ and ʼ people use: ' ʻ ʼ ‘ ’ ` ´ ʹ ′. */
const APOSTROPHES = /['ʻʼ‘’`´ʹ′]/g;

/**
 * The words of a text as place keys write them: lower case, apostrophes dropped (Qo'qon = Qoʻqon =
 * Qoqon), ё as е, words of letters and digits only, suffix words ("shahri", "г.") dropped.
 */
export function placeWords(text: string): string[] {
  return String(text ?? '')
    .normalize('NFC')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(/ё/g, 'е')
    .replace(/i̇/g, 'i')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !SUFFIX_WORDS.has(word));
}

/** Key of a place text: its words (placeWords) joined by a space. Empty for text that holds no place name. */
export function normalizePlaceKey(text: string): string {
  return placeWords(String(text ?? '').slice(0, MAX_PLACE_TEXT)).join(' ');
}

/**
 * What `lookup` holds for a place text: by the text's whole key, else by the part before its first
 * comma ("Samarqand, Samarqand viloyati" is Samarqand, as the API's old "City, region" form writes it).
 * The one reading of a place text the gazetteer, the place files and the ranges file share.
 */
export function lookUpPlaceText<T>(text: string, lookup: (key: string) => T | undefined): T | undefined {
  const whole = lookup(normalizePlaceKey(text));
  if (whole !== undefined) return whole;
  const comma = text.indexOf(',');
  return comma > 0 ? lookup(normalizePlaceKey(text.slice(0, comma))) : undefined;
}
