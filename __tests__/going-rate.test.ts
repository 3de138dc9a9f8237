import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { openHistory } from '../src/history/store';
import type { HistoryLoad, RateSample } from '../src/history/types';
import {
  goingRates as goingRatesOfSamples,
  percentile,
  rateSampleOf,
  ratedRoutes,
  spreadOf,
  windowEndingAt,
  type PerKmDistance,
} from '../src/rates/going-rate';
import { routeKey } from '../src/loads/place-groups';
import { pricePosition } from '../src/loads/price-position';
import { buildRates as buildRatesOfSamples } from '../src/rates/page-data';
import { positionsFromFile, type RangesFile } from '../src/rates/ranges-file';
import { rangesFile } from '../src/gatsby/rates';
import { RATE_CHART_WEEKS, RATE_WINDOW_DAYS } from '../src/config/constants';
import { historyRows } from './support/history-rows';

const DAY = 24 * 60 * 60 * 1000;
const END = Date.UTC(2026, 10, 25, 12);
const WINDOW = windowEndingAt(END, RATE_WINDOW_DAYS);
const KEY = routeKey('toshkent', 'samarqand');
/** A route of 300 km, as the distance module would give it. */
const perKm300: PerKmDistance = () => 300;
const noDistance: PerKmDistance = () => null;

/** The records as the going rates read them, as the store's rateSamples would give them. */
function samplesOf(history: readonly HistoryLoad[], window: typeof WINDOW): RateSample[] {
  return history.map((load) => rateSampleOf(load, window)).filter((sample): sample is RateSample => sample !== null);
}
const goingRates = (history: readonly HistoryLoad[], window: typeof WINDOW, distanceOf: PerKmDistance) =>
  goingRatesOfSamples(samplesOf(history, window), window, distanceOf);
const buildRates = (history: readonly HistoryLoad[], end: number) =>
  buildRatesOfSamples(samplesOf(history, windowEndingAt(end, RATE_WINDOW_DAYS)), end);

let nextId = 0;
function load(price: number | null, poster: string | null, extra: Partial<HistoryLoad> = {}): HistoryLoad {
  nextId += 1;
  const seen = END - 5 * DAY;
  return {
    id: `L${nextId}`,
    from: 'toshkent',
    fromKnown: true,
    to: 'samarqand',
    toKnown: true,
    title: 'Sement',
    vehicleType: 'tent',
    weight: 20,
    price,
    currency: 'UZS',
    loadingDate: null,
    createdAt: new Date(seen).toISOString(),
    firstSeen: seen,
    lastSeen: seen,
    closedAt: null,
    posterHash: poster,
    ...extra,
  };
}

/** Loads at `prices`, posted by three posters in turn. */
function loads(prices: number[], extra: Partial<HistoryLoad> = {}): HistoryLoad[] {
  return prices.map((price, index) => load(price, `p${index % 3}`, extra));
}

describe('percentiles (type 7: linear interpolation between closest ranks)', () => {
  it('takes the middle value of an odd count and the mean of the two middle values of an even count', () => {
    expect(spreadOf([5, 1, 3]).median).toBe(3);
    expect(spreadOf([4, 1, 3, 2]).median).toBe(2.5);
  });

  it('interpolates the 25th and 75th percentiles as R, Excel PERCENTILE.INC and d3 do', () => {
    // h = (n - 1) p: for 1..8, h = 1.75 and 5.25, so 2.75 and 6.25.
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(percentile(sorted, 0.25)).toBeCloseTo(2.75);
    expect(percentile(sorted, 0.75)).toBeCloseTo(6.25);
    expect(percentile([10], 0.25)).toBe(10);
  });
});

