import type { PlacePoint } from '../places/around';
import { placesAround } from '../places/around';
import { FILTER_KEYS, NEAR_OPTIONS, type FilterKey, type FilterValues } from './filter-table';
import { dayNumber, newestRowFirst, type FilterRow } from './rows';

/**
 * The board's one matcher (CONTRACT.md, "Filters"): which rows a list with a query shows, in which
 * order, and how many each filter's options would show. Every list runs through it: the filter index
 * the build publishes, the loads posted since, a text search read from the API, and the Telegram alerts.
 * Each filter's row test and count is one entry of MATCH_TABLE, keyed as filter-table.ts's entries are.
 * A load that lacks the field a filter asks about does not match that filter.
 */

export type RowTest = (row: FilterRow) => boolean;

/** A list's own places: a city page's (from or to), a route's two ends; none on the board. */
export interface ListPlaces {
  from?: string;
  to?: string;
}

/** What a query is matched within. */
export interface ListMatch {
  list: ListPlaces;
  /**
   * The known place the search names, by slug: loads from it, to it, or whose title names it. Null for no
   * search, and for free text, which the API searched before the rows came here.
   */
  searchPlace: string | null;
}

export interface MatchContext {
  /** Today in Tashkent, as a day number (rows.ts): the loading-day order starts from it. */
  today: number;
  /** Every known place with its coordinates, for `near`. */
  places: readonly PlacePoint[];
}

/** How many rows each option of a filter would show, under the other filters. */
export interface FacetCounts {
  /** By lower-case vehicle type name; '' counts the loads that name none. */
  vehicle: Map<string, number>;
  /** By loading day number; loads without a day are not counted. */
  loading: Map<number, number>;
  /** By the kilometres of each NEAR_OPTIONS; empty for a list without a place. */
  near: Map<number, number>;
}

interface MatchEntry<K extends FilterKey> {
  /** A test of rows for the value; null when the value asks nothing of a row. */
  test(value: FilterValues[K]): RowTest | null;
}

/** Each filter's row test. `near` widens the list's places (placeTest) and `sort` orders: neither tests a row. */
const MATCH_TABLE: { readonly [K in FilterKey]: MatchEntry<K> } = {
  vehicle: {
    test: (names) => {
      if (names.length === 0) return null;
      const wanted = new Set(names.map((name) => name.trim().toLowerCase()));
      return (row) => wanted.has(row.vehicle);
    },
  },
  weight: {
    test: ({ min, max }) =>
      min === null && max === null
        ? null
        : (row) => row.weight !== null && (min === null || row.weight >= min) && (max === null || row.weight <= max),
  },
  loading: {
    test: ({ from, to }) => {
      if (from === null && to === null) return null;
      const first = from === null ? null : dayNumber(from);
      const last = to === null ? null : dayNumber(to);
      return (row) => row.day !== null && (first === null || row.day >= first) && (last === null || row.day <= last);
    },
  },
  near: { test: () => null },
  sort: { test: () => null },
  nearTo: { test: () => null },
};

/** Whether a list has a place for `near` to widen. */
export function hasPlace(match: ListMatch): boolean {
  return Boolean(match.list.from || match.list.to || match.searchPlace);
}

/** A route's destination's radius: its own (`nearTo`, 0 the place alone) where set, else `near`'s. */
function destinationKm(match: ListMatch, near: number | null, nearTo: number | null): number | null {
  return match.list.from && match.list.to && nearTo !== null ? nearTo || null : near;
}

/**
 * The rows of the list's places and its searched place, each widened to every place within `near` km
 * (a route's destination within its own `nearTo` where set). A row whose place is not known matches no
 * place (it can be the place itself only by name, which a free-text search reads).
 */
