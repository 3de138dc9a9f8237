import fc from 'fast-check';
import type { LanguageCode } from '../src/config/languages';
import { placeLabel } from '../src/places/names';
import { formatNumber, formatPrice, formatShortDate, isoDay, postedAge, routeLabel } from '../src/loads/format';
import { pageCount, paginationState, parsePageParam } from '../src/loads/pagination';
import { vehicleLabel } from '../src/loads/vehicle-types';
import { UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from '../tools/sample-api/data';

// LANGUAGE-REVIEW.md items 32-33: the same text in uz, uz-Cyrl and ru, as people in Uzbekistan write numbers.
/** Tashkent's time zone as Intl names it: what the site's own formatting must agree with. */
const SITE_TIME_ZONE = 'Asia/Tashkent';
const NBSP = '\u00a0';

describe('price', () => {
  it('is the number grouped by no-break spaces, no decimals, then the currency upper-cased', () => {
    expect(formatPrice(16950000, 'uzs')).toBe(`16${NBSP}950${NBSP}000${NBSP}UZS`);
    expect(formatPrice(2200.75, 'USD')).toBe(`2${NBSP}201${NBSP}USD`);
    expect(formatPrice(950, 'USD')).toBe(`950${NBSP}USD`);
    expect(formatPrice(-1500, 'UZS')).toBe(`-1${NBSP}500${NBSP}UZS`);
  });

  it('keeps an unknown or odd currency as plain text and never throws', () => {
    expect(formatPrice(500, 'xx')).toBe(`500${NBSP}XX`);
    expect(formatPrice(500, '')).toBe('500');
    expect(formatPrice(500, '<b>')).toBe(`500${NBSP}<B>`);
  });

  it('shows nothing for a missing or impossible price', () => {
    expect(formatPrice(null, 'UZS')).toBe('');
    expect(formatPrice(Number.NaN, 'UZS')).toBe('');
  });
});

describe('weights and volumes', () => {
  it('have a decimal comma and no-break spaces between groups, never the English 1,250 that reads as 1.25', () => {
    expect(formatNumber(20.5)).toBe('20,5');
    expect(formatNumber(1250)).toBe(`1${NBSP}250`);
    expect(formatNumber(1234567.125)).toBe(`1${NBSP}234${NBSP}567,13`);
    expect(formatNumber(0.005)).toBe('0,01');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

// The formatters are written out because the browser's Intl differs from Node's for uz (src/loads/format.ts)
// and costs start-up time; Node's Intl, which has full ICU data, is the reference for every page language.
describe.each(['ru', 'uz', 'uz-Cyrl'])("the same text as Node's Intl (%s)", (locale) => {
  const price = (code: string) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'code',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  // Intl writes -0 as "-0" and "-0 UZS"; a price or weight that rounds to zero reads better without a sign.
  const withoutNegativeZero = (text: string) => (/[1-9]/.test(text) ? text : text.replace('-', ''));
  const numbers = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -1e9, max: 1e12 }),
    fc.integer({ min: 0, max: 1e8 }).map((n) => n / 1000),
    fc.constantFrom(0.005, 1.005, 2.675, 0.5, 1.5, 2.5, -2.5, 999.995, 9.995, 1e21, 123456789.125, Number.MAX_VALUE, Number.MIN_VALUE),
  );

  it('formats prices like Intl', () => {
    fc.assert(
      fc.property(numbers, fc.constantFrom('UZS', 'USD', 'RUB', 'KZT', 'EUR'), (value, code) => {
        expect(formatPrice(value, code)).toBe(withoutNegativeZero(price(code).format(value)));
      }),
      { numRuns: 3000 },
    );
  });

  it('formats weights and volumes like Intl', () => {
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatNumber(value)).toBe(withoutNegativeZero(decimal.format(value)));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the same text as Intl (en-US) for dates', () => {
  const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: SITE_TIME_ZONE });
  const dayDate = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE });

  it('formats dates like Intl in Tashkent time', () => {
    const times = fc.integer({ min: Date.parse('1992-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') });
    fc.assert(
      fc.property(times, (time) => {
        const iso = new Date(time).toISOString();
        expect(formatShortDate(iso)).toBe(shortDate.format(time));
        expect(isoDay(iso)).toBe(dayDate.format(time));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('dates', () => {
  it('are a short English month and day, in Tashkent time', () => {
    expect(formatShortDate('2026-11-21T10:00:00Z')).toBe('Nov 21');
    // 20:00 UTC is already the next day in Tashkent (UTC+5).
    expect(formatShortDate('2026-11-21T20:00:00Z')).toBe('Nov 22');
    expect(isoDay('2026-11-21T20:00:00Z')).toBe('2026-11-22');
  });

  it('are empty when missing or unparseable', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('not a date')).toBe('');
  });

  it('say how long ago a load was posted, coarsely', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(postedAge('2026-11-21T11:59:50Z', now)).toEqual({ unit: 'minute', count: 1 });
    expect(postedAge('2026-11-21T11:15:00Z', now)).toEqual({ unit: 'minute', count: 45 });
    expect(postedAge('2026-11-21T07:00:00Z', now)).toEqual({ unit: 'hour', count: 5 });
    expect(postedAge('2026-11-18T12:00:00Z', now)).toEqual({ unit: 'day', count: 3 });
    expect(postedAge('2026-11-22T12:00:00Z', now)).toEqual({ unit: 'minute', count: 1 });
    expect(postedAge(null, now)).toBeNull();
  });
});

describe('places', () => {
  it('falls back to a placeholder for a missing place', () => {
    expect(routeLabel({ from: 'Toshkent', to: '' }, '?', (text) => placeLabel(text, 'uz'))).toBe('Toshkent → ?');
  });

  it('names both places in the page language, whatever script the API used', () => {
    const names = (lang: LanguageCode) => (text: string) => placeLabel(text, lang);
    expect(routeLabel({ from: 'Samarqand', to: 'Andijon, Andijon viloyati' }, '?', names('ru'))).toBe('Самарканд → Андижан');
    expect(routeLabel({ from: 'Самарканд', to: 'Andijon' }, '?', names('uz-Cyrl'))).toBe('Самарқанд → Андижон');
    expect(routeLabel({ from: 'Ташкент', to: 'Nowhere Town' }, '?', names('uz'))).toBe('Toshkent → Nowhere Town');
  });
});

describe('pagination (SPEC.md section 9)', () => {
  it('counts pages as total divided by 20, rounded up', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(45)).toBe(3);
  });

  it('shows pagination only with more than one page; previous off on the first, next off on the last', () => {
    expect(paginationState(1, 20).visible).toBe(false);
    expect(paginationState(1, 45)).toEqual({ page: 1, pages: 3, hasPrevious: false, hasNext: true, visible: true });
    expect(paginationState(3, 45)).toEqual({ page: 3, pages: 3, hasPrevious: true, hasNext: false, visible: true });
  });

  it('keeps an out-of-range page inside the pages there are', () => {
    expect(paginationState(9, 45).page).toBe(3);
    expect(paginationState(0, 45).page).toBe(1);
  });

  it.each([
    ['2', 2],
    ['1', 1],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['<script>', 1],
    [null, 1],
  ])('reads page %j from the URL as %d', (value, expected) => {
    expect(parsePageParam(value)).toBe(expected);
  });
});

describe('vehicle types (LANGUAGE-REVIEW.md item 34)', () => {
  it('are named in the page language on /ru and /uz-cyrl, and as the API wrote them on /uz', () => {
    expect(vehicleLabel('Refrijerator', 'ru')).toBe('Рефрижератор');
    expect(vehicleLabel('Gazel', 'ru')).toBe('Газель');
    expect(vehicleLabel('Gazel', 'uz-Cyrl')).toBe('Газел');
    expect(vehicleLabel('Bortli', 'ru')).toBe('Бортовой');
    expect(vehicleLabel('Fura 20t', 'ru')).toBe(`Фура 20${NBSP}т`);
    expect(vehicleLabel('fura  20t', 'uz-Cyrl')).toBe(`Фура  20${NBSP}т`);
    expect(vehicleLabel('Fura 20t', 'uz')).toBe('Fura 20t');
  });

  it('name every type of the sample dictionary in each script, however the API spelled it', () => {
    expect(vehicleLabel('Avtovoz', 'ru')).toBe('Автовоз');
    expect(vehicleLabel('Avtovoz', 'uz-Cyrl')).toBe('Автовоз');
    expect(vehicleLabel('Sisterna', 'ru')).toBe('Цистерна');
    expect(vehicleLabel('Sisterna', 'uz-Cyrl')).toBe('Систерна');
    // Every word of every type but a brand and a container's feet, which read the same in any script.
    for (const { name } of [...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES].filter((type) => type.name !== 'Isuzu'))
      for (const lang of ['ru', 'uz-Cyrl'] as const) expect(vehicleLabel(name, lang).replace(/\d+ft/, '')).not.toMatch(/[A-Za-z]/);
    // A type the API sent in Cyrillic reads in Latin on /uz, and in the reader's words elsewhere.
    expect(vehicleLabel('Тент', 'uz')).toBe('Tent');
    expect(vehicleLabel('Цистерна', 'uz')).toBe('Sisterna');
    expect(vehicleLabel('КамАЗ', 'uz')).toBe('Kamaz');
    expect(vehicleLabel('Бортли', 'ru')).toBe('Бортовой');
    expect(vehicleLabel('Рефрижератор', 'uz-Cyrl')).toBe('Рефрижератор');
    // An Uzbek word the map does not know moves between the scripts where the letters map one to one.
    expect(vehicleLabel('Yukxona', 'uz-Cyrl')).toBe('Yukxona');
    expect(vehicleLabel('Qopqoqli', 'uz-Cyrl')).toBe('Қопқоқли');
    expect(vehicleLabel('Қопқоқли', 'uz')).toBe('Qopqoqli');
  });

  it('keep brands, unknown words and odd text as the API wrote them', () => {
    expect(vehicleLabel('Isuzu', 'ru')).toBe('Isuzu');
    expect(vehicleLabel('Konteyner 40ft', 'uz-Cyrl')).toBe('Контейнер 40ft');
    expect(vehicleLabel('Isuzu', 'uz-Cyrl')).toBe('Isuzu');
    expect(vehicleLabel('<b>Tent</b>', 'ru')).toBe('<b>Tent</b>');
    expect(vehicleLabel('constructor', 'ru')).toBe('constructor');
    expect(vehicleLabel('', 'ru')).toBe('');
  });
});
