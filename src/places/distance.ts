import { placeBySlug } from './gazetteer';
import { matchPlace } from './match';
import { type RoadDistance, roadDistanceBetween } from './road-distance';

/**
 * The build's road distances, from the gazetteer (docs/rates.md). The
 * estimate itself is road-distance.ts, which the browser shares.
 */
export { type RoadDistance, ROAD_FACTOR, greatCircleKm, roundEstimateKm } from './road-distance';

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
