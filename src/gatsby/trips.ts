import type { Load } from '../api-client/types';
import { WAY_BACK_NEAR_KM } from '../config/constants';
import { NO_FILTERS } from '../search/filter-table';
import { compileQuery, type MatchContext } from '../search/matcher';
import { onTheWay, slugDistance } from '../search/on-the-way';
import { tashkentToday, type FilterRow } from '../search/rows';
import { newestFirst } from '../loads/posting-time';
import { routeKey, type PlaceGroups, type RouteGroup } from '../loads/place-groups';
import { PLACES, type Place } from '../places/gazetteer';

/** What the build shows of a trip besides the route's own loads (docs/trips.md). */
export interface BuildTrip {
  /**
   * The loads on the way, the smallest detour first, equal detours newest first: at least the first
   * TRIP_LOADS_KEPT (or all), to the end of the detour the last of them has.
   */
  onTheWay: Array<{ load: Load; detourKm: number }>;
  /** How many loads are on the way in all. */
  total: number;
  /** How many open loads leave the destination or a place within 50 km of it for the origin or one within 50 km of it. */
  wayBack: number;
}

/**
 * One row per route the build read: the trip's rule and `near` read a load's two places only, so a
 * route's loads are all on the way or none are. Working out the rule once per route rather than once
 * per load keeps a 10,000-load build's trips to routes squared (about 600 by 600) and not routes by loads.
 */
function routeRow(route: RouteGroup<Place>): FilterRow {
  return {
    id: routeKey(route.from.slug, route.to.slug),
    posted: 0,
    vehicle: '',
    weight: null,
    day: null,
    from: route.from.slug,
    to: route.to.slug,
    named: [],
  };
}

/** Loads a route page needs of its trip in order: its cards and its map's places come from the first. */
const TRIP_LOADS_KEPT = 200;

/** The trips of every route page, worked out by the board's matcher and its trip rule (src/search/on-the-way.ts). */
export function buildTrips(groups: PlaceGroups<Place>, now: number): (from: Place, to: Place) => BuildTrip {
  const context: MatchContext = { today: tashkentToday(now), places: PLACES };
  const routes = [...groups.routes.values()];
  const rows = routes.map(routeRow);
  const loadsOf = new Map(routes.map((route, index) => [rows[index] as FilterRow, route.loads]));
  // The site's one order, worked out once: a comparison by posting time parses two dates.
  const rank = new Map(
    [...loadsOf.values()]
      .flat()
      .sort(newestFirst)
      .map((load, index) => [load, index]),
  );
  const byRank = (a: Load, b: Load) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  const distance = slugDistance(PLACES);
  return (from, to) => {
    const trip = { from: from.slug, to: to.slug };
    const found = onTheWay(rows, trip, NO_FILTERS, context, null, distance);
    // Equal detours newest first; the page shows the first ones and counts them all, so the order is
    // worked out only as far as TRIP_LOADS_KEPT reaches (to the end of the detour it falls in).
    const kept: BuildTrip['onTheWay'] = [];
    let total = 0;
    for (let start = 0; start < found.length;) {
      const detourKm = (found[start] as (typeof found)[number]).detourKm;
      let end = start;
      while (end < found.length && (found[end] as (typeof found)[number]).detourKm === detourKm) end += 1;
      const tier = found.slice(start, end).flatMap(({ row }) => loadsOf.get(row) ?? []);
      total += tier.length;
      if (kept.length < TRIP_LOADS_KEPT) kept.push(...tier.sort(byRank).map((load) => ({ load, detourKm })));
      start = end;
    }
    const back = compileQuery(
      { ...NO_FILTERS, near: WAY_BACK_NEAR_KM },
      { list: { from: to.slug, to: from.slug }, searchPlace: null },
      context,
    );
    const wayBack = rows.reduce((count, row) => count + (back.matches(row) ? (loadsOf.get(row)?.length ?? 0) : 0), 0);
    return { onTheWay: kept, total, wayBack };
  };
}
