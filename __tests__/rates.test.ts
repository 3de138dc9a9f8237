import { normalizeLoad } from '../src/api-client/normalize';
import type { RateSample } from '../src/history/types';
import { goingRates, ratedRoutes, type PerKmDistance } from '../src/rates/going-rate';
import fc from 'fast-check';
import { percentiles, spreadOf, voicesOf } from '../src/rates/spread';
import { rateWindow } from '../src/rates/window';
import { routeKey } from '../src/loads/place-groups';
import { pricePosition } from '../src/loads/price-position';
import { loadClassOf } from '../src/loads/load-class';
import { currencyCode } from '../src/loads/currency';
import { buildRates } from '../src/rates/page-data';
import { positionsFromFile, rangesFileOf, type RangesFile } from '../src/rates/ranges-file';
import { rangesFile } from '../src/gatsby/rates';
import { RATE_CHART_WEEKS } from '../src/config/constants';
import { DAY_MS, tashkentDayStart } from '../src/config/time';

// 25 November 2026, 17:00 in Tashkent.
const END = Date.UTC(2026, 10, 25, 12);
const WINDOW = rateWindow(END);
const KEY = routeKey('toshkent', 'samarqand');
/** A route of 300 km, as the distance module would give it. */
const perKm300: PerKmDistance = () => 300;
const noDistance: PerKmDistance = () => null;

/** One load of Toshkent → Samarqand as the store's rateSamples gives it, posted five days before the build. */
function sample(price: number | null, poster: string | null, extra: Partial<RateSample> = {}): RateSample {
  return {
    from: 'toshkent',
    to: 'samarqand',
    vehicleType: 'tent',
    weight: 20,
    price,
    currency: 'UZS',
    posted: END - 5 * DAY_MS,
    poster,
    ...extra,
  };
}

/** Loads at `prices`, each by a poster of its own, so none weighs more than another. */
function samples(prices: number[], extra: Partial<RateSample> = {}): RateSample[] {
  return prices.map((price, index) => sample(price, `p${index}`, extra));
}

const rateOf = (loads: readonly RateSample[], distanceOf: PerKmDistance = noDistance) => goingRates(loads, WINDOW, distanceOf).get(KEY);

