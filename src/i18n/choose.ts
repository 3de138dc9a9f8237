import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageByCode } from '../config/languages';

/**
 * Which language the root path sends a visitor to (CONTRACT.md, Routes):
 * stored preference first; else the browser's first language.
 */
export function pickLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  return storedLanguage(stored) ?? languageFromBrowser(browserLanguages[0]) ?? DEFAULT_LANGUAGE;
}

/** Only the exact stored values `uz`, `uz-Cyrl` and `ru` count; anything else (markup included) is ignored. */
export function storedLanguage(stored: string | null | undefined): Language | undefined {
  return typeof stored === 'string' ? languageByCode(stored) : undefined;
}

// A language tag is letters, digits and hyphens (BCP 47); anything else, such as markup or script
// smuggled into navigator.language by an extension or a test, is not a language and is ignored.
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

export function languageFromBrowser(tag: string | null | undefined): Language | undefined {
  if (typeof tag !== 'string' || !LANGUAGE_TAG.test(tag)) return undefined;
  const lower = tag.toLowerCase();
  if (lower.startsWith('ru')) return byCode('ru');
  if (/-cyrl(-|$)/.test(lower)) return byCode('uz-Cyrl');
  if (/^uz-latn(-|$)/.test(lower)) return byCode('uz');
  // SPEC.md: a plain `uz` (or `uz-UZ`) goes to Cyrillic, which is what most Uzbek phones default to.
  if (lower === 'uz' || lower.startsWith('uz-')) return byCode('uz-Cyrl');
  return undefined;
}

function byCode(code: Language['code']): Language {
  return LANGUAGES.find((l) => l.code === code) ?? DEFAULT_LANGUAGE;
}
