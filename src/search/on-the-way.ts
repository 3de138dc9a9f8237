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
  const indexOf = new Map(places.map((place, index) => [place.slug, index]));
  // Pairs by their places' indexes, both ways: a trip reads four distances for each pair of places it tests.
  const NOT_YET = -2;
  const UNKNOWN = -1;
  const known = new Float64Array(places.length * places.length).fill(NOT_YET);
  return (from, to) => {
    const a = indexOf.get(from);
    const b = indexOf.get(to);
    if (a === undefined || b === undefined) return null;
    if (a === b) return 0;
    let km = known[a * places.length + b] as number;
    if (km === NOT_YET) {
      km = roadDistanceBetween(places[a] as PlacePoint, places[b] as PlacePoint)?.km ?? UNKNOWN;
      known[a * places.length + b] = known[b * places.length + a] = km;
    }
    return km === UNKNOWN ? null : km;
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
 * How far from the trip's start a load on its way can leave, and how far from its end it can arrive, km
 * (the trip's length and the most its detour may add: each leg of the detour is at least 0); null when the
 * trip has no length. Places farther than this hold no load on its way, so a run over many loads can
 * leave them out before asking the rule.
 */
export function tripReachKm(trip: Trip, distance: SlugDistance): number | null {
  const direct = trip.from === trip.to ? null : distance(trip.from, trip.to);
  return direct === null ? null : direct + detourLimitKm(direct);
}

/** The trip's order: the smallest detour first and, for equal detours, the site's one order (newest first, equal times by id). */
export function onTheWayOrder(a: OnTheWayRow, b: OnTheWayRow): number {
  return a.detourKm - b.detourKm || newestRowFirst(a.row, b.row);
}

/** The radii that widen a route's own list: `near` its ends, `nearTo` its destination's own where set. */
export type TripRadii = Pick<FilterValues, 'near' | 'nearTo'>;

/**
 * The trip's rule for a row whatever the list's other filters: its detour when it is on the way of `trip`
 * and not a row of the route itself (its ends widened by `near`, its destination by its own `nearTo`
 * where set, as the route's own list widens them), null otherwise. The detour is always to the trip's
 * own ends: a radius only widens which loads are the route's own. Both read the row's two places only,
 * so each pair of places is worked out once, and a run testing many lists of one trip and one pair of
 * radii asks it once for all of them.
 */
export function tripRule(
  trip: Trip,
  { near, nearTo }: TripRadii,
  context: MatchContext,
  distance: SlugDistance = slugDistance(context.places),
): (row: FilterRow) => number | null {
  if (trip.from === trip.to || distance(trip.from, trip.to) === null) return () => null;
  const own = compileQuery({ ...NO_FILTERS, near, nearTo }, { list: trip, searchPlace: null }, context);
  const byPlaces = new Map<string, number | null>();
  return (row) => {
    if (row.from === null || row.to === null) return null;
    const places = `${row.from} ${row.to}`;
    let detourKm = byPlaces.get(places);
    if (detourKm === undefined) {
      detourKm = own.matches(row) ? null : detourOf(trip, row.from, row.to, distance);
      byPlaces.set(places, detourKm);
    }
    return detourKm;
  };
}

/**
 * What a row on the way must pass besides the trip's rule: every filter of the query but `near` and
 * `nearTo`, which widen the route's ends only, and a searched place, as on the route's own list.
 */
export function tripFilters(query: FilterValues, context: MatchContext, searchPlace: string | null = null): (row: FilterRow) => boolean {
  const { matches } = compileQuery({ ...query, near: null, nearTo: null }, { list: {}, searchPlace }, context);
  return (row) => matches(row);
}

/** The rows on the way of `trip` under `query`, in the trip's order (onTheWayOrder). */
export function onTheWay(
  rows: Iterable<FilterRow>,
  trip: Trip,
  query: FilterValues,
  context: MatchContext,
  searchPlace: string | null = null,
  /** The road estimate between the context's places; a build working out many trips shares one. */
  distance: SlugDistance = slugDistance(context.places),
): OnTheWayRow[] {
  const along = tripRule(trip, query, context, distance);
  const passes = tripFilters(query, context, searchPlace);
  const found: OnTheWayRow[] = [];
  for (const row of rows) {
    const detourKm = along(row);
    if (detourKm !== null && passes(row)) found.push({ row, detourKm });
  }
  return found.sort(onTheWayOrder);
}
