import type { TFunction } from 'i18next';
import type { Language, LanguagePrefix } from '../../src/config/languages';
import { createTranslator } from '../../src/i18n/translator';
import uz from '../../locales/uz/telegram.json';
import uzCyrl from '../../locales/uz-cyrl/telegram.json';
import ru from '../../locales/ru/telegram.json';
import uzLoads from '../../locales/uz/loads.json';
import uzCyrlLoads from '../../locales/uz-cyrl/loads.json';
import ruLoads from '../../locales/ru/loads.json';
import uzPlaces from '../../locales/uz/places.json';
import uzCyrlPlaces from '../../locales/uz-cyrl/places.json';
import ruPlaces from '../../locales/ru/places.json';

/** The texts of the posts (`locales/{lang}/telegram.json`), bundled with the tool rather than read at run time. */
const BUNDLES: Record<LanguagePrefix, typeof uz> = { uz, 'uz-cyrl': uzCyrl, ru };
/** The site's card texts, for the distance and price per km (src/loads/route-distance.ts). */
const LOADS: Record<LanguagePrefix, typeof uzLoads> = { uz: uzLoads, 'uz-cyrl': uzCyrlLoads, ru: ruLoads };
/** The city and route pages' titles, which name the alerts' lists as the site names them. */
const PLACES: Record<LanguagePrefix, typeof uzPlaces> = { uz: uzPlaces, 'uz-cyrl': uzCyrlPlaces, ru: ruPlaces };

export const TELEGRAM_NAMESPACE = 'telegram';

/** One translator per language and kind: the alerts ask for one per message, and making one is slow. */
const made = new Map<string, TFunction>();
function once(key: string, make: () => TFunction): TFunction {
  let t = made.get(key);
  if (!t) made.set(key, (t = make()));
  return t;
}

export function telegramTranslator(language: Language): TFunction {
  return once(`telegram:${language.prefix}`, () =>
    createTranslator(
      language.prefix,
      { [TELEGRAM_NAMESPACE]: BUNDLES[language.prefix], loads: LOADS[language.prefix], places: PLACES[language.prefix] },
      TELEGRAM_NAMESPACE,
    ),
  );
}

/** The site's board texts with `loads` as the default namespace: what the filters' chips say (chipText). */
export function boardTranslator(language: Language): TFunction {
  return once(`loads:${language.prefix}`, () => createTranslator(language.prefix, { loads: LOADS[language.prefix] }, 'loads'));
}
