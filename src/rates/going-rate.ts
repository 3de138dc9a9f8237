import type { RateSample } from '../history/types';
import { routeKey } from '../loads/place-groups';
import { currencyCode } from '../loads/currency';
import { RATE_MIN_LOADS, RATE_MIN_POSTERS, RATE_OUTLIER_FACTOR } from '../config/constants';
import { WEEK_MS, tashkentDayStart } from '../config/time';
import { percentiles, spreadOf, voicesOf, type Spread } from './spread';
import { chartWeekStarts, type RateWindow } from './window';

/**
 * The going asking price of each route (docs/rates.md, "Going rates"), worked out from the board history's
 * samples alone: no SQL, no clock, no network, so known histories give known figures in tests.
 *
 * The rules, in the order they apply to one route's loads in one currency (spellings of one currency
 * are one currency, src/loads/currency.ts; currencies are never converted):
 * 1. Voices: each poster has one voice, the median of its own prices; loads without a phone are one
 *    poster together (src/rates/spread.ts, voicesOf).
 * 2. Outliers: a poster whose voice is more than RATE_OUTLIER_FACTOR times above or below the median of
 *    the voices of them all is left out with its prices, each counted.
 * 3. Thresholds: what is left makes a figure from RATE_MIN_LOADS loads by RATE_MIN_POSTERS posters;
 *    the voices are taken again on it, and its median and middle half are those of the voices.
 * A vehicle type's row and a chart week's median are figures of the same kind, of that type's or that
 * week's loads among those kept.
 */

export type { Spread } from './spread';

/** One figure: the loads of one route (and vehicle type, for a row) in one currency. */
export interface RateFigure {
  /** The currency's code (currencyCode). */
  currency: string;
  /** Priced loads it stands on. */
  loads: number;
  /** Distinct posters among them, loads without a phone counting as one. */
  posters: number;
  /** Asking price per trip. */
  trip: Spread;
  /** Asking price per km; null when the route's distance is unknown or under 50 km. */
  perKm: Spread | null;
}

export interface VehicleRate extends RateFigure {
  vehicleType: string;
}

/** A load's asking price on its posting day (Tashkent midnight), in the chart's measure; `loads` alike. */
export interface RatePoint {
  day: number;
  value: number;
  loads: number;
}

/** One week of the chart, in its measure. */
export interface RateWeek {
  /** The week's first Tashkent midnight, epoch ms; the week is [start, start + 7 days). */
  start: number;
  /** Loads of the figure posted that week. */
  loads: number;
  /** The week's median and middle half, where its loads alone make a figure (rule 3); else null. */
  spread: Spread | null;
  /** Without a spread: each of its loads, by day and then value. Empty with one. */
  points: RatePoint[];
}

/** What the route page's chart and its table draw: the last RATE_CHART_WEEKS weeks of one figure. */
export interface RateSeries {
  /** Per km when the route has a distance, else per trip. */
  measure: 'perKm' | 'trip';
  currency: string;
  /** The figure itself (the whole window) in that measure. */
  figure: Spread;
  weeks: RateWeek[];
}

export interface CurrencyRate extends RateFigure {
  /** Priced loads in this currency left out as outliers (rule 2). */
  outliers: number;
  /** Vehicle types whose loads alone make a figure, busiest first. */
  byVehicle: VehicleRate[];
  series: RateSeries;
}

export interface RouteRate {
  from: string;
  to: string;
  /** Every load of the route on the board in the window, each once, priced or not. */
  loads: number;
  /** Loads left out of the figures for want of a price (or of a currency to read it in). */
  unpriced: number;
  /** One figure per currency that makes one on its own, busiest first. */
  figures: CurrencyRate[];
  /** Currencies without a figure: counted and mentioned, never converted; `outliers` of `loads` left out by rule 2. */
  others: Array<{ currency: string; loads: number; outliers: number }>;
}

/**
 * The road distance in km between two gazetteer places that a price per km is taken over, or null when
 * it is unknown or under the floor: given by the caller (src/rates/page-data.ts) so this module needs
 * no distance table. Asked once per route.
 */