describe('percentiles (type 7: linear interpolation between closest ranks)', () => {
  it('takes the middle value of an odd count and the mean of the two middle values of an even count', () => {
    expect(spreadOf([1, 3, 5]).median).toBe(3);
    expect(spreadOf([1, 2, 3, 4]).median).toBe(2.5);
  });

  it('interpolates the 25th and 75th percentiles as R, Excel PERCENTILE.INC and d3 do', () => {
    // h = (n - 1) p: for 1..8, h = 1.75 and 5.25, so 2.75 and 6.25.
    expect(spreadOf([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ p25: 2.75, median: 4.5, p75: 6.25 });
    // 1..7: h = 1.5, 3 and 4.5.
    expect(spreadOf([1, 2, 3, 4, 5, 6, 7])).toEqual({ p25: 2.5, median: 4, p75: 5.5 });
    expect(spreadOf([10])).toEqual({ p25: 10, median: 10, p75: 10 });
    expect(percentiles([], [0.5])).toEqual([NaN]);
  });
});

describe('each poster has one voice', () => {
  it('makes each poster’s voice the median of its own prices, and loads without a phone one voice', () => {
    // a: 1, 3, 5; b: 2, 4 (the mean of the two); no phone: 6.
    expect([...voicesOf([1, 2, 3, 4, 5, 6], ['a', 'b', 'a', 'b', 'a', null])]).toEqual([3, 3, 6]);
    expect([...voicesOf([10, 20, 30, 40], [null, null, 'a', null])]).toEqual([20, 30]);
  });

  /** Two posters with one load at 10,000,000 each and a third with `count` loads at 49,000,000. */
  const oneLoud = (count: number, extra: RateSample[] = []) => [
    sample(10_000_000, 'a'),
    sample(10_000_000, 'b'),
    ...Array.from({ length: count }, () => sample(49_000_000, 'loud')),
    ...extra,
  ];

  it('gives 10,000,000 for two posters at 10,000,000 and a third with five loads at 49,000,000', () => {
    expect(rateOf(oneLoud(5))?.figures[0]).toMatchObject({ loads: 7, posters: 3, trip: { median: 10_000_000 } });
  });

  it('gives 10,000,000 still when the third posts thirty loads', () => {
    expect(rateOf(oneLoud(30))?.figures[0]).toMatchObject({ loads: 32, posters: 3, trip: { median: 10_000_000 } });
  });

  it('counts five loads without a phone as one voice more, never as five', () => {
    const noPhone = Array.from({ length: 5 }, () => sample(49_000_000, null));
    // Voices 10, 10, 49 and 49 million: the median of an even count is the mean of the middle two.
    expect(rateOf(oneLoud(5, noPhone))?.figures[0]).toMatchObject({ loads: 12, posters: 4, trip: { median: 29_500_000 } });
  });

  it('draws the middle half from the voices: from three, one voice can pull an end of it halfway to itself', () => {
    expect(rateOf(oneLoud(5))?.figures[0]?.trip).toEqual({ p25: 10_000_000, median: 10_000_000, p75: 29_500_000 });
  });

  /** The median of one poster's own prices, as a driver's advocate would work it out. */
  function ownMedian(prices: number[]): number {
    const sorted = [...prices].sort((a, b) => a - b);
    const middle = (sorted.length - 1) / 2;
    return ((sorted[Math.floor(middle)] as number) + (sorted[Math.ceil(middle)] as number)) / 2;
  }

  /** Whether the route's median lies within the range of the own medians of the posters other than `poster`. */
  function withinOthers(loads: readonly RateSample[], poster: RateSample['poster']): boolean {
    const median = rateOf(loads)?.figures[0]?.trip.median as number;
    const own = new Map<RateSample['poster'], number[]>();
    for (const load of loads) if (load.poster !== poster) own.set(load.poster, [...(own.get(load.poster) ?? []), load.price as number]);
    const medians = [...own.values()].map(ownMedian);
    return median >= Math.min(...medians) && median <= Math.max(...medians);
  }

  /**
   * A route of three to eight posters (the loads without a phone among them, maybe), each with one to
   * twelve loads, at prices within a band narrower than the outlier factor, so that none is left out.
   */
  const route = fc
    .array(
      fc.record({
        poster: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { nil: null }),
        prices: fc.array(fc.integer({ min: 5_000_000, max: 20_000_000 }), { minLength: 1, maxLength: 12 }),
      }),
      { minLength: 3, maxLength: 8 },
    )
    .map((posters) => posters.flatMap(({ poster, prices }) => prices.map((price) => sample(price, poster))))
    .filter((loads) => new Set(loads.map((load) => load.poster)).size >= 3 && loads.length >= 7);

  it('keeps the median of any route within the range of the other posters’ own medians, for every poster', () => {
    fc.assert(
      fc.property(route, (loads) => [...new Set(loads.map((load) => load.poster))].every((poster) => withinOthers(loads, poster))),
      { numRuns: 300 },
    );
  });

  it('keeps it there whatever one poster, or the loads without a phone, adds: any prices, any number of loads', () => {
    fc.assert(
      fc.property(
        route,
        fc.option(fc.constant('loud'), { nil: null }),
        fc.array(fc.integer({ min: 1, max: 1_000_000_000_000 }), { minLength: 1, maxLength: 60 }),
        (loads, loud, prices) => {
          const others = loads.filter((load) => load.poster !== loud);
          fc.pre(new Set(others.map((load) => load.poster)).size >= 2);
          const all = [...others, ...prices.map((price) => sample(price, loud))];
          const figure = rateOf(all)?.figures[0];
          fc.pre(figure !== undefined);
          // Every load of the others is kept: the loud poster cannot push them out as outliers.
          expect(figure?.loads).toBeGreaterThanOrEqual(others.length);
          return withinOthers(all, loud);
        },
      ),
      { numRuns: 300 },
    );
  });

  /** Any price from 1 to 9·10^11, spread over the decades, so that the outlier rule has work to do. */
  const anyPrice = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 11 })).map(([digit, zeros]) => digit * 10 ** zeros);
  /** A route of three to eight posters at any prices, some far from the others. */
  const wideRoute = fc
    .array(
      fc.record({
        poster: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { nil: null }),
        prices: fc.array(anyPrice, { minLength: 1, maxLength: 6 }),
      }),
      { minLength: 3, maxLength: 8 },
    )
    .map((posters) => posters.flatMap(({ poster, prices }) => prices.map((price) => sample(price, poster))));
  /** Whether the route has no figure, or one within the range of the other posters’ own medians for every poster. */
  const heldForEveryPoster = (loads: readonly RateSample[]) =>
    rateOf(loads)?.figures[0] === undefined ||
    [...new Set(loads.map((load) => load.poster))].every((poster) => withinOthers(loads, poster));

  it('holds after the outlier rule: a newcomer’s two loads at 25,000,000 never drop another poster’s prices to move the median', () => {
    const before = [
      ...[5, 5, 5].map((millions) => sample(millions * 1_000_000, 'a')),
      ...[20, 20].map((millions) => sample(millions * 1_000_000, 'b')),
      ...[2, 2, 40].map((millions) => sample(millions * 1_000_000, 'c')),
    ];
    const after = [...before, sample(25_000_000, 'd'), sample(25_000_000, 'd')];
    // The others' own medians: a 5, b 20, c 2. C's 2,000,000 loads dropped would leave c's voice at
    // 40,000,000 and the median at 22,500,000, above all three.
    const median = rateOf(after)?.figures[0]?.trip.median;
    expect(median).toBeGreaterThanOrEqual(2_000_000);
    expect(median).toBeLessThanOrEqual(20_000_000);
    expect(heldForEveryPoster(after)).toBe(true);
  });

  it('keeps the median of a route at any prices within the range of the other posters’ own medians, outliers and all', () => {
    fc.assert(fc.property(wideRoute, heldForEveryPoster), { numRuns: 500 });
  });

  it('keeps it there whatever a newcomer posts on a route at any prices', () => {
    fc.assert(
      fc.property(wideRoute, fc.array(anyPrice, { minLength: 1, maxLength: 30 }), (loads, prices) =>
        heldForEveryPoster([...loads, ...prices.map((price) => sample(price, 'newcomer'))]),
      ),
      { numRuns: 500 },
    );
  });
});