function placeTest(match: ListMatch, near: number | null, nearTo: number | null, context: MatchContext): RowTest | null {
  const widen = (slug: string, km: number | null) => (km ? placesAround(slug, km, context.places) : new Set([slug]));
  const from = match.list.from ? widen(match.list.from, near) : null;
  const to = match.list.to ? widen(match.list.to, destinationKm(match, near, nearTo)) : null;
  const searched = match.searchPlace ? widen(match.searchPlace, near) : null;
  if (!from && !to && !searched) return null;
  const at = (places: Set<string>, slug: string | null) => slug !== null && places.has(slug);
  return (row) =>
    (!from || at(from, row.from)) &&
    (!to || at(to, row.to)) &&
    (!searched || at(searched, row.from) || at(searched, row.to) || row.named.some((slug) => searched.has(slug)));
}

export interface CompiledQuery {
  /** Whether a row is on the list; `leaveOut`: as if that filter were unset (for its own counts). */
  matches(row: FilterRow, leaveOut?: FilterKey): boolean;
  order: (a: FilterRow, b: FilterRow) => number;
}

export function compileQuery(query: FilterValues, match: ListMatch, context: MatchContext): CompiledQuery {
  const place = placeTest(match, query.near, query.nearTo, context);
  const wide = query.near === null ? place : placeTest(match, null, query.nearTo, context);
  const tests = FILTER_KEYS.flatMap((key) => {
    const test = (MATCH_TABLE[key] as MatchEntry<typeof key>).test(query[key] as never);
    return test ? [[key, test] as const] : [];
  });
  return {
    matches(row, leaveOut) {
      const places = leaveOut === 'near' ? wide : place;
      if (places && !places(row)) return false;
      for (const [key, test] of tests) if (key !== leaveOut && !test(row)) return false;
      return true;
    },
    order: rowOrder(query.sort, context.today),
  };
}

/**
 * Soonest loading day first: today and later, soonest first; then days that have passed, the latest
 * first; loads without a day last. One day's loads newest first.
 */
function soonestLoadingFirst(today: number): (a: FilterRow, b: FilterRow) => number {
  const rank = (day: number | null) => (day === null ? 2 : day >= today ? 0 : 1);
  return (a, b) => {
    const ranks = rank(a.day) - rank(b.day);
    if (ranks !== 0) return ranks;
    if (a.day !== b.day && a.day !== null && b.day !== null) return rank(a.day) === 0 ? a.day - b.day : b.day - a.day;
    return newestRowFirst(a, b);
  };
}

export function rowOrder(sort: FilterValues['sort'], today: number): (a: FilterRow, b: FilterRow) => number {
  return sort === 'loading' ? soonestLoadingFirst(today) : newestRowFirst;
}

/** The rows of a list with a query, in its order. */
export function matchingRows(rows: Iterable<FilterRow>, query: FilterValues, match: ListMatch, context: MatchContext): FilterRow[] {
  const compiled = compileQuery(query, match, context);
  const found: FilterRow[] = [];
  for (const row of rows) if (compiled.matches(row)) found.push(row);
  return found.sort(compiled.order);
}

/** How many rows each option of each filter would show, under the other filters. */
export function facetCounts(rows: readonly FilterRow[], query: FilterValues, match: ListMatch, context: MatchContext): FacetCounts {
  const compiled = compileQuery(query, match, context);
  const vehicle = new Map<string, number>();
  const loading = new Map<number, number>();
  for (const row of rows) {
    if (compiled.matches(row, 'vehicle')) vehicle.set(row.vehicle, (vehicle.get(row.vehicle) ?? 0) + 1);
    if (row.day !== null && compiled.matches(row, 'loading')) loading.set(row.day, (loading.get(row.day) ?? 0) + 1);
  }
  const near = new Map<number, number>();
  if (hasPlace(match))
    for (const km of NEAR_OPTIONS) {
      const widened = compileQuery({ ...query, near: km }, match, context);
      near.set(
        km,
        rows.reduce((sum, row) => sum + (widened.matches(row) ? 1 : 0), 0),
      );
    }
  return { vehicle, loading, near };
}