export type PerKmDistance = (fromSlug: string, toSlug: string) => number | null;

interface Priced {
  price: number;
  posted: number;
  poster: RateSample['poster'];
  vehicleType: string;
}

/** A spread of prices per trip as prices per km: percentiles keep their ranks when every value is divided by one km. */
function perKmOf(trip: Spread, km: number | null): Spread | null {
  return km ? { median: trip.median / km, p25: trip.p25 / km, p75: trip.p75 / km } : null;
}

const pricesOf = (loads: readonly Priced[]) => {
  const prices = new Float64Array(loads.length);
  for (let i = 0; i < loads.length; i++) prices[i] = (loads[i] as Priced).price;
  return prices;
};
const postersOf = (loads: readonly Priced[]) => loads.map((load) => load.poster);

/** Rule 3 on `loads`, ascending by price: the figure, or null below the thresholds. */
function figureOf(currency: string, loads: readonly Priced[], km: number | null): RateFigure | null {
  if (loads.length < RATE_MIN_LOADS) return null;
  const voices = voicesOf(pricesOf(loads), postersOf(loads));
  if (voices.length < RATE_MIN_POSTERS) return null;
  const trip = spreadOf(voices);
  return { currency, loads: loads.length, posters: voices.length, trip, perKm: perKmOf(trip, km) };
}

/**
 * Rule 2 on `loads`, ascending by price: the loads of the posters whose voice is within
 * RATE_OUTLIER_FACTOR of the median of the voices, in order. A poster is in or out whole: leaving out
 * single prices would change the voice of a poster whose prices straddle a threshold that another
 * poster's loads moved, and a newcomer could then move the median past every other poster's own.
 */
function withinUsualRange(loads: readonly Priced[]): readonly Priced[] {
  const own = ownVoices(loads);
  // Too few voices: no figure either way, and no median one poster could not set alone.
  if (own.size < RATE_MIN_POSTERS) return loads;
  const [median = NaN] = percentiles(Float64Array.from(own.values()).sort(), [0.5]);
  const low = median / RATE_OUTLIER_FACTOR;
  const high = median * RATE_OUTLIER_FACTOR;
  return loads.filter((load) => {
    const voice = own.get(load.poster) as number;
    return voice >= low && voice <= high;
  });
}

/** Each poster's voice, the median of its own prices (as voicesOf), by poster; `loads` ascending by price. */
function ownVoices(loads: readonly Priced[]): Map<Priced['poster'], number> {
  const own = new Map<Priced['poster'], number[]>();
  for (const load of loads) {
    const prices = own.get(load.poster);
    if (prices) prices.push(load.price);
    else own.set(load.poster, [load.price]);
  }
  return new Map([...own].map(([poster, prices]) => [poster, percentiles(prices, [0.5])[0] as number]));
}

/** Each load as a chart point: one point for loads of one day and one value. */
function pointsOf(loads: readonly Priced[], km: number | null): RatePoint[] {
  const points = new Map<string, RatePoint>();
  for (const load of loads) {
    const day = tashkentDayStart(load.posted);
    const value = load.price / (km ?? 1);
    const key = `${day} ${value}`;
    const point = points.get(key);
    if (point) point.loads += 1;
    else points.set(key, { day, value, loads: 1 });
  }
  return [...points.values()].sort((a, b) => a.day - b.day || a.value - b.value);
}

