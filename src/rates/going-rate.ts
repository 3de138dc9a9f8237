import type { HistoryLoad, RateSample } from '../history/types';
import { routeKey } from '../loads/place-groups';
import { RATE_CHART_WEEKS, RATE_MIN_LOADS, RATE_MIN_POSTERS, RATE_WEEK_MIN_LOADS } from '../config/constants';
import { DAY_MS, WEEK_MS } from '../config/time';

/**
 * The going asking price of each route (README, "Going rates"), worked out from the board history's
 * records alone: no SQL, no clock, no network, so known histories give known figures in tests.
 *
 * It reads `RateSample`s, the store's narrow read of a window (BoardHistory.rateSamples); `rateSampleOf`
 * makes one from a whole record, as that query does.
 *
 * Methods, stated once:
 * - Percentiles by linear interpolation between closest ranks (Hyndman & Fan's type 7, R's default,
 *   Excel's PERCENTILE.INC, d3-array's quantile): for n sorted values and a fraction p, h = (n - 1)p,
 *   the value is x[⌊h⌋] + (h - ⌊h⌋)(x[⌊h⌋ + 1] - x[⌊h⌋]).
 * - The median is that at p = 0.5: the middle value of an odd count, the mean of the two middle
 *   values of an even count.
 * - The middle half is the 25th to the 75th percentile.
 */

export interface Spread {
  median: number;
  p25: number;
  p75: number;
}

/** One figure: the loads of one route (and vehicle type, for a row) in one currency. */
export interface RateFigure {
  currency: string;
  /** Priced loads it stands on. */
  loads: number;
  /** Distinct posters (posterHash) among them. */
  posters: number;
  /** Earliest and latest posting (createdAt, else when the history first saw it), epoch ms. */
  firstPosted: number;
  lastPosted: number;
  /** Asking price per trip. */
  trip: Spread;
  /** Asking price per km; null when the route's distance is unknown or under 50 km. */
  perKm: Spread | null;
}

export interface VehicleRate extends RateFigure {
  vehicleType: string;
}

/** One week of the chart: priced loads posted that week and their median (per km, else per trip). */
export interface RateWeek {
  /** The week's first instant, epoch ms; the week is [start, start + 7 days). */
  start: number;
  loads: number;
  median: number | null;
}

export interface CurrencyRate extends RateFigure {
  /** Vehicle types whose loads alone reach the thresholds, busiest first. */
  byVehicle: VehicleRate[];
  /** RATE_CHART_WEEKS weeks ending at the window's end, oldest first. */
  weeks: RateWeek[];
  /** What `weeks` measures: per km when the route has a distance, else per trip. */
  weekly: 'perKm' | 'trip';
}

export interface RouteRate {
  from: string;
  to: string;
  /** Every load of the route on the board in the window, each once, priced or not. */
  loads: number;
  /** Loads left out of the figures for want of a price (or of a currency to read it in). */
  unpriced: number;
  /** One figure per currency that reaches the thresholds on its own, busiest first. */
  figures: CurrencyRate[];
  /** Currencies below the thresholds: counted and mentioned, never converted. */
  others: Array<{ currency: string; loads: number }>;
}

export interface RateWindow {
  start: number;
  end: number;
}

/**
 * The road distance in km between two gazetteer places that a price per km is taken over, or null when
 * it is unknown or under the floor: given by the caller (src/rates/page-data.ts) so this module needs
 * no distance table. Asked once per route.
 */
export type PerKmDistance = (fromSlug: string, toSlug: string) => number | null;

/** Type 7 percentile of ascending `sorted` (non-empty). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const low = Math.floor(h);
  const lowValue = sorted[low] as number;
  const high = sorted[Math.min(low + 1, n - 1)] as number;
  return lowValue + (h - low) * (high - lowValue);
}

export function spreadOf(values: readonly number[]): Spread {
  // A typed array sorts numbers without a comparator call per pair: several times faster on a busy route.
  const sorted = Float64Array.from(values).sort() as unknown as number[];
  return { median: percentile(sorted, 0.5), p25: percentile(sorted, 0.25), p75: percentile(sorted, 0.75) };
}

/** On the board at any time in the window: seen by then, and not closed before it began. */
export function onBoardIn(load: Pick<HistoryLoad, 'firstSeen' | 'closedAt'>, window: RateWindow): boolean {
  return load.firstSeen <= window.end && (load.closedAt === null || load.closedAt >= window.start);
}

export function postedAt(load: Pick<HistoryLoad, 'createdAt' | 'firstSeen'>): number {
  const created = load.createdAt ? Date.parse(load.createdAt) : NaN;
  return Number.isFinite(created) ? created : load.firstSeen;
}

