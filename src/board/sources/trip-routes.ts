import type { Load } from '../../api-client/types';
import { PAGE_SIZE } from '../../config/constants';
import { DAY_MS } from '../../config/time';
import { postedAt } from '../../loads/posting-time';
import type { MatchContext } from '../../search/matcher';
import { NO_FILTERS } from '../../search/filter-table';
import { onTheWay, type OnTheWayRow, type SlugDistance, type Trip } from '../../search/on-the-way';
import { loadingDayOf, newestRowFirst, type FilterRow } from '../../search/rows';

/**
 * The board's routes as a trip reads them (docs/trips.md): the trip's rule reads a load's two places
 * only, so a route page the build did not make works out its loads on the way, their exact count, its
 * way back and its map from one row per route of the board, and fetches the cards it shows from each
 * route's own first card chunk (its newest loads, at least the PAGE_SIZE a page shows), instead of the
 * board's whole index (64 KB gzip at 10,000 loads) and a chunk per card. The build writes it
 * (filter-files.ts) beside the filter indexes; the phone fetches it on such a page only.
 */

export const TRIP_ROUTES_VERSION = 1;

export interface TripRoutesFile {
  v: typeof TRIP_ROUTES_VERSION;
  /** The newest posting the build read, as in the filter indexes. */
  builtAt: number;
  /** Slugs; a route's ends are indexes into this. */
  places: string[];
  /** Per route of the board: from, to, how many open loads, its first card chunk's hash (newest first). */
  routes: Array<[from: number, to: number, count: number, chunk: string]>;
  /** The routes' columns (TripColumnsFile), which a filter on the trip reads; absent in an older build's file. */
  columns?: string;
}

/** How many of the board's newest loads the columns name (id, posting time): more than the API's newest end a read covers. */
export const RECENT_ROWS = 200;

/**
 * What a filter reads of every load of the routes (vehicle, weight, loading day), route by route in the
 * routes file's order and each route newest first, as its own list: the trip's count under a filter
 * without the board's whole index, whose ids, posting times and places are most of its weight. The
 * board's newest loads are named, since a read of the API's newest end can tell only those taken since.
 */
export interface TripColumnsFile {
  v: typeof TRIP_ROUTES_VERSION;
  builtAt: number;
  /** Vehicle types as the API spells them; `vehicle` is an index into this plus one (0: none). */
  vehicles: string[];
  vehicle: number[];
  weight: Array<number | null>;
  /** Loading day minus the build's day (`builtAt`'s UTC day number), or null. */
  day: Array<number | null>;
  /** The board's newest RECENT_ROWS loads, newest first: route (index into the routes), id, posting time (ms; null: none). */
  recent: Array<[route: number, id: string, posted: number | null]>;
}

export interface TripRoute {
  row: FilterRow;
  count: number;
  chunk: string;
}

export interface DecodedTripRoutes {
  builtAt: number;
  routes: TripRoute[];
}

/** A route as the rule and the matcher read it: its two places, nothing else (as the build's trips.ts). */
function routeRow(from: string, to: string): FilterRow {
  return { id: `${from}/${to}`, posted: 0, vehicle: '', weight: null, day: null, from, to, named: [] };
}

export function decodeTripRoutes(file: TripRoutesFile): DecodedTripRoutes {
  if (!file || file.v !== TRIP_ROUTES_VERSION || !Array.isArray(file.routes)) throw new Error('Not a route file of this site');
  const routes = file.routes.flatMap(([from, to, count, chunk]) => {
    const a = file.places[from];
    const b = file.places[to];
    return a && b && count > 0 ? [{ row: routeRow(a, b), count, chunk }] : [];
  });
  return { builtAt: file.builtAt, routes };
}

/** How many of the routes' loads `matches` takes: the matcher reads a route row as it reads each of its loads. */
export function countOf(routes: readonly TripRoute[], matches: (row: FilterRow) => boolean): number {
  return routes.reduce((sum, route) => (matches(route.row) ? sum + route.count : sum), 0);
}

export interface RoutesOnTheWay {
  /** The routes on the way, the smallest detour first. */
  found: Array<{ route: TripRoute; detourKm: number }>;
  /** Every load on the way: exact. */
  total: number;
}

export function routesOnTheWay(routes: DecodedTripRoutes, trip: Trip, context: MatchContext, distance: SlugDistance): RoutesOnTheWay {
  const byRow = new Map(routes.routes.map((route) => [route.row, route]));
  const found = onTheWay(
    routes.routes.map((route) => route.row),
    trip,
    NO_FILTERS,
    context,
    null,
    distance,
  ).map(({ row, detourKm }) => ({ route: byRow.get(row) as TripRoute, detourKm }));
  return { found, total: found.reduce((sum, { route }) => sum + route.count, 0) };
}

