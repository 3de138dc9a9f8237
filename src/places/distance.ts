import type { Load } from '../api-client/types';
import { placeBySlug } from './gazetteer';
import { matchPlace } from './match';
import { type RoadDistance, roadDistanceBetween } from './road-distance';
import { cardRouteKey, type RouteDistances } from '../loads/route-distance';

/**
 * The build's road distances, from the gazetteer (README, "Distance and price per kilometre"). The
 * estimate itself is road-distance.ts, which the browser shares.
 */
export { type RoadDistance, ROAD_FACTOR, greatCircleKm, roundEstimateKm } from './road-distance';
export { pricePerKm } from '../loads/route-distance';

/** Null for an unknown place or the same place twice. */
export function roadDistanceKm(fromSlug: string, toSlug: string): RoadDistance | null {
  const from = placeBySlug(fromSlug);
  const to = placeBySlug(toSlug);
  return from && to ? roadDistanceBetween(from, to) : null;
}

/** The road distance between two place texts as the API wrote them, when the gazetteer knows both. */
export function routeDistance(fromText: string, toText: string): RoadDistance | null {
  const from = matchPlace(fromText);
  const to = matchPlace(toText);
  return from && to ? roadDistanceBetween(from, to) : null;
}

/**
 * The km of every route of these loads, keyed by their place texts, for a page whose cards the browser
 * renders again (0: no distance). The cards hydrate with these; a route first seen in the browser is
 * worked out from the place index.
 */
export function routeDistancesFor(loads: ReadonlyArray<Pick<Load, 'from' | 'to'>>): RouteDistances {
  const distances: Record<string, number> = {};
  for (const { from, to } of loads) {
    const key = cardRouteKey(from, to);
    if (!Object.prototype.hasOwnProperty.call(distances, key)) distances[key] = routeDistance(from, to)?.km ?? 0;
  }
  return distances;
}