/**
 * A record as the going rates read it, or null when the rates leave it out (a place the gazetteer does
 * not know, a route from a place to itself, or a load not on the board in the window).
 * BoardHistory.rateSamples selects the same in SQL; a test holds the two to each other.
 */
export function rateSampleOf(load: HistoryLoad, window: RateWindow): RateSample | null {
  if (!load.fromKnown || !load.toKnown || load.from === load.to || !onBoardIn(load, window)) return null;
  return {
    from: load.from,
    to: load.to,
    vehicleType: load.vehicleType,
    price: load.price,
    currency: load.currency,
    posted: postedAt(load),
    poster: load.posterHash,
  };
}

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

function figureOf(currency: string, loads: readonly Priced[], km: number | null): RateFigure | null {
  const posters = new Set<string | number>();
  for (const load of loads) if (load.poster !== null) posters.add(load.poster);
  if (loads.length < RATE_MIN_LOADS || posters.size < RATE_MIN_POSTERS) return null;
  // A loop, not Math.min(...): a busy route's million loads would overflow the call's arguments.
  let firstPosted = Infinity;
  let lastPosted = -Infinity;
  for (const load of loads) {
    firstPosted = Math.min(firstPosted, load.posted);
    lastPosted = Math.max(lastPosted, load.posted);
  }
  const trip = spreadOf(loads.map((load) => load.price));
  return { currency, loads: loads.length, posters: posters.size, firstPosted, lastPosted, trip, perKm: perKmOf(trip, km) };
}

/** Weekly medians per trip, or per km over `km`; none for a week of fewer than RATE_WEEK_MIN_LOADS loads. */
function weeksOf(loads: readonly Priced[], end: number, km: number | null): RateWeek[] {
  const first = end - RATE_CHART_WEEKS * WEEK_MS;
  const buckets: number[][] = Array.from({ length: RATE_CHART_WEEKS }, () => []);
  for (const load of loads) {
    if (load.posted >= first && load.posted < end) buckets[Math.floor((load.posted - first) / WEEK_MS)]?.push(load.price);
  }
  return buckets.map((values, index) => ({
    start: first + index * WEEK_MS,
    loads: values.length,
    median: values.length >= RATE_WEEK_MIN_LOADS ? spreadOf(values).median / (km ?? 1) : null,
  }));
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

function routeRate(from: string, to: string, loads: readonly RateSample[], window: RateWindow, distanceOf: PerKmDistance): RouteRate {
  const km = distanceOf(from, to);
  const priced: Array<Priced & { currency: string }> = [];
  for (const load of loads) {
    const currency = load.currency.trim().toUpperCase();
    if (load.price === null || !Number.isFinite(load.price) || load.price <= 0 || !currency) continue;
    priced.push({
      currency,
      price: load.price,
      posted: load.posted,
      poster: load.poster,
      vehicleType: load.vehicleType,
    });
  }
  const figures: CurrencyRate[] = [];
  const others: RouteRate['others'] = [];
  for (const [currency, group] of groupBy(priced, (load) => load.currency)) {
    const figure = figureOf(currency, group, km);
    if (!figure) {
      others.push({ currency, loads: group.length });
      continue;
    }
    const byVehicle: VehicleRate[] = [];
    for (const [vehicleType, vehicleLoads] of groupBy(group, (load) => load.vehicleType)) {
      const row = vehicleType ? figureOf(currency, vehicleLoads, km) : null;
      if (row) byVehicle.push({ ...row, vehicleType });
    }
    byVehicle.sort((a, b) => b.loads - a.loads || a.vehicleType.localeCompare(b.vehicleType));
    figures.push({ ...figure, byVehicle, weekly: km ? 'perKm' : 'trip', weeks: weeksOf(group, window.end, km) });
  }
  figures.sort((a, b) => b.loads - a.loads || a.currency.localeCompare(b.currency));
  others.sort((a, b) => b.loads - a.loads || a.currency.localeCompare(b.currency));
  return { from, to, loads: loads.length, unpriced: loads.length - priced.length, figures, others };
}

/**
 * Every route that had a load on the board in the window, with its figures (none where too few loads
 * or posters). Each sample is one load on the board in the window (the store's query and
 * `rateSampleOf` apply it), once: the store's key makes it so, however many reads saw the load. The
 * window's end is where the chart's weeks end.
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

export function windowEndingAt(end: number, days: number): RateWindow {
  return { start: end - days * DAY_MS, end };
}
