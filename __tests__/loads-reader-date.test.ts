import { formatReaderDate } from '../src/loads/reader-date';

/** Noon in Tashkent on the 20th of each month of 2026. */
const months = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 20, 7)).toISOString());
const intl = (locale: string, month: 'short' | 'long') => (iso: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month, timeZone: 'Asia/Tashkent' }).format(new Date(iso));
const plainSpaces = (text: string) => text.replace(/\u00a0/g, ' ');

describe("formatReaderDate: a loading date in the reader's language (posts and feeds)", () => {
  it('writes Russian as Node\'s Intl does, "20 дек.", with a no-break space', () => {
    expect(formatReaderDate(months[11] as string, 'ru')).toBe('20\u00a0дек.');
    for (const iso of months) expect(plainSpaces(formatReaderDate(iso, 'ru'))).toBe(intl('ru', 'short')(iso));
  });

  it('writes Uzbek Latin as Node\'s Intl does, "20-dekabr"', () => {
    expect(formatReaderDate(months[11] as string, 'uz')).toBe('20-dekabr');
    for (const iso of months) expect(formatReaderDate(iso, 'uz')).toBe(intl('uz', 'long')(iso));
  });

  it('writes Uzbek Cyrillic with the day\'s hyphen and the month\'s soft sign, "20-декабрь" (Intl has neither)', () => {
    expect(months.map((iso) => formatReaderDate(iso, 'uz-Cyrl'))).toEqual([
      '20-январь',
      '20-февраль',
      '20-март',
      '20-апрель',
      '20-май',
      '20-июнь',
      '20-июль',
      '20-август',
      '20-сентябрь',
      '20-октябрь',
      '20-ноябрь',
      '20-декабрь',
    ]);
  });

  it('counts the day in Tashkent, and writes nothing for no date or a bad one', () => {
    expect(formatReaderDate('2026-11-21T20:00:00Z', 'uz')).toBe('22-noyabr');
    expect(formatReaderDate('2026-12-31T19:30:00Z', 'ru')).toBe('1\u00a0янв.');
    expect(formatReaderDate(null, 'ru')).toBe('');
    expect(formatReaderDate('not a date', 'uz-Cyrl')).toBe('');
  });
});
