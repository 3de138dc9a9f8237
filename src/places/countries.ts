import countries from 'i18n-iso-countries';
import ru from 'i18n-iso-countries/langs/ru.json';
import uz from 'i18n-iso-countries/langs/uz.json';
import type { LanguageCode } from '../config/languages';
import type { CountryCode } from './gazetteer';

countries.registerLocale(uz);
countries.registerLocale(ru);

/**
 * i18n-iso-countries has Uzbek in Latin only ("uz") and no Uzbek Cyrillic. Transliterating its names
 * is not exact for most of them (Rossiya, Turkiya, Xitoy: y has several Cyrillic forms), so the
 * Cyrillic names of the countries the gazetteer covers are written here; a test checks that each
 * agrees with the package's Latin name wherever transliteration is exact.
 */
export const UZ_CYRILLIC_COUNTRY_NAMES: Record<CountryCode, string> = {
  UZ: 'Ўзбекистон',
  KZ: 'Қозоғистон',
  KG: 'Қирғизистон',
  TJ: 'Тожикистон',
  TM: 'Туркманистон',
  RU: 'Россия',
  TR: 'Туркия',
  IR: 'Эрон',
  AF: 'Афғонистон',
  CN: 'Хитой',
  BY: 'Беларусь',
  PL: 'Польша',
  LV: 'Латвия',
  LT: 'Литва',
};

/** The package's only Russian name for China is "КНР (Китайская Народная Республика)", too long for a list. */
const RUSSIAN_OVERRIDES: Partial<Record<CountryCode, string>> = { CN: 'Китай' };

/** The country's short name in the page's language. */
export function countryName(code: CountryCode, lang: LanguageCode): string {
  if (lang === 'uz-Cyrl') return UZ_CYRILLIC_COUNTRY_NAMES[code];
  if (lang === 'ru') return RUSSIAN_OVERRIDES[code] ?? countries.getName(code, 'ru', { select: 'alias' }) ?? code;
  return countries.getName(code, 'uz', { select: 'alias' }) ?? code;
}