describe('going rates of known histories', () => {
  it('gives the median, middle half, count and dates of seven loads by three posters', () => {
    const history = loads([100, 200, 300, 400, 500, 600, 700]);
    const rate = goingRates(history, WINDOW, perKm300).get(KEY);
    const [figure] = rate?.figures ?? [];
    expect(figure).toMatchObject({ currency: 'UZS', loads: 7, posters: 3 });
    expect(figure?.trip).toEqual({ median: 400, p25: 250, p75: 550 });
    expect(figure?.perKm?.median).toBeCloseTo(400 / 300);
    expect(figure?.firstPosted).toBe(END - 5 * DAY);
    expect(figure?.weekly).toBe('perKm');
    expect(figure?.weeks).toHaveLength(RATE_CHART_WEEKS);
    expect(figure?.weeks.at(-1)).toMatchObject({ loads: 7 });
  });

  it('draws no weekly median from a week of fewer than three loads, only its count', () => {
    const posted = (days: number) => {
      const at = END - days * DAY;
      return { createdAt: new Date(at).toISOString(), firstSeen: at, lastSeen: at };
    };
    // Seven loads in the last week, two three weeks before.
    const history = [...loads([100, 200, 300, 400, 500, 600, 700]), ...loads([900, 950], posted(20))];
    const weeks = goingRates(history, WINDOW, noDistance).get(KEY)?.figures[0]?.weeks ?? [];
    const thin = weeks.find((week) => week.loads === 2);
    expect(thin).toMatchObject({ loads: 2, median: null });
    expect(weeks.at(-1)).toMatchObject({ loads: 7, median: 400 });
  });

  it('takes an even count’s median as the mean of the two middle values', () => {
    const rate = goingRates(loads([100, 200, 300, 400, 500, 600, 700, 800]), WINDOW, noDistance).get(KEY);
    expect(rate?.figures[0]?.trip).toEqual({ median: 450, p25: 275, p75: 625 });
    expect(rate?.figures[0]?.perKm).toBeNull();
    expect(rate?.figures[0]?.weekly).toBe('trip');
  });

  it('shows no figure with six loads, or with seven loads by two posters', () => {
    const six = goingRates(loads([1, 2, 3, 4, 5, 6]), WINDOW, noDistance).get(KEY);
    expect(six).toMatchObject({ loads: 6, figures: [], others: [{ currency: 'UZS', loads: 6 }] });
    const twoPosters = [1, 2, 3, 4, 5, 6, 7].map((price, index) => load(price, `p${index % 2}`));
    expect(goingRates(twoPosters, WINDOW, noDistance).get(KEY)?.figures).toEqual([]);
    expect(ratedRoutes(goingRates(twoPosters, WINDOW, noDistance))).toEqual([]);
  });

  it('keeps currencies apart and counts loads without a price', () => {
    const history = [...loads([1, 2, 3, 4, 5, 6, 7]), ...loads([10, 20], { currency: 'USD' }), load(null, 'p9')];
    const rate = goingRates(history, WINDOW, noDistance).get(KEY);
    expect(rate?.loads).toBe(10);
    expect(rate?.unpriced).toBe(1);
    expect(rate?.figures.map((figure) => [figure.currency, figure.trip.median])).toEqual([['UZS', 4]]);
    expect(rate?.others).toEqual([{ currency: 'USD', loads: 2 }]);
    const both = goingRates([...history, ...loads([30, 40, 50, 60, 70, 80, 90], { currency: 'USD' })], WINDOW, noDistance).get(KEY);
    expect(both?.figures.map((figure) => [figure.currency, figure.loads, figure.trip.median])).toEqual([
      ['USD', 9, 50],
      ['UZS', 7, 4],
    ]);
  });

  it('leaves out a load that left the board before the window, and counts one still open', () => {
    const closedBefore = load(9999, 'p1', { firstSeen: END - 200 * DAY, lastSeen: END - 95 * DAY, closedAt: END - 95 * DAY });
    const openSinceLong = load(100, 'p2', { firstSeen: END - 200 * DAY, lastSeen: END, createdAt: null });
    const history = [...loads([100, 100, 100, 100, 100, 100]), closedBefore, openSinceLong];
    const rate = goingRates(history, WINDOW, noDistance).get(KEY);
    expect(rate?.loads).toBe(7);
    expect(rate?.figures[0]?.trip.p75).toBe(100);
    expect(rate?.figures[0]?.firstPosted).toBe(END - 200 * DAY);
  });

  it('gives a vehicle type its own row only where its loads alone reach the thresholds', () => {
    const history = [...loads([1, 2, 3, 4, 5, 6, 7], { vehicleType: 'ref' }), ...loads([8, 9], { vehicleType: 'tent' })];
    const figure = goingRates(history, WINDOW, noDistance).get(KEY)?.figures[0];
    expect(figure?.byVehicle.map((row) => [row.vehicleType, row.loads, row.trip.median])).toEqual([['ref', 7, 4]]);
  });

  it('leaves out places the gazetteer does not know', () => {
    const rates = goingRates(loads([1, 2, 3, 4, 5, 6, 7], { to: 'Qayerdadir', toKnown: false }), WINDOW, noDistance);
    expect(rates.size).toBe(0);
  });
});

