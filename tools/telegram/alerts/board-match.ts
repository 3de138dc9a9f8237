/**
 * The one door between the alerts and the board's own rules: which loads a kept search's list holds,
 * in which order, and its URL, all by the site's own code (src/search/, src/places/), never a copy of it,
 * so an alert lists exactly what the board lists for that URL. Every import from src/search/ and
 * src/places/ that matching needs is here and nowhere else in tools/telegram/alerts/: when the board's
 * query or its filters change shape, this file is re-pointed and the rest of the alerts follow.
 *
 * The board has one matcher (src/search/matcher.ts) over rows made as the build makes them for its filter
 * indexes (`filterRow` with the gazetteer, `gazetteerPlaces` in src/gatsby/filter-files.ts): a load's places,
 * the places its title names, its type, weight and loading day. A city or route list without `near` (or
 * `nearTo`) tests the loads of its own group only, as the build groups them for its index; a place search,
 * and a city or route list with either, test the loads that touch its place (or a place within its `near`,
 * a route's origin's); any other list
 * tests them all; and a list of some vehicle types, only the loads of those types among those.
 */
import type { Load } from '../../../src/api-client/types';
import type { Language } from '../../../src/config/languages';
import type { PublishedLoad } from '../../../src/feeds/published-board';
import { absoluteUrl } from '../../../src/i18n/paths';
import { compileQuery } from '../../../src/search/matcher';
import {
  detourLimitKm,
  onTheWayOrder,
  slugDistance,
  tripFilters,
  tripOfList,
  tripReachKm,
  tripRule,
  type OnTheWayRow,
  type SlugDistance,
  type Trip,
  type TripRadii,
} from '../../../src/search/on-the-way';
import { dayNumber, filterRow, type FilterRow } from '../../../src/search/rows';
import { boardHref, EMPTY_QUERY, type BoardQuery } from '../../../src/search/query';
import { alertListPath } from '../../../src/search/alert-token';
import { placesAround } from '../../../src/places/around';
import { PLACES } from '../../../src/places/gazetteer';
import { gazetteerPlaces } from '../../../src/search/gazetteer-places';
import { groupBuildLoads } from '../../../src/loads/gazetteer-groups';
import { routeKey } from '../../../src/loads/place-groups';
import { type KeptList, placeName } from './kept-list';

/** The board's query of a kept list: what its URL says (its search is its place's name in its language). */
export function listQuery(list: KeptList): BoardQuery {
  return { ...EMPTY_QUERY, search: list.place ? placeName(list.place, list.language) : '', ...list.filters };
}

/** The list's page on the site, in its language, filtered as it was kept. */
export function listUrl(list: KeptList, siteUrl: string, language: Language = list.language): string {
  return absoluteUrl(siteUrl, boardHref(language, listQuery(list), { scope: { path: alertListPath(list.scope), builtPages: 1 } }));
}

/** A load as the board's matcher reads it: made once per load, tested by every list. */
export interface BoardRow {
  load: PublishedLoad;
  /** The board's own reading of the load (src/search/rows.ts): what its lists test. */
  readonly row: FilterRow;
}

/** A list's loads before its filters, oldest first, with their posting times (for finding a cursor). */
export interface ListRows {
  rows: readonly BoardRow[];
  times: readonly number[];
}

/** The board as the alerts read it: every dated load's row once, and each list's loads before its filters. */
export interface PreparedBoard {
  /** Every dated load, oldest first. */
  all: ListRows;
  /**
   * The loads a list tests: a city's from or to, a route's, or (a place search, `near`, the board) all;
   * of a list of some vehicle types, only theirs, one part a type.
   */
  rowsOf(list: KeptList): ListRows[];
  /**
   * The loads on a kept route's way whatever its other filters, each with its detour, oldest first in one
   * or more parts (one for each of its vehicle types, when it names some): the trip's rule asked once a
   * route of the board for each trip and its radii (`near`, `nearTo`), the list's filters still to test;
   * null for no trip.
   */
  rowsOnTheWay(list: KeptList, today: number): WayRows[] | null;
}

/** A new load on the way of a kept route, with what it adds to the trip. */
export interface OnTheWayLoad extends OnTheWayRow {
  one: BoardRow;
}

/** A trip's loads on the way, oldest first, with their posting times (for finding a cursor). */
export interface WayRows {
  rows: readonly OnTheWayLoad[];
  times: readonly number[];
}

/** Loads on the way already oldest first, with their posting times. */
function withTimes(rows: OnTheWayLoad[]): WayRows {
  return { rows, times: rows.map((one) => one.row.posted) };
}

/** A trip's routes on the way under one `near` and `nearTo`, and their loads: all of them, and each vehicle type's. */
interface TripRows {
  routes: OnTheWayLoad[][];
  all: WayRows;
  byVehicle: Map<string, WayRows>;
}

/** A list's rows by their vehicle type, each part oldest first as the list is. */
function byVehicleType(rows: ListRows): Map<string, ListRows> {
  const split = new Map<string, BoardRow[]>();
  for (const one of rows.rows) {
    const found = split.get(one.row.vehicle);
    if (found) found.push(one);
    else split.set(one.row.vehicle, [one]);
  }
  return new Map([...split].map(([type, part]) => [type, { rows: part, times: part.map((one) => one.row.posted) }]));
}