/** The chart's weeks of `kept` (ascending by price), so each week's loads stay in that order. */
function seriesOf(figure: RateFigure, kept: readonly Priced[], window: RateWindow, km: number | null): RateSeries {
  const starts = chartWeekStarts(window);
  const first = starts[0] as number;
  const buckets: Priced[][] = starts.map(() => []);
  for (const load of kept) {
    if (load.posted >= first) buckets[Math.floor((load.posted - first) / WEEK_MS)]?.push(load);
  }
  const measure = (spread: RateFigure) => (km ? spread.perKm : spread.trip) as Spread;
  return {
    measure: km ? 'perKm' : 'trip',
    currency: figure.currency,
    figure: measure(figure),
    weeks: buckets.map((loads, index) => {
      const week = figureOf(figure.currency, loads, km);
      return {
        start: starts[index] as number,
        loads: loads.length,
        spread: week && measure(week),
        points: week ? [] : pointsOf(loads, km),
      };
    }),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

/** Rule 3 on the loads of one currency that rule 2 kept (`kept`, ascending by price). */
function currencyRate(
  currency: string,
  kept: readonly Priced[],
  outliers: number,
  window: RateWindow,
  km: number | null,
): CurrencyRate | null {
  const figure = figureOf(currency, kept, km);
  if (!figure) return null;
  const byVehicle: VehicleRate[] = [];
  for (const [vehicleType, vehicleLoads] of groupBy(kept, (load) => load.vehicleType)) {
    const row = vehicleType ? figureOf(currency, vehicleLoads, km) : null;
    if (row) byVehicle.push({ ...row, vehicleType });
  }
  byVehicle.sort((a, b) => b.loads - a.loads || a.vehicleType.localeCompare(b.vehicleType));
  return { ...figure, outliers, byVehicle, series: seriesOf(figure, kept, window, km) };
}

/** currencyCode, once per spelling: a window holds half a million loads and a handful of spellings. */
const codes = new Map<string, string>();
function codeOf(text: string): string {
  let code = codes.get(text);
  if (code === undefined) codes.set(text, (code = currencyCode(text)));
  return code;
}

function routeRate(from: string, to: string, loads: readonly RateSample[], window: RateWindow, distanceOf: PerKmDistance): RouteRate {
  const km = distanceOf(from, to);
  const priced: Array<Priced & { currency: string }> = [];
  for (const load of loads) {
    const currency = codeOf(load.currency);
    if (load.price === null || !Number.isFinite(load.price) || load.price <= 0 || !currency) continue;
    priced.push({ currency, price: load.price, posted: load.posted, poster: load.poster, vehicleType: load.vehicleType });
  }
  const figures: CurrencyRate[] = [];
  const others: RouteRate['others'] = [];
  for (const [currency, group] of groupBy(priced, (load) => load.currency)) {
    group.sort((a, b) => a.price - b.price);
    const kept = withinUsualRange(group);
    const outliers = group.length - kept.length;
    const rate = currencyRate(currency, kept, outliers, window, km);
    if (rate) figures.push(rate);
    else others.push({ currency, loads: group.length, outliers });
  }
  figures.sort((a, b) => b.loads - a.loads || a.currency.localeCompare(b.currency));
  others.sort((a, b) => b.loads - a.loads || a.currency.localeCompare(b.currency));
  return { from, to, loads: loads.length, unpriced: loads.length - priced.length, figures, others };
}

/**
 * Every route that had a load on the board in the window, with its figures (none where too few loads
 * or posters). Each sample is one load on the board in the window, once (the store's rateSamples makes
 * them so).
 */
export function goingRates(samples: readonly RateSample[], window: RateWindow, distanceOf: PerKmDistance): Map<string, RouteRate> {
  const routes = new Map<string, RateSample[]>();
  for (const load of samples) {
    if (load.from === load.to) continue;
    const key = routeKey(load.from, load.to);
    const list = routes.get(key);
    if (list) list.push(load);
    else routes.set(key, [load]);
  }
  const rates = new Map<string, RouteRate>();
  for (const [key, loads] of routes) {
    const first = loads[0] as RateSample;
    rates.set(key, routeRate(first.from, first.to, loads, window, distanceOf));
  }
  return rates;
}

/** The routes that have at least one figure, busiest first (the rates page's order). */
export function ratedRoutes(rates: ReadonlyMap<string, RouteRate>): RouteRate[] {
  return [...rates.values()]
    .filter((rate) => rate.figures.length > 0)
    .sort((a, b) => b.loads - a.loads || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}
