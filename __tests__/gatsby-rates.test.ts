import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { LANGUAGES, type Language } from '../src/config/languages';
import { DAY_MS, tashkentDay } from '../src/config/time';
import { cardPositions } from '../src/gatsby/place-pages';
import { rateBlockHtml } from '../src/gatsby/rate-html';
import { ratesOfBuild } from '../src/gatsby/rates';
import { openHistory } from '../src/history/store';
import type { BoardHistory } from '../src/history/types';
import { routeKey } from '../src/loads/place-groups';
import { roadDistanceKm } from '../src/places/distance';
import type { RouteRateData } from '../src/rates/page-data';
import type { WeightClass } from '../src/rates/weight-class';

/**
 * The going rates a build makes from a board history (docs/rates.md): hand-made histories in
 * real SQLite files, read by the build's own ratesOfBuild, and the route page's rate block as the build
 * renders it to HTML.
 */

const [uz, , ru] = LANGUAGES;
const HOUR = 60 * 60 * 1000;
// 26 November 2026, 01:00 in Tashkent: still the 25th in UTC.
const NOW = Date.UTC(2026, 10, 25, 20);
const TASHKENT = 5 * HOUR;
/** An instant given as Tashkent's wall clock. */
const tashkent = (month: number, day: number, hour = 12, minute = 0) => Date.UTC(2026, month - 1, day, hour, minute) - TASHKENT;
const SAMARQAND = routeKey('toshkent', 'samarqand');
const BUXORO = routeKey('toshkent', 'buxoro');

