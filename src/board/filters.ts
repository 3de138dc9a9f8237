import type { Load } from '../api-client/types';
import { DAY_MS, tashkentDay } from '../config/time';
import type { BoardQuery } from './query';

/**
 * The filters of CONTRACT.md ("Filters") as one pure predicate, shared by every list a filter applies
 * to: the filter index the build publishes, the loads posted since, and a text search read from the API.
 * A load that lacks the field a filter asks about does not match that filter.
 */

/** What a filter reads of one load. */
export interface FilterRow {
  id: string;
  /** Posting time (epoch ms); -Infinity when the API gave none. */
  posted: number;
  /** The vehicle type's name in lower case; empty when the load names none. */
  vehicle: string;
  /** Tonnes; null when the load gives none. */
  weight: number | null;
  /** The loading day in Tashkent, as days since 1970-01-01; null when the load gives none. */
  day: number | null;
  /** The slugs of the known places the load goes from and to; null for a place the site does not know. */
  from: string | null;
  to: string | null;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The Tashkent loading day of a load as a day number, or null. */
export function loadingDayOf(loadingDate: string | null): number | null {
  const time = loadingDate ? Date.parse(loadingDate) : NaN;
  const day = Number.isFinite(time) ? tashkentDay(time) : null;
  return day ? dayNumber(day) : null;
}

/** The row of a load, its places known by `placeSlug` (the gazetteer on the build, the place file on the phone). */
export function filterRow(load: Load, placeSlug: (text: string) => string | null): FilterRow {
  const time = load.createdAt ? Date.parse(load.createdAt) : NaN;
  return {
    id: load.id,
    posted: Number.isFinite(time) ? time : -Infinity,
    vehicle: load.vehicleType.trim().toLowerCase(),
    weight: load.weight,
    day: loadingDayOf(load.loadingDate),
    from: load.from ? placeSlug(load.from) : null,
    to: load.to ? placeSlug(load.to) : null,
  };
}

/** A query's filters, ready to test rows with. `place`: the known place a search names, by slug. */
export interface RowFilter {
  vehicles: ReadonlySet<string> | null;
  weightMin: number | null;
  weightMax: number | null;
  fromDay: number | null;
  toDay: number | null;
  place: string | null;
  /** Only loads of this scope: from a place, to a place, or along a route (slugs). */
  scope: { from?: string; to?: string } | null;
}

export function rowFilter(query: BoardQuery, place: string | null, scope: RowFilter['scope'] = null): RowFilter {
  return {
    vehicles: query.vehicles.length > 0 ? new Set(query.vehicles.map((name) => name.trim().toLowerCase())) : null,
    weightMin: query.weightMin,
    weightMax: query.weightMax,
    fromDay: query.loadingFrom ? dayNumber(query.loadingFrom) : null,
    toDay: query.loadingTo ? dayNumber(query.loadingTo) : null,
    place,
    scope,
  };
}

/** The filter a facet's own counts leave out: each option counts under all the other filters. */
export type Facet = 'vehicle' | 'loading';

export function rowMatches(row: FilterRow, filter: RowFilter, leaveOut?: Facet): boolean {
  const { scope } = filter;
  if (scope && ((scope.from !== undefined && row.from !== scope.from) || (scope.to !== undefined && row.to !== scope.to))) return false;
  if (filter.place !== null && row.from !== filter.place && row.to !== filter.place) return false;
  if (leaveOut !== 'vehicle' && filter.vehicles && !filter.vehicles.has(row.vehicle)) return false;
  if (filter.weightMin !== null || filter.weightMax !== null) {
    if (row.weight === null) return false;
    if (filter.weightMin !== null && row.weight < filter.weightMin) return false;
    if (filter.weightMax !== null && row.weight > filter.weightMax) return false;
  }
  if (leaveOut !== 'loading' && (filter.fromDay !== null || filter.toDay !== null)) {
    if (row.day === null) return false;
    if (filter.fromDay !== null && row.day < filter.fromDay) return false;
    if (filter.toDay !== null && row.day > filter.toDay) return false;
  }
  return true;
}

/** Newest first, equal times by id: the site's one order (loads/posting-time.ts), for rows. */
function newestRowFirst(a: FilterRow, b: FilterRow): number {
  const newer = b.posted - a.posted;
  if (newer > 0 || newer < 0) return newer;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Soonest loading day first, loads without one last; one day's loads newest first. */
function soonestRowFirst(a: FilterRow, b: FilterRow): number {
  if (a.day !== b.day) {
    if (a.day === null) return 1;
    if (b.day === null) return -1;
    return a.day - b.day;
  }
  return newestRowFirst(a, b);
}

export function rowOrder(sort: BoardQuery['sort']): (a: FilterRow, b: FilterRow) => number {
  return sort === 'loading' ? soonestRowFirst : newestRowFirst;
}

/** How many rows each option would show, under the other filters: vehicle types and loading days. */
export interface FacetCounts {
  /** By lower-case vehicle type name; '' counts the loads that name none. */
  vehicles: Map<string, number>;
  /** By loading day number; loads without a day are not counted. */
  days: Map<number, number>;
}

export function facetCounts(rows: Iterable<FilterRow>, filter: RowFilter): FacetCounts {
  const vehicles = new Map<string, number>();
  const days = new Map<number, number>();
  for (const row of rows) {
    if (rowMatches(row, filter, 'vehicle')) vehicles.set(row.vehicle, (vehicles.get(row.vehicle) ?? 0) + 1);
    if (row.day !== null && rowMatches(row, filter, 'loading')) days.set(row.day, (days.get(row.day) ?? 0) + 1);
  }
  return { vehicles, days };
}