describe('a price against its route’s middle half', () => {
  const ranges = [['UZS', 250, 550] as const];
  it('says below, within or above, in the same currency only', () => {
    expect(pricePosition(100, 'UZS', ranges)).toBe('below');
    expect(pricePosition(250, 'uzs', ranges)).toBe('within');
    expect(pricePosition(550, 'UZS', ranges)).toBe('within');
    expect(pricePosition(551, 'UZS', ranges)).toBe('above');
    expect(pricePosition(551, 'USD', ranges)).toBeNull();
    expect(pricePosition(null, 'UZS', ranges)).toBeNull();
    expect(pricePosition(100, 'UZS', undefined)).toBeNull();
  });
});

describe('going rates from a real history file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rates-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function apiLoad(id: string, price: number, phone: string): Load {
    return normalizeLoad({
      id,
      title: 'Sement',
      fromLocation: { name: 'Toshkent' },
      toLocation: { name: 'Samarqand' },
      price,
      currency: 'uzs',
      createdAt: new Date(END - 20 * DAY).toISOString(),
      contactSource: 'contact',
      contact: { name: 'Aziz', phoneNumber: phone },
    });
  }

  it('counts a load that ten rebuilds saw once, and one closed before the window not at all', async () => {
    const history = await openHistory(path.join(dir, 'history.sqlite'), { key: 'test-key' });
    const phones = ['+998 90 111 11 11', '+998 90 222 22 22', '+998 90 333 33 33'];
    // Six loads each seen by one read; the seventh, priced far above, by ten reads a day apart.
    const once = [100, 200, 300, 400, 500, 600].map((price, index) => apiLoad(`once-${index}`, price, phones[index % 3] as string));
    const seenOften = apiLoad('often', 10_000, phones[0] as string);
    const gone = apiLoad('gone', 1, phones[1] as string);
    history.recordRead([gone], END - 120 * DAY);
    // The next read no longer sees it: closed 100 days before the build.
    history.recordRead([], END - 100 * DAY);
    history.recordRead([seenOften, ...once], END - 20 * DAY);
    for (let read = 1; read < 10; read += 1) history.recordRead([seenOften], END - (20 - read) * DAY);
    const samples = history.rateSamples(WINDOW.start, WINDOW.end);
    history.close();
    const rate = goingRatesOfSamples(samples, WINDOW, noDistance).get(KEY);
    expect(rate?.loads).toBe(7);
    expect(rate?.figures[0]).toMatchObject({ loads: 7, posters: 3, trip: { median: 400, p25: 250, p75: 550 } });
  });
});