describe('going rates of known histories', () => {
  it('gives the median, middle half, loads and posters of seven loads by seven posters', () => {
    const [figure] = rateOf(samples([100, 200, 300, 400, 500, 600, 700]), perKm300)?.figures ?? [];
    expect(figure).toMatchObject({ currency: 'UZS', loads: 7, posters: 7, outliers: 0 });
    expect(figure?.trip).toEqual({ median: 400, p25: 250, p75: 550 });
    expect(figure?.perKm?.median).toBeCloseTo(400 / 300);
    expect(figure?.series.measure).toBe('perKm');
    expect(figure?.series.weeks).toHaveLength(RATE_CHART_WEEKS);
    expect(figure?.series.weeks.at(-1)?.loads).toBe(7);
  });

  it('draws a week’s median only where its loads alone make a figure, and each load of a thinner week', () => {
    const weekAgo = (days: number) => ({ posted: END - days * DAY_MS });
    // Seven loads by three posters in the last week; two loads three weeks before.
    const loads = [...samples([100, 200, 300, 400, 500, 600, 700]), ...samples([350, 450], weekAgo(20))];
    const weeks = rateOf(loads)?.figures[0]?.series.weeks ?? [];
    expect(weeks.at(-1)).toMatchObject({ loads: 7, spread: { median: 400, p25: 250, p75: 550 }, points: [] });
    const thin = weeks.find((week) => week.loads === 2);
    const day = tashkentDayStart(END - 20 * DAY_MS);
    expect(thin).toMatchObject({
      spread: null,
      points: [
        { day, value: 350, loads: 1 },
        { day, value: 450, loads: 1 },
      ],
    });
  });

  it('gives no week a median that one poster’s loads make', () => {
    const oneWeek = { posted: END - 2 * DAY_MS };
    const loads = [
      ...samples([100, 200, 300], { posted: END - 40 * DAY_MS }),
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => sample(n * 100, 'solo', oneWeek)),
    ];
    const week = rateOf(loads)?.figures[0]?.series.weeks.at(-1);
    expect(week).toMatchObject({ loads: 7, spread: null });
    expect(week?.points).toHaveLength(7);
  });

  it('takes an even count’s median as the mean of the two middle values', () => {
    const rate = rateOf(samples([100, 200, 300, 400, 500, 600, 700, 800]));
    expect(rate?.figures[0]?.trip).toEqual({ median: 450, p25: 275, p75: 625 });
    expect(rate?.figures[0]?.perKm).toBeNull();
    expect(rate?.figures[0]?.series.measure).toBe('trip');
  });

  it('shows no figure with six loads, or with seven loads by two posters', () => {
    const six = rateOf(samples([1, 2, 3, 4, 5, 6]));
    expect(rateOf(samples([1, 2, 3, 4, 5, 6, 7]))?.figures).toHaveLength(1);
    expect(six).toMatchObject({ loads: 6, figures: [], others: [{ currency: 'UZS', loads: 6 }] });
    const twoPosters = [1, 2, 3, 4, 5, 6, 7].map((price, index) => sample(price, `p${index % 2}`));
    expect(rateOf(twoPosters)?.figures).toEqual([]);
    expect(ratedRoutes(goingRates(twoPosters, WINDOW, noDistance))).toEqual([]);
  });

  it('keeps currencies apart and counts loads without a price', () => {
    const loads = [...samples([1, 2, 3, 4, 5, 6, 7]), ...samples([10, 20], { currency: 'USD' }), sample(null, 'p9')];
    const rate = rateOf(loads);
    expect(rate?.loads).toBe(10);
    expect(rate?.unpriced).toBe(1);
    expect(rate?.figures.map((figure) => [figure.currency, figure.trip.median])).toEqual([['UZS', 4]]);
    expect(rate?.others).toEqual([{ currency: 'USD', loads: 2, outliers: 0 }]);
    const both = rateOf([...loads, ...samples([30, 40, 50, 60, 70, 80, 90], { currency: 'USD' })]);
    // The voices of USD are 20 (10 and 30), 30 (20 and 40), 50, … 90: at a median of 60 every voice is
    // within five times of it, so every load stays, the 10 with its poster's voice of 20.
    expect(both?.figures.map((figure) => [figure.currency, figure.loads, figure.trip.median])).toEqual([
      ['USD', 9, 60],
      ['UZS', 7, 4],
    ]);
  });

  it('gives a vehicle type its own row only where its loads alone reach the thresholds', () => {
    const loads = [...samples([1, 2, 3, 4, 5, 6, 7], { vehicleType: 'ref' }), ...samples([2, 3], { vehicleType: 'tent' })];
    const figure = rateOf(loads)?.figures[0];
    expect(figure?.byVehicle.map((row) => [row.vehicleType, row.loads, row.trip.median])).toEqual([['ref', 7, 4]]);
  });
});