function oldestFirst(rows: BoardRow[]): ListRows {
  const dated = rows.filter((one) => Number.isFinite(one.row.posted)).sort((a, b) => a.row.posted - b.row.posted);
  return { rows: dated, times: dated.map((one) => one.row.posted) };
}

/** Each known place's rows: the loads leaving it, reaching it, or whose title names it. */
function rowsByPlace(rows: readonly BoardRow[]): Map<string, BoardRow[]> {
  const byPlace = new Map<string, BoardRow[]>();
  for (const one of rows)
    for (const slug of new Set([one.row.from, one.row.to, ...one.row.named])) {
      if (slug === null) continue;
      const found = byPlace.get(slug);
      if (found) found.push(one);
      else byPlace.set(slug, [one]);
    }
  return byPlace;
}

/** The road estimate between the gazetteer's places, one cache for every trip of the run. */
let distance: SlugDistance | null = null;
const sharedDistance = (): SlugDistance => (distance ??= slugDistance(PLACES));

export function prepareBoard(loads: readonly PublishedLoad[]): PreparedBoard {
  // The published board has no contacts and no notes; rows and groups read none.
  const wholes = loads.map((load): Load => ({ ...load, additionalInfo: '', contactSource: 'contact', contact: null }));
  const places = gazetteerPlaces();
  const rowOf = new Map(wholes.map((whole, index) => [whole, { load: loads[index] as PublishedLoad, row: filterRow(whole, places) }]));
  const all = oldestFirst([...rowOf.values()]);
  const groups = groupBuildLoads(wholes);
  const byPlace = rowsByPlace(all.rows);
  const lists = new Map<string, ListRows>();
  const rowsOfGroup = (key: string, group: { loads: Load[] } | undefined): ListRows => {
    let found = lists.get(key);
    if (!found) lists.set(key, (found = oldestFirst((group?.loads ?? []).map((whole) => rowOf.get(whole) as BoardRow))));
    return found;
  };
  // Only rows that touch one of a place's surroundings can match a list of it: the matcher still decides.
  const rowsAround = (slug: string, near: number | null): ListRows => {
    const key = `around:${slug}:${near ?? 0}`;
    let found = lists.get(key);
    if (!found) {
      const slugs = near === null ? [slug] : [...placesAround(slug, near, PLACES)];
      lists.set(key, (found = oldestFirst([...new Set(slugs.flatMap((one) => byPlace.get(one) ?? []))])));
    }
    return found;
  };
  // A list of some vehicle types holds only their rows (the matcher's test is this one): each list's rows
  // are split by type once, and a list of two types reads two parts.
  const typeParts = new Map<ListRows, Map<string, ListRows>>();
  const partsOfTypes = (rows: ListRows, names: readonly string[]): ListRows[] => {
    let parts = typeParts.get(rows);
    if (!parts) typeParts.set(rows, (parts = byVehicleType(rows)));
    const found = parts;
    return [...new Set(names.map((name) => name.trim().toLowerCase()))].flatMap((name) => found.get(name) ?? []);
  };
  // The trip's rule reads a load's two places only: it is worked out once a route, not once a load. The
  // routes by the place they leave, then the place they reach.
  const byRoute = new Map<string, Map<string, BoardRow[]>>();
  for (const one of all.rows) {
    if (one.row.from === null || one.row.to === null) continue;
    let leaving = byRoute.get(one.row.from);
    if (!leaving) byRoute.set(one.row.from, (leaving = new Map()));
    const found = leaving.get(one.row.to);
    if (found) found.push(one);
    else leaving.set(one.row.to, [one]);
  }
  // Routes whose ends are within the trip's reach of its ends, for the rule to decide.
  const routesWithin = (trip: Trip): BoardRow[][] => {
    const distance = sharedDistance();
    const reach = tripReachKm(trip, distance);
    if (reach === null) return [];
    const within = (from: string, to: string) => {
      const km = distance(from, to);
      return km !== null && km <= reach;
    };
    const routes: BoardRow[][] = [];
    for (const [from, leaving] of byRoute)
      if (within(trip.from, from)) for (const [to, route] of leaving) if (within(to, trip.to)) routes.push(route);
    return routes;
  };
  // A trip's routes on the way under its radii, each route's loads sharing one reading of their detour.
  const trips = new Map<string, TripRows>();
  const tripRows = (trip: Trip, radii: TripRadii, today: number): TripRows => {
    const key = `${trip.from} ${trip.to} ${radii.near ?? 0} ${radii.nearTo ?? 'near'}`;
    let found = trips.get(key);
    if (found) return found;
    const along = tripRule(trip, radii, { today, places: PLACES }, sharedDistance());
    // Widened ends make more of the loads the route's own, never fewer: the routes on the way under
    // `near` or `nearTo` are some of those on the way of the route itself, and only those are asked again.
    const routes: OnTheWayLoad[][] =
      radii.near === null && radii.nearTo === null
        ? routesWithin(trip).flatMap((route) => {
            const detourKm = route[0] ? along(route[0].row) : null;
            return detourKm === null ? [] : [route.map((one): OnTheWayLoad => ({ one, row: one.row, detourKm }))];
          })
        : tripRows(trip, { near: null, nearTo: null }, today).routes.filter(([first]) => first && along(first.row) !== null);
    const all = withTimes(routes.flat().sort((a, b) => a.row.posted - b.row.posted));
    const byVehicle = new Map<string, OnTheWayLoad[]>();
    for (const one of all.rows) {
      const same = byVehicle.get(one.row.vehicle);
      if (same) same.push(one);
      else byVehicle.set(one.row.vehicle, [one]);
    }
    const vehicles = new Map([...byVehicle].map(([vehicle, rows]) => [vehicle, withTimes(rows)]));
    trips.set(key, (found = { routes, all, byVehicle: vehicles }));
    return found;
  };
  const listRows = ({ scope: { from, to }, place, filters: { near, nearTo } }: KeptList): ListRows => {
    // A searched place, widened or not, holds only rows that touch it.
    if (place !== null) return rowsAround(place, near);
    // Widened to places around, a city's or a route's list holds loads of other places' groups, all of
    // them leaving (or reaching) a place around its own: far fewer than the board's. A route whose
    // destination alone is widened (`nearTo`, a route's only) leaves its origin, as `near` widens it.
    if (near !== null || nearTo) return from !== undefined || to !== undefined ? rowsAround((from ?? to) as string, near) : all;
    if (from !== undefined && to !== undefined) return rowsOfGroup(`route:${from}/${to}`, groups.routes.get(routeKey(from, to)));
    if (from !== undefined) return rowsOfGroup(`from:${from}`, groups.from.get(from));
    if (to !== undefined) return rowsOfGroup(`to:${to}`, groups.to.get(to));
    return all;
  };
  const rowsOnTheWay = (list: KeptList, today: number): WayRows[] | null => {
    const trip = tripOfList(list.scope);
    if (!trip) return null;
    const { all, byVehicle } = tripRows(trip, list.filters, today);
    if (list.filters.vehicle.length === 0) return [all];
    const wanted = new Set(list.filters.vehicle.map((name) => name.trim().toLowerCase()));
    return [...wanted].flatMap((name) => byVehicle.get(name) ?? []);
  };
  return {
    all,
    rowsOnTheWay,
    rowsOf(list) {
      const rows = listRows(list);
      return list.filters.vehicle.length > 0 ? partsOfTypes(rows, list.filters.vehicle) : [rows];
    },
  };
}