/**
 * The routes whose loads the first page of the trip shows: in detour order until PAGE_SIZE loads, and the
 * rest of the last detour's routes, since equal detours are ordered newest first across routes.
 */
export function routesShown(found: RoutesOnTheWay['found']): TripRoute[] {
  const shown: TripRoute[] = [];
  let loads = 0;
  for (const [i, item] of found.entries()) {
    if (loads >= PAGE_SIZE && item.detourKm !== found[i - 1]?.detourKm) break;
    shown.push(item.route);
    loads += item.route.count;
  }
  return shown;
}

/** A card of a route's chunk as the rule reads it: its route's places, its posting time (the site's order). */
function cardRow(load: Load, route: TripRoute): FilterRow {
  return {
    ...route.row,
    id: load.id,
    posted: postedAt(load),
    vehicle: load.vehicleType.trim().toLowerCase(),
    weight: load.weight,
    day: loadingDayOf(load.loadingDate),
  };
}

/**
 * The first page's loads on the way in the rule's order, from the shown routes' chunks (`cardsOf`):
 * each route's newest loads are in its first chunk, and no route gives more than a page.
 */
export function firstPageOnTheWay(
  shown: readonly TripRoute[],
  cardsOf: (route: TripRoute) => readonly Load[],
  trip: Trip,
  context: MatchContext,
  distance: SlugDistance,
): Array<OnTheWayRow & { load: Load }> {
  const loadOf = new Map<FilterRow, Load>();
  for (const route of shown) for (const load of cardsOf(route)) loadOf.set(cardRow(load, route), load);
  return onTheWay(loadOf.keys(), trip, NO_FILTERS, context, null, distance)
    .slice(0, PAGE_SIZE)
    .map((item) => ({ ...item, load: loadOf.get(item.row) as Load }));
}

/** A row the columns describe but do not name: counted by the matcher, never a card. */
const UNNAMED = '~';

/**
 * Every load of the routes as the matcher reads it, less those `taken` says were taken since: the shown
 * cards' own rows (`shown`, each route's newest: its first cards), the board's newest by id and time,
 * the rest by their columns alone. Null when a load the columns do not name may have been taken (a read
 * reaching past the board's newest RECENT_ROWS, or one of the whole board): the board's index must say.
 */
export function tripRows(
  file: TripRoutesFile,
  columns: TripColumnsFile,
  shown: readonly FilterRow[],
  taken: (row: FilterRow) => boolean,
): FilterRow[] | null {
  if (!columns || columns.v !== TRIP_ROUTES_VERSION || !Array.isArray(columns.vehicle)) throw new Error('Not a route file of this site');
  const total = file.routes.reduce((sum, [, , count]) => sum + count, 0);
  const oldest = columns.recent.at(-1)?.[2];
  const probe = { ...routeRow('', ''), id: UNNAMED, posted: oldest ?? -Infinity };
  if (columns.recent.length < total && taken(probe)) return null;
  const recent = new Map<number, Array<[string, number]>>();
  for (const [route, id, posted] of columns.recent) recent.set(route, [...(recent.get(route) ?? []), [id, posted ?? -Infinity]]);
  const cards = new Map<string, FilterRow[]>();
  for (const row of [...shown].sort(newestRowFirst))
    cards.set(`${row.from}/${row.to}`, [...(cards.get(`${row.from}/${row.to}`) ?? []), row]);
  const vehicles = columns.vehicles.map((name) => name.trim().toLowerCase());
  const today = Math.floor(columns.builtAt / DAY_MS);
  const rows: FilterRow[] = [];
  let at = 0;
  file.routes.forEach(([from, to, count], route) => {
    const places = routeRow(file.places[from] ?? '', file.places[to] ?? '');
    const own = cards.get(places.id) ?? [];
    const named = recent.get(route) ?? [];
    for (let k = 0; k < count; k += 1, at += 1) {
      const day = columns.day[at];
      const [id, posted] = named[k] ?? [`${UNNAMED}${route}.${k}`, -Infinity];
      const row = own[k] ?? {
        ...places,
        id,
        posted,
        vehicle: vehicles[(columns.vehicle[at] ?? 0) - 1] ?? '',
        weight: columns.weight[at] ?? null,
        day: day === null || day === undefined ? null : today + day,
      };
      if (places.from && places.to && !(row.id[0] !== UNNAMED && taken(row))) rows.push(row);
    }
  });
  return rows;
}
