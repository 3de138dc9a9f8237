import { MIN_PRICE_PER_KM_DISTANCE_KM } from '../config/constants';
import type { RateSample } from '../history/types';
import type { LanguageCode } from '../config/languages';
import { placeRoutePath } from '../config/routes';
import type { PageContext } from '../i18n/runtime';
import { placeBySlug } from '../places/gazetteer';
import { roadDistanceKm } from '../places/distance';
import { rateChart, type RateChart } from './chart';
import type { CurrencyRate, PerKmDistance, RouteRate } from './going-rate';
import { WEIGHT_CLASSES, goingRatesByClass, type RouteClassRates, type WeightClass } from './weight-class';
import type { RateWindow } from './window';
import { isRated } from './rated';
import type { PriceRange } from '../loads/price-position';

/**
 * What the build hands the pages from the going rates (docs/rates.md, "Going rates"): the figures without
 * the weekly series, and the chart already laid out, so a page renders markup and runs no arithmetic.
 */
export type RateFigureData = Omit<CurrencyRate, 'series'>;

/** One class of load on a route (weight-class.ts): its own loads, figures and chart. */
export interface ClassRateData {
  weightClass: WeightClass;
  /** The class's loads on the board in the window, priced or not. */
  loads: number;
  unpriced: number;
  figures: RateFigureData[];
  others: RouteRate['others'];
  /** The class's first (busiest) currency's last weeks; null without a figure or without a load in those weeks. */
  chart: RateChart | null;
}

export interface RouteRateData {
  from: string;
  to: string;
  /** Every load of the route in the window, with a weight or not. */
  loads: number;
  /** Loads without a weight: in neither class. */
  unweighed: number;
  /** Both classes, light first, each with or without a figure. */
  classes: ClassRateData[];
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
  /** The routes with a figure in at least one class, busiest first. */
  rated: RouteRateData[];
}

function classData(weightClass: WeightClass, rate: RouteRate | null): ClassRateData {
  if (!rate) return { weightClass, loads: 0, unpriced: 0, figures: [], others: [], chart: null };
  const [first] = rate.figures;
  return {
    weightClass,
    loads: rate.loads,
    unpriced: rate.unpriced,
    figures: rate.figures.map(({ series: _series, ...figure }) => figure),
    others: rate.others,
    // A figure whose loads were all posted before the chart's weeks (open since long ago) has nothing to draw.
    chart: first && first.series.weeks.some((week) => week.loads > 0) ? rateChart(first.series) : null,
  };
}

function pageData(rate: RouteClassRates, window: RateWindow): RouteRateData {
  return {
    from: rate.from,
    to: rate.to,
    loads: rate.loads,
    unweighed: rate.unweighed,
    classes: WEIGHT_CLASSES.map((weightClass) => classData(weightClass, rate.classes[weightClass])),
    window,
  };
}

/** The build's going rates: the history's loads on the board in `window` (rateWindow), as rateSamples reads them. */
export function buildRates(samples: readonly RateSample[], window: RateWindow): BuildRates {
  const routes = new Map<string, RouteRateData>();
  for (const [key, rate] of goingRatesByClass(samples, window, perKmDistance)) routes.set(key, pageData(rate, window));
  const rated = [...routes.values()]
    .filter(isRated)
    .sort((a, b) => b.loads - a.loads || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return { window, routes, rated };
}

/** What a card's price is compared with: each class's middle half per currency, and nothing for a class without a figure. */
export function rangesOf(rate: Pick<RouteRateData, 'classes'> | undefined): PriceRange[] | undefined {
  const ranges = (rate?.classes ?? []).flatMap((one) =>
    one.figures.map((figure) => [figure.currency, one.weightClass, figure.trip.p25, figure.trip.p75] as const),
  );
  return ranges.length > 0 ? ranges : undefined;
}

/** One route's class of load on the rates page, its places named in the page's language. */
export interface RatesPageRoute {
  path: string;
  /** The origin's slug: the page groups routes by where they start. */
  fromSlug: string;
  from: string;
  to: string;
  weightClass: WeightClass;
  /** The class's loads in the window. */
  loads: number;
  figures: RateFigureData[];
}

/** A place routes with a figure start from, named in the page's language. */
export interface RatesPageOrigin {
  slug: string;
  name: string;
}

export interface RatesPageContext extends PageContext {
  routes: RatesPageRoute[];
  /** Every origin of `routes`, in the page language's alphabetical order (sorted by the build, so the browser agrees). */
  origins: RatesPageOrigin[];
  builtAt: number;
  /** The days every figure stands on; null when the build had no history to read. */
  window: RateWindow | null;
}

/**
 * The rates page's data in one language: one entry per route and class with a figure, busiest first
 * (the class's loads), no vehicle rows (they are on the route pages).
 */
export function ratesPageContext(
  rates: BuildRates | null,
  builtAt: number,
  language: LanguageCode,
): Omit<RatesPageContext, keyof PageContext> {
  const name = (slug: string) => placeBySlug(slug)?.names[language] ?? slug;
  const routes = (rates?.rated ?? []).flatMap((rate) =>
    rate.classes
      .filter((one) => one.figures.length > 0)
      .map((one) => ({
        path: placeRoutePath(rate.from, rate.to),
        fromSlug: rate.from,
        from: name(rate.from),
        to: name(rate.to),
        weightClass: one.weightClass,
        loads: one.loads,
        figures: one.figures.map((figure) => ({ ...figure, byVehicle: [] })),
      })),
  );
  // Stable: routes of as many loads keep the busiest-route order, light before heavy.
  routes.sort((a, b) => b.loads - a.loads);
  const origins = new Map(routes.map((route) => [route.fromSlug, route.from]));
  const collator = new Intl.Collator(language);
  return {
    builtAt,
    window: rates?.window ?? null,
    routes,
    origins: [...origins].map(([slug, name]) => ({ slug, name })).sort((a, b) => collator.compare(a.name, b.name)),
  };
}
