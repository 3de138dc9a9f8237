/**
 * The normalized key of a place text, shared by the build (matching against the gazetteer) and the
 * browser (the place index): apart from the gazetteer, so the browser's bundle never carries it.
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
