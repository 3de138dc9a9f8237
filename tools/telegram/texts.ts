import type { TFunction } from 'i18next';
import type { Language, LanguagePrefix } from '../../src/config/languages';
import { createTranslator } from '../../src/i18n/translator';
import uz from '../../locales/uz/telegram.json';
import uzCyrl from '../../locales/uz-cyrl/telegram.json';
import ru from '../../locales/ru/telegram.json';
import uzLoads from '../../locales/uz/loads.json';
import uzCyrlLoads from '../../locales/uz-cyrl/loads.json';
import ruLoads from '../../locales/ru/loads.json';

/** The texts of the posts (`locales/{lang}/telegram.json`), bundled with the tool rather than read at run time. */
const BUNDLES: Record<LanguagePrefix, typeof uz> = { uz, 'uz-cyrl': uzCyrl, ru };
/** The site's card texts, for the distance and price per km (src/loads/route-distance.ts). */
const LOADS: Record<LanguagePrefix, typeof uzLoads> = { uz: uzLoads, 'uz-cyrl': uzCyrlLoads, ru: ruLoads };

export const TELEGRAM_NAMESPACE = 'telegram';

export function telegramTranslator(language: Language): TFunction {
  return createTranslator(
    language.prefix,
    { [TELEGRAM_NAMESPACE]: BUNDLES[language.prefix], loads: LOADS[language.prefix] },
    TELEGRAM_NAMESPACE,
  );
}
