import { LANGUAGES, type LanguageCode } from '../config/languages';
import { tashkentMonthDay } from './format';
import uz from '../../locales/uz/dates.json';
import uzCyrl from '../../locales/uz-cyrl/dates.json';
import ru from '../../locales/ru/dates.json';

/**
 * A loading date as a reader of that language writes it: "20 дек." in Russian, "20-dekabr" in Uzbek
 * Latin, "20-декабрь" in Uzbek Cyrillic (day and month in Tashkent time). For the texts that are read
 * outside the board list, whose English short date SPEC.md pins for the list alone: the Telegram
 * channel's posts (tools/telegram/post.ts) and the Atom feeds' entries (src/feeds/site-feeds.ts).
 *
 * The words come from `locales/{lang}/dates.json` rather than Intl: Node's ICU writes Uzbek Cyrillic
 * months without their soft sign ("20 декабр") and without the hyphen Uzbek puts after the day. The
 * Russian and Uzbek Latin words are Intl's (`ru` short, `uz` long), which __tests__/loads-reader-date.test.ts
 * checks; the space in Russian is a no-break space, as between any number and its unit
 * (LANGUAGE-REVIEW.md). Build and tool time only: nothing of this reaches the browser.
 */

type DateWords = typeof uz;

const WORDS: Record<LanguageCode, DateWords> = Object.fromEntries(
  LANGUAGES.map((language) => [language.code, { uz, 'uz-cyrl': uzCyrl, ru }[language.prefix]]),
) as Record<LanguageCode, DateWords>;

const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** '' for no date or an unreadable one, as the list's formatter. */
export function formatReaderDate(iso: string | null, language: LanguageCode): string {
  const date = tashkentMonthDay(iso);
  if (!date) return '';
  const words = WORDS[language];
  const month = words.months[MONTH_KEYS[date.month] as (typeof MONTH_KEYS)[number]];
  // A function, so nothing in the words is read as a replacement pattern.
  return words.dayMonth.replace('{{day}}', () => String(date.day)).replace('{{month}}', () => month);
}