/** A Tashkent day `YYYY-MM-DD` as the matcher counts days. */
export const dayOfRun = (today: string): number => dayNumber(today);

/** The board's matcher of a list, on `today` (a Tashkent day number: the loading-day order starts there). */
function compiled(list: KeptList, today: number) {
  return compileQuery(list.filters, { list: list.scope, searchPlace: list.place }, { today, places: PLACES });
}

/** Whether a load is on the list's page: the board's own matcher. */
export function listMatcher(list: KeptList, today: number): (load: BoardRow) => boolean {
  if (list.filters.vehicle.length === 0 && list.unknownVehicles > 0) return () => false;
  const { matches } = compiled(list, today);
  return (load) => matches(load.row);
}

/**
 * Whether a load on the way of a kept route is on its list, under the list's other filters, by the board's
 * one trip rule over its one matcher (src/search/on-the-way.ts): the rule itself is rowsOnTheWay's.
 */
export function listWayFilter(list: KeptList, today: number): (one: OnTheWayLoad) => boolean {
  if (list.filters.vehicle.length === 0 && list.unknownVehicles > 0) return () => false;
  const passes = tripFilters(list.filters, { today, places: PLACES }, list.place);
  return (one) => passes(one.row);
}

/** The order of a kept route's loads on the way: the smallest detour first, then the site's one order. */
export const wayOrder: (a: OnTheWayLoad, b: OnTheWayLoad) => number = onTheWayOrder;

/** The most a load on the way of a kept route may add to its trip, km; null for a list that is no trip. */
export function listDetourLimitKm(list: KeptList): number | null {
  const trip = tripOfList(list.scope);
  const direct = trip ? sharedDistance()(trip.from, trip.to) : null;
  return direct === null ? null : detourLimitKm(direct);
}

/** The list's order on the board (newest first, or today's and later loading days first). */
export function listOrder(list: KeptList, today: number): (a: BoardRow, b: BoardRow) => number {
  const { order } = compiled(list, today);
  return (a, b) => order(a.row, b.row);
}

/**
 * What identifies a list whatever its language and the reader: lists with the same key hold the same
 * loads, so a run tests each such list once however many chats keep it.
 */
export function listKey(list: KeptList): string {
  const { language: _language, filters, ...rest } = list;
  return JSON.stringify({ ...rest, filters: { ...filters, vehicle: filters.vehicle.map((name) => name.toLowerCase()).sort() } });
}
