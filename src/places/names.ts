import type { Load } from '../api-client/types';
import type { LanguageCode } from '../config/languages';
import { matchPlace } from './match';
import { transliteratedPlace, uzCyrillicToLatin, uzLatinToCyrillic } from './transliterate';

export { uzCyrillicToLatin, uzLatinToCyrillic };

/**
 * A place as a page shows it: the gazetteer's name in the page's language, else the API's text.
 * Unknown Uzbek text is moved between Latin and Cyrillic only when the text is surely Uzbek and the
 * letters map one to one; otherwise it stays as the API spelled it (CONTRACT.md, Routes).
 */
/** Each place text of these loads, as the API spelled it, with its name in one language. */
export function placeNamesFor(loads: ReadonlyArray<Pick<Load, 'from' | 'to'>>, lang: LanguageCode): Record<string, string> {
  const names: Record<string, string> = {};
  for (const load of loads)
    for (const text of [load.from, load.to])
      if (text && !Object.prototype.hasOwnProperty.call(names, text)) names[text] = placeLabel(text, lang);
  return names;
}

export function placeLabel(apiText: string, lang: LanguageCode): string {
  const text = String(apiText ?? '').trim();
  if (!text) return '';
  const place = matchPlace(text);
  return place ? place.names[lang] : transliteratedPlace(text, lang);
}
