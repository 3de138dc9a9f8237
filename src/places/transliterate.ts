import type { LanguageCode } from '../config/languages';

/**
 * Moving an unknown place's text between Uzbek Latin and Cyrillic, apart from the gazetteer: the build
 * (names.ts) and the browser (a place first seen in the board's refresh, place-file.ts) name places
 * the same way, and the browser never carries the gazetteer.
 */

/**
 * An unknown place's text in the page's script: moved between Uzbek Latin and Cyrillic only when it is
 * surely Uzbek and its letters map one to one; otherwise (and on Russian pages) as the API spelled it.
 */
export function transliteratedPlace(text: string, lang: LanguageCode): string {
  if (lang === 'uz') return uzCyrillicToLatin(text) ?? text;
  if (lang === 'uz-Cyrl') return uzLatinToCyrillic(text) ?? text;
  return text;
}

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ч: 'ch',
  ш: 'sh',
  ъ: 'ʼ',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'oʻ',
  қ: 'q',
  ғ: 'gʻ',
  ҳ: 'h',
};
const UZBEK_CYRILLIC_MARK = /[ўқғҳ]/i;
/** Letters whose Latin form depends on spelling rules we do not apply (ц, ь) or that are Russian only. */
const NOT_ONE_TO_ONE_CYRILLIC = /[цьщы]/i;
const VOWELS = 'аеёиоуэюяў';

/** Uzbek Cyrillic -> Latin, or undefined when the text may be Russian or holds ц/ь. */
export function uzCyrillicToLatin(text: string): string | undefined {
  if (!UZBEK_CYRILLIC_MARK.test(text) || NOT_ONE_TO_ONE_CYRILLIC.test(text)) return undefined;
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    const lower = char.toLowerCase();
    let latin: string | undefined;
    if (lower === 'е') {
      // е is ye at the start of a word and after a vowel, e elsewhere (the official rule).
      const before = (text[i - 1] ?? ' ').toLowerCase();
      latin = /[\p{L}]/u.test(before) && !VOWELS.includes(before) ? 'e' : 'ye';
    } else latin = CYRILLIC_TO_LATIN[lower];
    if (latin === undefined) {
      if (/\p{L}/u.test(char)) return undefined;
      out += char;
    } else out += char === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}

/** Latin letters whose Cyrillic form is ambiguous (y: й/я/ё/ю/е; c, w: not Uzbek; ts: ц or тс). */
const AMBIGUOUS_LATIN = /[ycw]|ts/i;
const UZBEK_LATIN_MARK = /[qx]|[og][ʻ'‘`]/i;
const LATIN_TO_CYRILLIC: Array<[RegExp, string]> = [
  [/o[ʻ'‘`]/g, 'ў'],
  [/g[ʻ'‘`]/g, 'ғ'],
  [/sh/g, 'ш'],
  [/ch/g, 'ч'],
  [/[ʼ’]/g, 'ъ'],
];
const LATIN_LETTER: Record<string, string> = {
  a: 'а',
  b: 'б',
  d: 'д',
  f: 'ф',
  g: 'г',
  h: 'ҳ',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'қ',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  x: 'х',
  z: 'з',
};

/** Uzbek Latin -> Cyrillic, or undefined when the text may be English or has an ambiguous letter. */
export function uzLatinToCyrillic(text: string): string | undefined {
  if (!UZBEK_LATIN_MARK.test(text) || AMBIGUOUS_LATIN.test(text)) return undefined;
  let out = '';
  for (const word of text.split(/(\P{L}+)/u)) {
    if (!/\p{L}/u.test(word)) {
      out += word;
      continue;
    }
    const converted = latinWordToCyrillic(word);
    if (converted === undefined) return undefined;
    out += converted;
  }
  return out;
}

function latinWordToCyrillic(word: string): string | undefined {
  const capital = word.charAt(0) !== word.charAt(0).toLowerCase();
  let rest = word.toLowerCase();
  for (const [pattern, cyrillic] of LATIN_TO_CYRILLIC) rest = rest.replace(pattern, cyrillic);
  let out = '';
  for (let i = 0; i < rest.length; i += 1) {
    const char = rest[i] as string;
    // e starts a word as э and is е inside it.
    const cyrillic = char === 'e' ? (i === 0 ? 'э' : 'е') : (LATIN_LETTER[char] ?? (/[а-яўқғҳ]/.test(char) ? char : undefined));
    if (cyrillic === undefined) return undefined;
    out += cyrillic;
  }
  return capital ? out.charAt(0).toUpperCase() + out.slice(1) : out;
}
