import type { TFunction } from 'i18next';
import type { Language, LanguagePrefix } from '../../src/config/languages';
import { createTranslator } from '../../src/i18n/translator';
import uz from '../../locales/uz/telegram.json';
import uzCyrl from '../../locales/uz-cyrl/telegram.json';
import ru from '../../locales/ru/telegram.json';

/** The texts of the posts (`locales/{lang}/telegram.json`), bundled with the tool rather than read at run time. */
const BUNDLES: Record<LanguagePrefix, typeof uz> = { uz, 'uz-cyrl': uzCyrl, ru };

export const TELEGRAM_NAMESPACE = 'telegram';

export function telegramTranslator(language: Language): TFunction {
  return createTranslator(language.prefix, { [TELEGRAM_NAMESPACE]: BUNDLES[language.prefix] }, TELEGRAM_NAMESPACE);
}