describe('spellings of a currency', () => {
  it('reads every way posters write the sum as UZS, and leaves other currencies as they are', () => {
    for (const spelling of ['UZS', 'uzs', "so'm", 'soʻm', 'SOʼM', 'сум', 'Сум.', 'sum', 'сўм', 'СЎМ'])
      expect(currencyCode(spelling)).toBe('UZS');
    expect(currencyCode('$')).toBe('USD');
    expect(currencyCode('usd')).toBe('USD');
    // The Kyrgyz som shares the name without the apostrophe: never guessed.
    expect(currencyCode('som')).toBe('');
    expect(currencyCode(' kzt ')).toBe('KZT');
    // Only currencies the site knows: no text a poster typed, no look-alike of UZS (Greek Ζ, Cyrillic С).
    for (const typed of ['Ali', 'ALI', 'U\u0396S', 'UZ\u0421', 'XXX', '', '  ']) expect(currencyCode(typed)).toBe('');
  });
});

describe('a price against its class’s middle half', () => {
  const ranges = [['UZS', 'heavy', 250, 550] as const, ['UZS', 'light', 50, 80] as const];
  const heavy = (price: number | null, currency = 'UZS') => ({ price, currency, weight: 20 });
  it('says below, within or above, in the same currency only, however it is spelled', () => {
    expect(pricePosition(heavy(100), ranges)).toBe('below');
    expect(pricePosition(heavy(250, 'uzs'), ranges)).toBe('within');
    expect(pricePosition(heavy(550, 'сум'), ranges)).toBe('within');
    expect(pricePosition(heavy(551), ranges)).toBe('above');
    expect(pricePosition(heavy(551, 'USD'), ranges)).toBeNull();
    expect(pricePosition(heavy(null), ranges)).toBeNull();
    expect(pricePosition(heavy(100), undefined)).toBeNull();
  });

  it('compares a load with its own class only: light up to 3.5 t, heavy above', () => {
    expect(pricePosition({ price: 100, currency: 'UZS', weight: 3.5 }, ranges)).toBe('above');
    expect(pricePosition({ price: 100, currency: 'UZS', weight: 3.6 }, ranges)).toBe('below');
    expect(pricePosition({ price: 60, currency: 'UZS', weight: 0.5 }, ranges)).toBe('within');
  });

  it('says nothing of a load without a weight, or of a class without a figure', () => {
    expect(pricePosition({ price: 300, currency: 'UZS', weight: null }, ranges)).toBeNull();
    expect(pricePosition({ price: 300, currency: 'UZS', weight: 0 }, ranges)).toBeNull();
    expect(pricePosition({ price: 60, currency: 'UZS', weight: 1 }, [['UZS', 'heavy', 250, 550]])).toBeNull();
  });

  it('says a price is well above the usual only above 1.5 times its class’s upper quartile', () => {
    expect(pricePosition(heavy(825), ranges)).toBe('above');
    expect(pricePosition(heavy(825.01), ranges)).toBe('wellAbove');
    // The light class's own quartile: 120 is 1.5 times 80, far under the heavy loads' 550.
    expect(pricePosition({ price: 120, currency: 'UZS', weight: 2 }, ranges)).toBe('above');
    expect(pricePosition({ price: 121, currency: 'UZS', weight: 2 }, ranges)).toBe('wellAbove');
  });
});

