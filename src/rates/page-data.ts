import { MIN_PRICE_PER_KM_DISTANCE_KM } from '../config/constants';
import type { RateSample } from '../history/types';
import type { LanguageCode } from '../config/languages';
import { placeRoutePath } from '../config/routes';
import type { PageContext } from '../i18n/runtime';
import { placeBySlug } from '../places/gazetteer';
import { roadDistanceKm } from '../places/distance';
import { rateChart, type RateChart } from './chart';
import { goingRates, ratedRoutes, type CurrencyRate, type PerKmDistance, type RouteRate } from './going-rate';
import type { RateWindow } from './window';
import { routeKey } from '../loads/place-groups';
import type { PriceRange } from '../loads/price-position';

/**
 * What the build hands the pages from the going rates (docs/rates.md, "Going rates"): the figures without
 * the weekly series, and the chart already laid out, so a page renders markup and runs no arithmetic.
 */
export type RateFigureData = Omit<CurrencyRate, 'series'>;

export interface RouteRateData {
  from: string;
  to: string;
  loads: number;
  unpriced: number;
  figures: RateFigureData[];
  others: RouteRate['others'];
  /** The first (busiest) currency's last weeks; null without a figure or without a load in those weeks. */
  chart: RateChart | null;
  /** The days the figures stand on, named on the page. */
  window: RateWindow;
}

/** The route's estimated road distance, as the cards take a price per km over it. */
export const perKmDistance: PerKmDistance = (fromSlug, toSlug) => {
  const distance = roadDistanceKm(fromSlug, toSlug);
  return distance && distance.km >= MIN_PRICE_PER_KM_DISTANCE_KM ? distance.km : null;
};

export interface BuildRates {
  window: RateWindow;
  /** Every route of the window by `rateKey`, with or without a figure. */
  routes: Map<string, RouteRateData>;
  /** The routes with a figure, busiest first. */
  rated: RouteRateData[];
}

function pageData(rate: RouteRate, window: RateWindow): RouteRateData {
  const [first] = rate.figures;
  return {
    from: rate.from,
    to: rate.to,
    loads: rate.loads,
    unpriced: rate.unpriced,
    figures: rate.figures.map(({ series: _series, ...figure }) => figure),
    others: rate.others,
    // A figure whose loads were all posted before the chart's weeks (open since long ago) has nothing to draw.
    chart: first && first.series.weeks.some((week) => week.loads > 0) ? rateChart(first.series) : null,
    window,
  };
}

/** The build's going rates: the history's loads on the board in `window` (rateWindow), as rateSamples reads them. */
export function buildRates(samples: readonly RateSample[], window: RateWindow): BuildRates {
  const rates = goingRates(samples, window, perKmDistance);
  const routes = new Map<string, RouteRateData>();
  for (const [key, rate] of rates) routes.set(key, pageData(rate, window));
  return { window, routes, rated: ratedRoutes(rates).map((rate) => routes.get(routeKey(rate.from, rate.to)) as RouteRateData) };
}

export function rangesOf(rate: Pick<RouteRateData, 'figures'> | undefined): PriceRange[] | undefined {
  return rate?.figures.length ? rate.figures.map((figure) => [figure.currency, figure.trip.p25, figure.trip.p75] as const) : undefined;
}

/** One route of the rates page, its places named in the page's language. */
export interface RatesPageRoute {
  path: string;
  from: string;
  to: string;
  loads: number;
  figures: RateFigureData[];
}

export interface RatesPageContext extends PageContext {
  routes: RatesPageRoute[];
  builtAt: number;
  /** The days every figure stands on; null when the build had no history to read. */
  window: RateWindow | null;
}

/** The rates page's data in one language: no vehicle rows (they are on the route pages). */
export function ratesPageContext(
  rates: BuildRates | null,
  builtAt: number,
  language: LanguageCode,
): Omit<RatesPageContext, keyof PageContext> {
  const name = (slug: string) => placeBySlug(slug)?.names[language] ?? slug;
  return {
    builtAt,
    window: rates?.window ?? null,
    routes: (rates?.rated ?? []).map((rate) => ({
      path: placeRoutePath(rate.from, rate.to),
      from: name(rate.from),
      to: name(rate.to),
      loads: rate.loads,
      figures: rate.figures.map((figure) => ({ ...figure, byVehicle: [] })),
    })),
  };
}
