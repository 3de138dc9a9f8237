import type { Load } from '../api-client/types';
import { WAY_BACK_NEAR_KM } from '../config/constants';
import { NO_FILTERS } from '../board/filter-table';
import { compileQuery, type MatchContext } from '../board/matcher';
import { onTheWay } from '../board/on-the-way';
import { tashkentToday, type FilterRow } from '../board/rows';
import { newestFirst } from '../loads/posting-time';
import { routeKey, type PlaceGroups, type RouteGroup } from '../loads/place-groups';
import { PLACES, type Place } from '../places/gazetteer';

export { WAY_BACK_NEAR_KM };

/** What the build shows of a trip besides the route's own loads (docs/trips.md). */
export interface BuildTrip {
  /** The loads on the way, the smallest detour first, equal detours newest first. */
  onTheWay: Array<{ load: Load; detourKm: number }>;
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

/** The trips of every route page, worked out by the board's matcher and its trip rule (src/board/on-the-way.ts). */
export function buildTrips(groups: PlaceGroups<Place>, now: number): (from: Place, to: Place) => BuildTrip {
  const context: MatchContext = { today: tashkentToday(now), places: PLACES };
  const routes = [...groups.routes.values()];
  const rows = routes.map(routeRow);
  const loadsOf = new Map(routes.map((route, index) => [rows[index] as FilterRow, route.loads]));

  return (from, to) => {
    const trip = { from: from.slug, to: to.slug };
    const found = onTheWay(rows, trip, NO_FILTERS, context).flatMap(({ row, detourKm }) =>
      (loadsOf.get(row) ?? []).map((load) => ({ load, detourKm })),
    );
    found.sort((a, b) => a.detourKm - b.detourKm || newestFirst(a.load, b.load));
    const back = compileQuery(
      { ...NO_FILTERS, near: WAY_BACK_NEAR_KM },
      { list: { from: to.slug, to: from.slug }, searchPlace: null },
      context,
    );
    const wayBack = rows.reduce((count, row) => count + (back.matches(row) ? (loadsOf.get(row)?.length ?? 0) : 0), 0);
    return { onTheWay: found, wayBack };
  };
}