describe('classes of load on one route', () => {
  const classOf = (loads: readonly RateSample[]) => buildRates(loads, WINDOW).routes.get(KEY);
  const figureOf = (loads: readonly RateSample[], weightClass: 'light' | 'heavy') =>
    classOf(loads)?.classes.find((one) => one.weightClass === weightClass)?.figures[0];

  it('gives light and heavy loads a figure each, never one they share', () => {
    // Labo loads at 4,350,000 and Fura loads at 18,200,000, as on the sample board.
    const loads = [...samples(Array(7).fill(4_350_000), { weight: 1.5 }), ...samples(Array(7).fill(18_200_000), { weight: 20 })];
    expect(figureOf(loads, 'light')).toMatchObject({ loads: 7, trip: { median: 4_350_000 } });
    expect(figureOf(loads, 'heavy')).toMatchObject({ loads: 7, trip: { median: 18_200_000 } });
    expect(classOf(loads)).toMatchObject({ loads: 14, unweighed: 0 });
  });

  it('puts a load of exactly 3.5 t with the light ones and one of 3.6 t with the heavy', () => {
    const loads = [...samples([1, 2, 3, 4, 5, 6], { weight: 1 }), sample(7, 'edge', { weight: 3.5 }), sample(700, 'over', { weight: 3.6 })];
    expect(figureOf(loads, 'light')).toMatchObject({ loads: 7, trip: { median: 4 } });
    expect(classOf(loads)?.classes.find((one) => one.weightClass === 'heavy')).toMatchObject({ loads: 1, figures: [] });
  });

  it('counts a load without a weight in neither class', () => {
    const loads = [...samples([1, 2, 3, 4, 5, 6], { weight: 2 }), sample(4, 'unweighed', { weight: null })];
    const rate = classOf(loads);
    expect(rate).toMatchObject({ loads: 7, unweighed: 1 });
    expect(rate?.classes.map((one) => [one.weightClass, one.loads, one.figures.length])).toEqual([
      ['light', 6, 0],
      ['heavy', 0, 0],
    ]);
    expect(buildRates(loads, WINDOW).rated).toEqual([]);
  });

  it('keeps the one-voice rule in each class: whatever one poster adds to a class, its median stays within the others’', () => {
    const weights = fc.constantFrom(0.5, 1.5, 3.5, 5, 20);
    const loadsOf = (poster: string | null) =>
      fc
        .array(fc.record({ price: fc.integer({ min: 5_000_000, max: 20_000_000 }), weight: weights }), { minLength: 1, maxLength: 8 })
        .map((list) => list.map(({ price, weight }) => sample(price, poster, { weight })));
    const route = fc
      .array(fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { nil: null }).chain(loadsOf), { minLength: 3, maxLength: 10 })
      .map((lists) => lists.flat());
    fc.assert(
      fc.property(route, fc.array(fc.integer({ min: 1, max: 1_000_000_000_000 }), { maxLength: 30 }), weights, (others, prices, weight) => {
        const quiet = others.filter((load) => load.poster !== 'loud');
        const all = [...quiet, ...prices.map((price) => sample(price, 'loud', { weight }))];
        for (const weightClass of ['light', 'heavy'] as const) {
          const figure = figureOf(all, weightClass);
          if (!figure) continue;
          const own = new Map<RateSample['poster'], number[]>();
          for (const load of quiet)
            if (loadClassOf(load.weight) === weightClass) own.set(load.poster, [...(own.get(load.poster) ?? []), load.price as number]);
          const medians = [...own.values()].map((list) => spreadOf([...list].sort((x, y) => x - y)).median);
          if (medians.length < 2) continue;
          if (figure.trip.median < Math.min(...medians) || figure.trip.median > Math.max(...medians)) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe('the ranges file the live board reads', () => {
  it('finds a card’s route by any spelling of its places, and says where its price sits', () => {
    const rates = buildRates(samples([100, 200, 300, 400, 500, 600, 700]), WINDOW);
    const file = rangesFileOf(JSON.parse(JSON.stringify(rangesFile(rates)))) as RangesFile;
    const card = (id: string, from: string, to: string, price: number, currency = 'UZS', weight = 20) =>
      normalizeLoad({ id, fromLocationName: from, toLocationName: to, price, currency, weight });
    expect(
      positionsFromFile(file, [
        card('a', 'Ташкент', 'Samarqand, Samarqand viloyati', 100),
        card('b', 'г. Ташкент', 'Самарқанд', 400, "so'm"),
        card('c', 'TOSHKENT', 'САМАРКАНД', 9000),
        card('d', 'Toshkent', 'Samarqand', 9000, 'USD'),
        card('e', 'Samarqand', 'Toshkent', 100),
        // A light load: its class has no figure here, so its card says nothing.
        card('f', 'Toshkent', 'Samarqand', 100, 'UZS', 1.5),
      ]),
    ).toEqual({ a: 'below', b: 'within', c: 'wellAbove' });
  });

  it('gives no position from a damaged file, and does not throw', () => {
    const damaged = {
      keys: { toshkent: 0, samarqand: 1 },
      routes: [null, [0, 1, 'x'], [0, 1, [null, 'UZS']], [0, 1, [['UZS', 1, 2]]]],
    } as unknown as RangesFile;
    expect(
      positionsFromFile(damaged, [
        normalizeLoad({ id: 'a', fromLocationName: 'Toshkent', toLocationName: 'Samarqand', price: 5, currency: 'UZS' }),
      ]),
    ).toEqual({});
    expect(rangesFileOf('<html>')).toBeNull();
    expect(rangesFileOf({ keys: {} })).toBeNull();
  });
});
