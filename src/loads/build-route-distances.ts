import type { Load } from '../api-client/types';
import { routeDistance } from '../places/distance';
import { cardRouteKey, type RouteDistances } from './route-distance';

// Build side only: it reaches the gazetteer, which must not ship to the phone (route-distance.ts does).
/**
 * The km of every route of these loads, keyed by their place texts, for a page whose cards the browser
 * renders again (0: no distance). The cards hydrate with these; a route first seen in the browser is
 * worked out from the place file.
 */
export function routeDistancesFor(loads: ReadonlyArray<Pick<Load, 'from' | 'to'>>): RouteDistances {
  const distances: Record<string, number> = {};
  for (const { from, to } of loads) {
    const key = cardRouteKey(from, to);
    if (!Object.prototype.hasOwnProperty.call(distances, key)) distances[key] = routeDistance(from, to)?.km ?? 0;
  }
  return distances;
}