describe('the store reads the going rates’ samples as rateSampleOf makes them', () => {
  it('keeps the same loads with the same values, and one poster as one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-samples-'));
    try {
      const history = await openHistory(path.join(dir, 'history.sqlite'), { key: 'test-key' });
      const read = (id: string, from: string, to: string, extra: Record<string, unknown> = {}) =>
        normalizeLoad({
          id,
          title: 'Un',
          fromLocation: { name: from },
          toLocation: { name: to },
          vehicleType: 'Tent',
          price: 1_000_000,
          currency: 'uzs',
          createdAt: new Date(END - 30 * DAY).toISOString(),
          contactSource: 'contact',
          contact: { phoneNumber: '+998 90 111 11 11' },
          ...extra,
        });
      history.recordRead(
        [
          read('known', 'Toshkent', 'Samarqand'),
          read('cyrillic', 'Тошкент', 'Самарқанд', { contact: { phoneNumber: '998901111111' } }),
          read('unknown', 'Toshkent', 'Qayerdadir'),
          read('same', 'Toshkent', 'Ташкент'),
          read('unpriced', 'Buxoro', 'Navoiy', { price: null, currency: null, createdAt: null, contact: null }),
          read('gone-early', 'Buxoro', 'Navoiy'),
        ],
        END - 120 * DAY,
      );
      history.recordRead(
        [
          read('known', 'Toshkent', 'Samarqand'),
          read('cyrillic', 'Тошкент', 'Самарқанд'),
          read('unknown', 'Toshkent', 'Qayerdadir'),
          read('same', 'Toshkent', 'Ташкент'),
          read('unpriced', 'Buxoro', 'Navoiy', { price: null, currency: null, createdAt: null, contact: null }),
        ],
        END - 100 * DAY + DAY,
      );
      history.recordRead([read('known', 'Toshkent', 'Samarqand')], END - 10 * DAY);
      const fromStore = history.rateSamples(WINDOW.start, WINDOW.end);
      history.save();
      history.close();
      const fromRecords = samplesOf(historyRows(path.join(dir, 'history.sqlite')), WINDOW);
      // Posters are told apart, not named: the store gives a row number, a record its hash.
      const byOrder = (samples: RateSample[]) => {
        const names = new Map<unknown, number>();
        return samples
          .map((sample) => {
            if (sample.poster !== null && !names.has(sample.poster)) names.set(sample.poster, names.size);
            return { ...sample, poster: sample.poster === null ? null : names.get(sample.poster) };
          })
          .sort(
            (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.posted - b.posted || (a.price ?? 0) - (b.price ?? 0),
          );
      };
      expect(fromStore).toHaveLength(3);
      expect(byOrder(fromStore)).toEqual(byOrder(fromRecords));
      expect(new Set(fromStore.map((sample) => sample.poster)).size).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the ranges file the live board reads', () => {
  it('finds a card’s route by any spelling of its places, and says where its price sits', () => {
    const rates = buildRates(loads([100, 200, 300, 400, 500, 600, 700]), END);
    const file = JSON.parse(JSON.stringify(rangesFile(rates))) as RangesFile;
    const card = (id: string, from: string, to: string, price: number, currency = 'UZS') =>
      normalizeLoad({ id, fromLocationName: from, toLocationName: to, price, currency });
    expect(
      positionsFromFile(file, [
        card('a', 'Ташкент', 'Samarqand, Samarqand viloyati', 100),
        card('b', 'г. Ташкент', 'Самарқанд', 400),
        card('c', 'TOSHKENT', 'САМАРКАНД', 9000),
        card('d', 'Toshkent', 'Samarqand', 9000, 'USD'),
        card('e', 'Samarqand', 'Toshkent', 100),
      ]),
    ).toEqual({ a: 'below', b: 'within', c: 'above' });
  });

  it('gives no position from a damaged file, and does not throw', () => {
    const damaged = { keys: { toshkent: 0, samarqand: 1 }, routes: [null, [0, 1, 'x'], [0, 1, [null, 'UZS']]] } as unknown as RangesFile;
    expect(
      positionsFromFile(damaged, [
        normalizeLoad({ id: 'a', fromLocationName: 'Toshkent', toLocationName: 'Samarqand', price: 5, currency: 'UZS' }),
      ]),
    ).toEqual({});
  });
});
