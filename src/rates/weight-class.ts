import type { RateSample } from '../history/types';
import { routeKey } from '../loads/place-groups';
import { goingRates, type PerKmDistance, type RouteRate } from './going-rate';
import type { RateWindow } from './window';
import { loadClassOf, type LoadClass } from '../loads/load-class';

/**
 * A figure compares like with like (docs/rates.md, "Classes of load"): a Damas load of half a tonne and a
 * twenty-tonne Fura load on one route ask prices of different kinds, so each route has one figure per
 * class, each worked out by the same per-route rules (going-rate.ts) on that class's loads alone.
 */
export type WeightClass = LoadClass;

/** In the order a page shows them. */
export const WEIGHT_CLASSES: readonly WeightClass[] = ['light', 'heavy'];

/** A load's class by its weight in tonnes (the cards' own rule, so a card and its figure agree); null counts in neither. */
export const weightClassOf = loadClassOf;

/** One route's going rates, one per class. */
export interface RouteClassRates {
  from: string;
  to: string;
  /** Every load of the route on the board in the window, with a weight or not. */
  loads: number;
  /** Of those, loads without a weight: in neither class. */
  unweighed: number;
  /** Each class's rate (its own loads, figures and chart weeks); null where the route had none of its loads. */
  classes: Record<WeightClass, RouteRate | null>;
}

/**
 * Every route that had a load on the board in the window, with each class's rate: the per-route
 * computation (goingRates) run once per class on that class's samples.
 */
export function goingRatesByClass(
  samples: readonly RateSample[],
  window: RateWindow,
  distanceOf: PerKmDistance,
): Map<string, RouteClassRates> {
  const byClass: Record<WeightClass, RateSample[]> = { light: [], heavy: [] };
  const routes = new Map<string, RouteClassRates>();
  for (const load of samples) {
    if (load.from === load.to) continue;
    const key = routeKey(load.from, load.to);
    let route = routes.get(key);
    if (!route) routes.set(key, (route = { from: load.from, to: load.to, loads: 0, unweighed: 0, classes: { light: null, heavy: null } }));
    route.loads += 1;
    const weightClass = weightClassOf(load.weight);
    if (weightClass) byClass[weightClass].push(load);
    else route.unweighed += 1;
  }
  for (const weightClass of WEIGHT_CLASSES) {
    for (const [key, rate] of goingRates(byClass[weightClass], window, distanceOf)) {
      const route = routes.get(key);
      if (route) route.classes[weightClass] = rate;
    }
  }
  return routes;
}

/** The routes with a figure in `weightClass`. */
export const hasFigure = (route: RouteClassRates, weightClass: WeightClass): boolean =>
  (route.classes[weightClass]?.figures.length ?? 0) > 0;
