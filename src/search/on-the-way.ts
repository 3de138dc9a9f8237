import type { PlacePoint } from '../places/around';
import { roadDistanceBetween } from '../places/road-distance';
import { NO_FILTERS, type FilterValues } from './filter-table';
import { compileQuery, type ListPlaces, type MatchContext } from './matcher';
import { newestRowFirst, type FilterRow } from './rows';

/**
 * The loads on the way of a trip (CONTRACT.md, "Trips"): a load from p to q is on the way from A to B
 * when its detour, d(A,p) + d(p,q) + d(q,B) − d(A,B), is at most the larger of 50 km and 20 % of d(A,B),
 * d being the site's road estimate (places/road-distance.ts). A trip is one more list of the board's one
 * matcher, not a second one: the page's filters test each row through compileQuery, exactly as they test
 * the route's own loads; only the list's places are the trip's rule instead. No gazetteer here: the
 * coordinates come from the match context, as `near` reads them, so the phone can run it too.
 */

/** The least detour a trip allows, km: short trips would otherwise allow nothing. */
export const DETOUR_FLOOR_KM = 50;
/** The share of the trip's own length a detour may add. */
export const DETOUR_SHARE = 0.2;

/** A trip by its two ends' slugs. */
export interface Trip {
  from: string;
  to: string;
}

/**
 * The trip of a list: a route's two ends. A kept route is a trip, and what it keeps (its "new since your
 * last visit" count, its Telegram alerts) is its own loads and its loads on the way. Null for the board, a
 * city's lists, and a route from a place to itself.
 */
export function tripOfList({ from, to }: ListPlaces): Trip | null {
  return from !== undefined && to !== undefined && from !== to ? { from, to } : null;
}

/** A load on the way, with the kilometres it adds to the trip (never below 0: see detourOf). */
export interface OnTheWayRow {
  row: FilterRow;
  detourKm: number;
}

/** The road distance between two places by slug: 0 for the same place, null when either is not known. */
export type SlugDistance = (from: string, to: string) => number | null;

/** The most a trip of `directKm` lets a load add. */
export function detourLimitKm(directKm: number): number {
  return Math.max(DETOUR_FLOOR_KM, DETOUR_SHARE * directKm);
}

/** The site's road estimate between known places, by slug, each pair worked out once. */
export function slugDistance(places: readonly PlacePoint[]): SlugDistance {
  const bySlug = new Map(places.map((place) => [place.slug, place]));
  const known = new Map<string, number | null>();
  return (from, to) => {
    if (from === to) return bySlug.has(from) ? 0 : null;
    const key = from < to ? `${from} ${to}` : `${to} ${from}`;
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const a = bySlug.get(from);
    const b = bySlug.get(to);
    const km = a && b ? (roadDistanceBetween(a, b)?.km ?? null) : null;
    known.set(key, km);
    return km;
  };
}

/**
 * What a load from `from` to `to` adds to the trip, km, or null when the rule cannot say (a place not
 * known). The estimate is rounded and some routes carry published figures, so the sum can fall a little
 * below the trip itself: the rule reads the raw sum, and what the page shows is never below 0.
 */
export function detourOf(trip: Trip, from: string | null, to: string | null, distance: SlugDistance): number | null {
  if (from === null || to === null) return null;
  const toStart = distance(trip.from, from);
  const carried = distance(from, to);
  const toEnd = distance(to, trip.to);
  const direct = distance(trip.from, trip.to);
  if (toStart === null || carried === null || toEnd === null || direct === null) return null;
  const detour = toStart + carried + toEnd - direct;
  return detour <= detourLimitKm(direct) ? Math.max(0, detour) : null;
}

/**
 * The rows on the way of `trip` under `query`, the smallest detour first and, for equal detours, in the
 * site's one order (newest first, equal times by id). A row of the route itself (its ends widened by the
 * query's `near`, as the route's own list widens them) is not repeated here. `near` widens the route's
 * ends only; every other filter, and a searched place, must hold as on the route's own list.
 */
export function onTheWay(
  rows: Iterable<FilterRow>,
  trip: Trip,
  query: FilterValues,
  context: MatchContext,
  searchPlace: string | null = null,
  /** The road estimate between the context's places; a build working out many trips shares one. */
  distance: SlugDistance = slugDistance(context.places),
): OnTheWayRow[] {
  if (trip.from === trip.to || distance(trip.from, trip.to) === null) return [];
  const own = compileQuery({ ...NO_FILTERS, near: query.near }, { list: trip, searchPlace: null }, context);
  const filters = compileQuery({ ...query, near: null }, { list: {}, searchPlace }, context);
  const found: OnTheWayRow[] = [];
  // The rule reads a row's two places only: each pair of places is worked out once.
  const byPlaces = new Map<string, number | null>();
  for (const row of rows) {
    if (row.from === null || row.to === null) continue;
    const places = `${row.from} ${row.to}`;
    let detourKm = byPlaces.get(places);
    if (detourKm === undefined) byPlaces.set(places, (detourKm = detourOf(trip, row.from, row.to, distance)));
    if (detourKm !== null && !own.matches(row) && filters.matches(row)) found.push({ row, detourKm });
  }
  return found.sort((a, b) => a.detourKm - b.detourKm || newestRowFirst(a.row, b.row));
}
