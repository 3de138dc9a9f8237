import type { Load } from '../../src/api-client/types';
import { isoDay } from '../../src/loads/format';
import { postedAt } from '../../src/loads/posting-time';
import { roadDistanceKm } from '../../src/places/distance';
import { placeBySlug, type Place } from '../../src/places/gazetteer';
import { matchPlace } from '../../src/places/match';
import { greatCircleKm } from '../../src/places/road-distance';
import type { BoardQuery } from '../../src/search/query';

/*
 * The loads on the way of a trip as a person checks them, load by load, by CONTRACT.md's rule ("Trips")
 * with the gazetteer's road distances (src/places/distance.ts): the oracle of the rule's tests, the kept
 * trip's count and its Telegram alerts. Filters as the trip's page applies them: vehicle, the least
 * weight, the first loading day, `near` widening the route's ends and `nearTo` its destination where set (the
 * loads it widens the route to are its own, not on its way).
 */

/** The road distance as the gazetteer gives it; 0 for a place to itself. */
const road = (a: string, b: string) => (a === b ? 0 : (roadDistanceKm(a, b)?.km as number));

/** The most a load may add to the trip, km, rounded as the words say it. */
export function plainDetourLimitKm(trip: { from: string; to: string }): number {
  return Math.round(Math.max(50, road(trip.from, trip.to) / 5));
}

/** Whether a load passes the trip page's filters besides `near`. */
function passes(load: Load, query: BoardQuery): boolean {
  if (query.vehicle.length && !query.vehicle.some((name) => name.toLowerCase() === load.vehicleType.toLowerCase())) return false;
  if (query.weight.min !== null && (load.weight === null || load.weight < query.weight.min)) return false;
  const day = isoDay(load.loadingDate) ?? null;
  return query.loading.from === null || (day !== null && day >= query.loading.from);
}

/** Whether the load's place `text` is `slug`, or within `km` of it (null: the place alone). */
function within(text: string, slug: string, km: number | null): boolean {
  const place = matchPlace(text);
  if (!place) return false;
  return place.slug === slug || (km !== null && greatCircleKm(place, placeBySlug(slug) as Place) <= km);
}

/** Whether a load is the route's own: from its origin within `near`, to its destination within its own `nearTo` where set (0 the place alone), else `near`. */
function ownLoad(load: Load, trip: { from: string; to: string }, query: BoardQuery): boolean {
  const toKm = query.nearTo === null ? query.near : query.nearTo || null;
  return within(load.from, trip.from, query.near) && within(load.to, trip.to, toKm);
}

/** The route's own loads under the filters, as a person checks them. */
export function plainRouteLoads(loads: readonly Load[], trip: { from: string; to: string }, query: BoardQuery): Load[] {
  return loads.filter((load) => ownLoad(load, trip, query) && passes(load, query));
}

/** The list as a person checks it, load by load: each load's id and detour, the smallest first. */
export function plainOnTheWay(loads: readonly Load[], trip: { from: string; to: string }, query: BoardQuery): Array<[string, number]> {
  const kept: Array<{ load: Load; detour: number }> = [];
  for (const load of loads) {
    const p = matchPlace(load.from);
    const q = matchPlace(load.to);
    if (!p || !q) continue;
    if (ownLoad(load, trip, query)) continue;
    if (!passes(load, query)) continue;
    const direct = road(trip.from, trip.to);
    const detour = road(trip.from, p.slug) + road(p.slug, q.slug) + road(q.slug, trip.to) - direct;
    if (detour > Math.max(50, direct / 5)) continue;
    kept.push({ load, detour: Math.max(0, detour) });
  }
  kept.sort(
    (a, b) => a.detour - b.detour || postedAt(b.load) - postedAt(a.load) || (a.load.id < b.load.id ? -1 : a.load.id > b.load.id ? 1 : 0),
  );
  return kept.map(({ load, detour }) => [load.id, detour]);
}
