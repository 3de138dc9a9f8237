/**
 * The one list of languages. Nothing else in the code spells a language code.
 *
 * `prefix` is the URL segment and also the code gatsby-plugin-react-i18next works with (it uses the
 * prefix as its language code, with no mapping, and the folder under locales/ carries that name).
 * `code` is what people and crawlers see: `<html lang>`, hreflang, the stored choice.
 * `label` is the name a screen reader speaks: it names the script too, since "Oʻzbekcha" and "Ўзбекча"
 * sound the same (WCAG 2.4.6); `shortLabel` is what the selector shows.
 */

export const LANGUAGES = [
  { code: 'uz', prefix: 'uz', htmlLang: 'uz', ogLocale: 'uz_UZ', label: 'Oʻzbekcha (lotin)', shortLabel: 'Oʻz' },
  { code: 'uz-Cyrl', prefix: 'uz-cyrl', htmlLang: 'uz-Cyrl', ogLocale: 'uz_UZ', label: 'Ўзбекча (кирилл)', shortLabel: 'Ўз' },
  { code: 'ru', prefix: 'ru', htmlLang: 'ru', ogLocale: 'ru_RU', label: 'Русский', shortLabel: 'Ру' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];
export type LanguagePrefix = Language['prefix'];

export const DEFAULT_LANGUAGE: Language = LANGUAGES[0];

export const LANGUAGE_PREFIXES: readonly LanguagePrefix[] = LANGUAGES.map((l) => l.prefix);

/**
 * The language of the texts the spec keeps in English on every page (the legal text, "Oops! Page not
 * found", "Unexpected Application Error!"): they carry it as `lang`, so a screen reader does not read
 * them with an Uzbek or Russian voice (WCAG 3.1.2).
 */
export const PINNED_TEXT_LANG = 'en';

/** Local-storage key of the visitor's chosen language (CONTRACT.md, Routes). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function languageByPrefix(prefix: string | null | undefined): Language | undefined {
  return LANGUAGES.find((l) => l.prefix === prefix);
}

export function languageByCode(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((l) => l.code === code);
}
