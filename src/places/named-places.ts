import { placeWords } from './key';

/**
 * The known places a free text names ("Toshkentdan Samarqandga sement", "Груз из Ташкента"): what a load's
 * title adds to its route when the board is searched for a place (CONTRACT.md, "Filters": a search that
 * finds a load through its title). The build (through the gazetteer), the phone (through the place file)
 * and the Telegram alerts read titles with this one function, so the three agree on which loads a place
 * search lists. No gazetteer here: it ships to the phone with the filters' code.
 */

/** Longer titles are not read past this: a hostile 10,000-character title stays cheap. */
const MAX_TITLE_CHARS = 400;
/** Place names run to three words at most ("Yangi Yoʻl", "Ulugʻbek tumani" loses its suffix word first). */
const MAX_NAME_WORDS = 3;
/** Case endings a place name takes in a title, in the three scripts; a shorter key takes none. */
const ENDINGS = [
  'dan',
  'ga',
  'ka',
  'qa',
  'da',
  'ta',
  'ning',
  'ni',
  'gacha',
  'dagi',
  'lik',
  'дан',
  'га',
  'ка',
  'қа',
  'да',
  'та',
  'нинг',
  'ни',
  'гача',
  'даги',
  'лик',
  'а',
  'у',
  'е',
  'ом',
  'ем',
  'ой',
  'ы',
  'и',
  'ю',
  'я',
];
const MIN_STEM_CHARS = 4;

/** The ways a word may be a place key with a case ending: `toshkentdan` -> [`toshkent`, `dan`]. */
export function stemsWithEndings(word: string, minStem = MIN_STEM_CHARS): Array<[stem: string, ending: string]> {
  const found: Array<[string, string]> = [];
  for (const ending of ENDINGS)
    if (word.length - ending.length >= minStem && word.endsWith(ending)) found.push([word.slice(0, -ending.length), ending]);
  return found;
}

/** The place key a word ends is written with a case ending: `toshkentdan` -> `toshkent`. */
function stems(word: string): string[] {
  return stemsWithEndings(word).map(([stem]) => stem);
}

/**
 * The slugs of the places `text` names, each once, in the order named. `slugOfKey` maps a normalized
 * place key (places/key.ts) to its place's slug.
 */
export function placesNamedIn(text: string, slugOfKey: (key: string) => string | undefined): string[] {
  const words = placeWords(String(text ?? '').slice(0, MAX_TITLE_CHARS));
  const named: string[] = [];
  const add = (slug: string | undefined) => {
    if (slug && !named.includes(slug)) named.push(slug);
    return slug !== undefined;
  };
  for (let start = 0; start < words.length; start += 1) {
    for (let length = Math.min(MAX_NAME_WORDS, words.length - start); length >= 1; length -= 1) {
      const phrase = words.slice(start, start + length);
      const last = phrase[length - 1] as string;
      const head = phrase.slice(0, -1);
      const keys = [phrase.join(' '), ...stems(last).map((stem) => [...head, stem].join(' '))];
      if (keys.some((key) => add(slugOfKey(key)))) {
        start += length - 1;
        break;
      }
    }
  }
  return named;
}