let dir: string;
let history: BoardHistory;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rates-of-build-'));
  history = await openHistory(path.join(dir, 'history.sqlite'), { key: 'test-key' });
  // The API's dictionary of vehicle types, as a build reads it from /vehicle-types.
  history.addVehicleTypes(['Tent', 'Refrijerator']);
});
afterEach(() => {
  history.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let nextId = 0;
interface LoadSpec {
  price: number | null;
  /** A phone of its own per poster number; null: the load names no phone. */
  poster: number | null;
  currency?: string;
  to?: string;
  posted?: number;
  vehicle?: string;
  /** Tonnes; 20 (a heavy load) unless given. */
  weight?: number | null;
}

function apiLoad({
  price,
  poster,
  currency = 'UZS',
  to = 'Samarqand',
  posted = NOW - 3 * DAY_MS,
  vehicle = 'Tent',
  weight = 20,
}: LoadSpec): Load {
  nextId += 1;
  return normalizeLoad({
    id: `L${nextId}`,
    title: 'Sement',
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: to },
    vehicleType: { id: vehicle, name: vehicle },
    price,
    currency,
    weight,
    createdAt: new Date(posted).toISOString(),
    contactSource: 'contact',
    contact:
      poster === null ? { name: 'Yuk egasi' } : { phoneNumber: `+998 90 ${String(100 + poster)} 11 ${String(10 + poster).slice(-2)}` },
  });
}

/** Every load seen by one read an hour before the build, still open at it. */
function recorded(specs: LoadSpec[]): Load[] {
  const loads = specs.map(apiLoad);
  history.recordRead(loads, NOW - HOUR);
  return loads;
}

const build = (now = NOW) => ratesOfBuild(history, now).rates;
/** A route's class of load (heavy unless asked), as the build hands it to the page. */
const classIn = (rate: RouteRateData | undefined, weightClass: WeightClass = 'heavy') =>
  rate?.classes.find((one) => one.weightClass === weightClass);
const figureOf = (key: string, now = NOW) => classIn(build(now).routes.get(key))?.figures[0];
const blockOf = (key: string, language: Language = uz as Language, now = NOW) => {
  const rate = build(now).routes.get(key);
  if (!rate) throw new Error(`no route ${key}`);
  return rateBlockHtml(rate, language);
};
/** The rate block's text as read, tags and their attributes dropped. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

describe('one poster cannot set a figure', () => {
  it('gives five loads of one poster at 1 000 000 one voice against one each of two others at 5 000 000', () => {
    recorded([
      ...[1, 2, 3, 4, 5].map(() => ({ price: 1_000_000, poster: 1 })),
      { price: 5_000_000, poster: 2 },
      { price: 5_000_000, poster: 3 },
    ]);
    const figure = figureOf(SAMARQAND);
    expect(figure).toMatchObject({ loads: 7, posters: 3 });
    // Voices 1, 5 and 5 million: the poster of five loads does not make the median his price.
    expect(figure?.trip).toEqual({ p25: 3_000_000, median: 5_000_000, p75: 5_000_000 });
  });

  it('counts loads without a phone as one poster, so six of them are one voice against three posters', () => {
    recorded([
      ...[1, 2, 3, 4, 5, 6].map(() => ({ price: 1_000_000, poster: null })),
      ...[1, 2, 3].map((poster) => ({ price: 5_000_000, poster })),
    ]);
    expect(figureOf(SAMARQAND)).toMatchObject({ loads: 9, posters: 4, trip: { median: 5_000_000 } });
  });

  it('makes a figure of five loads without a phone and one each of two posters: three posters', () => {
    recorded([
      ...[1, 2, 3, 4, 5].map((n) => ({ price: n * 1_000_000, poster: null })),
      { price: 3_000_000, poster: 1 },
      { price: 4_000_000, poster: 2 },
    ]);
    expect(figureOf(SAMARQAND)).toMatchObject({ loads: 7, posters: 3 });
  });

  it('draws no weekly median from a week of one poster’s loads', () => {
    const lastWeek = NOW - 2 * DAY_MS;
    recorded([
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ price: 4_000_000 + n * 10_000, poster: 1, posted: lastWeek })),
      ...[2, 3, 4, 5].map((poster) => ({ price: 4_500_000, poster, posted: NOW - 40 * DAY_MS })),
    ]);
    const html = blockOf(SAMARQAND);
    const rows = [...html.matchAll(/<tr><th scope="row"><time[^>]*>.*?<\/tr>/g)].map((match) => match[0]);
    const lastRow = rows.at(-1) ?? '';
    expect(lastRow).toMatch(/data-loads="9"/);
    // The table's median cell of that week is empty ("–"), as the chart draws no median for it.
    expect(lastRow).toMatch(/data-loads="9">9<\/td><td class="rate-number">–<\/td>/);
  });
});

describe('prices far outside a route’s usual range stay out of its figure', () => {
  const usual = [4_600_000, 4_800_000, 5_000_000, 5_000_000, 5_200_000, 5_400_000, 5_500_000];

  it('leaves out prices of 900 000 000, says so, and a card asking 90 000 000 reads well above the usual range', () => {
    // Three of ten: enough to carry the upper quartile to 676 375 000 UZS without the rule. (A price of a
    // billion or more is no price at all: the history keeps it as unknown.)
    recorded([...usual.map((price, poster) => ({ price, poster })), ...[8, 9, 10].map((poster) => ({ price: 900_000_000, poster }))]);
    const rates = build();
    const figure = classIn(rates.routes.get(SAMARQAND))?.figures[0];
    expect(figure).toMatchObject({ loads: 7, outliers: 3, trip: { median: 5_000_000, p75: 5_300_000 } });
    const card = apiLoad({ price: 90_000_000, poster: 1 });
    expect(cardPositions([card], rates)).toEqual({ [card.id]: 'wellAbove' });
    expect(textOf(rateBlockHtml(rates.routes.get(SAMARQAND) as never, ru))).toContain(
      'Не учтены цены грузовладельцев, у которых обычная цена более чем в 5 раз выше или ниже типичной: 3.',
    );
  });

  it('says how many prices it left out when what is left is too few for a figure', () => {
    recorded([...usual.slice(0, 6).map((price, poster) => ({ price, poster })), ...[8, 9, 10].map((poster) => ({ price: 1, poster }))]);
    const rate = build().routes.get(SAMARQAND);
    expect(classIn(rate)?.figures).toEqual([]);
    expect(textOf(rateBlockHtml(rate as never, ru as Language))).toContain(
      'было 9 грузов, а нужно не меньше 7 от 3 разных грузовладельцев. Не учтены цены грузовладельцев, у которых обычная цена более чем в 5 раз выше или ниже типичной: 3.',
    );
  });

  it('leaves out four placeholder prices of 1', () => {
    recorded([...usual.map((price, poster) => ({ price, poster })), ...[8, 9, 10, 11].map((poster) => ({ price: 1, poster }))]);
    expect(figureOf(SAMARQAND)).toMatchObject({ loads: 7, outliers: 4, trip: { p25: 4_900_000 } });
  });

  it('counts every spelling of the sum as one currency, and never converts another one into it', () => {
    const spellings = ['UZS', "so'm", 'soʻm', 'сум', 'sum', 'сўм', 'Сум'];
    recorded([
      ...usual.map((price, poster) => ({ price, poster, currency: spellings[poster] as string })),
      ...[1, 2, 3].map((poster) => ({ price: 400, poster, currency: 'USD' })),
      { price: null, poster: 4 },
    ]);
    const rates = build();
    const rate = rates.routes.get(SAMARQAND);
    expect(classIn(rate)?.figures.map((figure) => [figure.currency, figure.loads, figure.trip.median])).toEqual([['UZS', 7, 5_000_000]]);
    expect(classIn(rate)?.others).toEqual([{ currency: 'USD', loads: 3, outliers: 0 }]);
    expect(textOf(rateBlockHtml(rate as never, uz as Language))).toContain(
      'aylantirilmaydi: USD: 3. Narxi koʻrsatilmagan yuklar (hisobga olinmadi): 1.',
    );
    const card = apiLoad({ price: 6_000_000, poster: 1, currency: 'сўм' });
    expect(cardPositions([card], rates)).toEqual({ [card.id]: 'above' });
  });
});

describe('a price per km on an estimated distance reads as an estimate', () => {
  it('is written with "≈", two significant figures and the word a screen reader says', () => {
    const km = roadDistanceKm('toshkent', 'buxoro')?.km as number;
    // A median per trip of 6 121 UZS per km over the estimated distance.
    const median = 6_121 * km;
    recorded([-3, -2, -1, 0, 1, 2, 3].map((step, poster) => ({ price: median + step * 50_000, poster, to: 'Buxoro' })));
    const html = blockOf(BUXORO);
    expect(html).toContain('<span aria-hidden="true">≈</span><span class="visually-hidden">taxminan</span>\u00a06\u00a0100\u00a0UZS/km');
    expect(textOf(html)).not.toContain('6\u00a0121');
  });
});

describe('weeks and the window are Tashkent days', () => {
  const weekRows = (html: string) =>
    [...html.matchAll(/<time dateTime="([^"]+)">([^<]+)<\/time>/g)].map(([, day, label]) => ({ day, label }));

  it('starts every week at a Tashkent midnight, gives <time> the day its label shows, and keeps the weeks through the day', () => {
    recorded([...[1, 2, 3, 4, 5, 6, 7].map((poster) => ({ price: 5_000_000, poster, posted: tashkent(11, 18, 10) }))]);
    const early = weekRows(blockOf(SAMARQAND, ru));
    expect(early).toHaveLength(12);
    for (const { day, label } of early) expect(String(label).startsWith(`${Number(day?.slice(8))}\u00a0`)).toBe(true);
    // The last week is the seven days that end with the build's day in Tashkent (26 November).
    expect(early.at(-1)?.day).toBe('2026-11-20');
    expect(early.at(-1)?.label).toBe('20\u00a0нояб.');
    // Built again late the same day: the same weeks.
    expect(weekRows(blockOf(SAMARQAND, ru, tashkent(11, 26, 23)))).toEqual(early);
    // A load posted on 18 November lands in the week labelled 13 November, the one holding the 18th.
    const html = blockOf(SAMARQAND, ru);
    const week = html.slice(html.indexOf('dateTime="2026-11-13"'));
    expect(week.slice(0, week.indexOf('</tr>'))).toMatch(/data-loads="7"/);
  });

  it('names the window’s days, not the posting day of a load open for 200 days', () => {
    const long = apiLoad({ price: 5_000_000, poster: 9, posted: NOW - 200 * DAY_MS });
    history.recordRead([long], NOW - 200 * DAY_MS);
    history.recordRead([long, ...[1, 2, 3, 4, 5, 6].map((poster) => apiLoad({ price: 5_000_000, poster }))], NOW - HOUR);
    const text = textOf(blockOf(SAMARQAND));
    expect(figureOf(SAMARQAND)?.loads).toBe(7);
    expect(text).toContain('29-avgust – 26-noyabr oraligʻida');
    expect(text).not.toContain(`${new Date(NOW - 200 * DAY_MS).getUTCDate()}-may`);
  });

  it('counts a load closed on the window’s first Tashkent day, and not one closed the evening before', () => {
    const inside = apiLoad({ price: 5_000_000, poster: 8, posted: tashkent(8, 20) });
    const before = apiLoad({ price: 5_000_000, poster: 9, posted: tashkent(8, 20) });
    history.recordRead([inside, before], tashkent(8, 20));
    history.recordRead([inside], tashkent(8, 28, 23));
    history.recordRead([], tashkent(8, 29, 0, 30));
    recorded([1, 2, 3, 4, 5, 6].map((poster) => ({ price: 5_000_000, poster })));
    expect(build().routes.get(SAMARQAND)?.loads).toBe(7);
    // The window is the 90 Tashkent days through 26 November: from 29 August, midnight.
    expect(tashkentDay(build().window.start)).toBe('2026-08-29');
  });
});

describe('an empty panel is not a chart', () => {
  it('draws a ring for each load of a route whose weeks are too thin for a median, on an axis of their prices', () => {
    recorded([1, 2, 3, 4, 5, 6, 7].map((poster) => ({ price: 4_000_000 + poster * 100_000, poster, posted: NOW - poster * 9 * DAY_MS })));
    const html = blockOf(SAMARQAND, ru as Language);
    const rings = [...html.matchAll(/<circle [^>]*cy="([^"]+)"[^>]*data-loads="(\d+)"/g)];
    expect(rings.reduce((sum, [, , loads]) => sum + Number(loads), 0)).toBe(7);
    // Seven prices, seven heights: 13 667 to 15 667 UZS per km over Toshkent–Samarqand's 300 km.
    expect(new Set(rings.map(([, cy]) => cy)).size).toBe(7);
    const ticks = [...html.matchAll(/data-value-tick="([^"]+)"/g)].map(([, value]) => Number(value));
    expect(Math.min(...ticks)).toBeLessThanOrEqual(4.1e6 / 300);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(4.7e6 / 300);
    // The table twin lists each of them, as the estimate they are.
    const prices = [...html.matchAll(/<td class="rate-number">примерно ([^<]+)<\/td><\/tr>/g)].map(([, list]) => list);
    expect(prices.flatMap((list) => list?.split(', ') ?? [])).toHaveLength(7);
  });
});

describe('a figure per class of load', () => {
  const labo = [1, 2, 3, 4, 5, 6, 7].map((poster) => ({ price: 4_350_000, poster, weight: 1.5 }));
  const fura = [1, 2, 3, 4, 5, 6, 7].map((poster) => ({ price: 18_200_000, poster, weight: 20 }));

  it('reads each load’s weight from the history and gives light and heavy loads a figure each', () => {
    recorded([...labo, ...fura, { price: 9_000_000, poster: 8, weight: null }]);
    const rate = build().routes.get(SAMARQAND);
    expect(rate).toMatchObject({ loads: 15, unweighed: 1 });
    expect(classIn(rate, 'light')?.figures[0]).toMatchObject({ loads: 7, trip: { median: 4_350_000 } });
    expect(classIn(rate, 'heavy')?.figures[0]).toMatchObject({ loads: 7, trip: { median: 18_200_000 } });
    const text = textOf(rateBlockHtml(rate as RouteRateData, ru as Language));
    // textOf reads the no-break space as a space.
    expect(text).toContain('Лёгкие грузы (до 3,5 т)');
    expect(text).toContain('Тяжёлые грузы (тяжелее 3,5 т)');
    expect(text).toContain('Грузов без указанного веса (не вошли ни в лёгкие, ни в тяжёлые): 1.');
    // Each class draws its own chart.
    expect(rateBlockHtml(rate as RouteRateData, ru as Language).match(/data-rate-chart/g)).toHaveLength(2);
  });

  it('compares a Damas card with the light loads, not with the heavy ones', () => {
    recorded([...labo, ...fura]);
    const rates = build();
    const damas = apiLoad({ price: 3_500_000, poster: 9, weight: 0.5, to: 'Samarqand' });
    const heavy = apiLoad({ price: 30_000_000, poster: 9, weight: 20 });
    const unweighed = apiLoad({ price: 3_500_000, poster: 9, weight: null });
    expect(cardPositions([damas, heavy, unweighed], rates)).toEqual({ [damas.id]: 'below', [heavy.id]: 'wellAbove' });
  });

  it('says which class has too few loads, and shows the other', () => {
    recorded([...fura, { price: 4_000_000, poster: 9, weight: 2 }]);
    const rate = build().routes.get(SAMARQAND) as RouteRateData;
    const html = rateBlockHtml(rate, ru as Language);
    expect(html).toMatch(/data-weight-class="light" data-going-rate="not-enough"/);
    expect(html).toMatch(/data-weight-class="heavy" data-going-rate="shown"/);
    expect(textOf(html)).toContain('на этом направлении был 1 груз');
  });
});
