import type { LanguageCode } from '../config/languages';
import { uzCyrillicToLatin, uzLatinToCyrillic } from '../places/transliterate';

/**
 * Vehicle types as a page shows them. The API names them in one spelling, usually Uzbek Latin ("Tent",
 * "Fura 20t"), which reads as foreign on /ru and /uz-cyrl (LANGUAGE-REVIEW.md item 34), and a type
 * typed in Cyrillic ("Тент", "Цистерна") reads as foreign on /uz. So the words of the usual types (every
 * type the sample API's dictionary has) are named in each script here, like places in the gazetteer: in
 * Uzbek Latin (the key), in Uzbek Cyrillic, and in Russian where Russian says it otherwise; a word in any
 * of those spellings is known. The map is small because it ships to the browser with the load board.
 * Brands (Isuzu) and units read the same in every script ("40ft") stay as the API wrote them; another word is moved between Uzbek Latin and Cyrillic
 * only when that is safe (places/transliterate.ts), and otherwise stays as the API wrote it. On /uz a
 * Latin text is shown as it is.
 */
const WORDS: Readonly<Record<string, readonly [cyrillic: string, russian?: string]>> = {
  tent: ['Тент'],
  refrijerator: ['Рефрижератор'],
  fura: ['Фура'],
  kamaz: ['Камаз', 'КамАЗ'],
  labo: ['Лабо'],
  gazel: ['Газел', 'Газель'],
  bortli: ['Бортли', 'Бортовой'],
  samosval: ['Самосвал'],
  konteyner: ['Контейнер'],
  damas: ['Дамас'],
  avtovoz: ['Автовоз'],
  sisterna: ['Систерна', 'Цистерна'],
};

/** A capacity written onto the type ("20t"), shown with the page's unit after a no-break space. */
const TONNES = /^(\d+(?:[.,]\d+)?)t$/i;
const CYRILLIC = /\p{Script=Cyrillic}/u;

const own = (key: string) => Object.prototype.hasOwnProperty.call(WORDS, key);

/** Every spelling of a known word (lower case), to its Latin key. Made on first use. */
let keysBySpelling: Map<string, string> | null = null;

function keyOf(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (own(lower)) return lower;
  keysBySpelling ??= new Map(
    Object.entries(WORDS).flatMap(([key, forms]) => forms.flatMap((form) => (form ? [[form.toLowerCase(), key] as const] : []))),
  );
  return keysBySpelling.get(lower);
}

function wordIn(word: string, lang: LanguageCode): string {
  const key = keyOf(word);
  if (key) {
    if (lang === 'uz') return word.charAt(0) === word.charAt(0).toLowerCase() ? key : key.charAt(0).toUpperCase() + key.slice(1);
    const [cyrillic, russian] = WORDS[key] as readonly [string, string?];
    return (lang === 'ru' && russian) || cyrillic;
  }
  const tonnes = TONNES.exec(word);
  if (tonnes) return lang === 'uz' ? word : `${tonnes[1]}\u00a0т`;
  if (lang === 'uz') return uzCyrillicToLatin(word) ?? word;
  if (lang === 'uz-Cyrl') return uzLatinToCyrillic(word) ?? word;
  return word;
}

export function vehicleLabel(apiText: string, lang: LanguageCode): string {
  const text = String(apiText ?? '').trim();
  if (!text || (lang === 'uz' && !CYRILLIC.test(text))) return text;
  return text
    .split(/(\s+)/)
    .map((word) => (/\S/.test(word) ? wordIn(word, lang) : word))
    .join('');
}
