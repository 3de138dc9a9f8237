import type { ClosedLoad, HistoryStats, RateSample } from '../types';
import { isoOrNull, numberList, numbersOf, orNull, textList, textsOf } from './column-codec';
import type { Connection, SqlValue } from './connection';
import { HistoryFileError } from './errors';
import { readFingerprint } from './poster-key';
import { NUMBER_RULE } from './schema';

/** The history's reads for the build: the going rates' window, the closed loads, the figures of `stats`. */

/** The one row of an aggregate query (numberList, textList), by its columns' names. */
function aggregate<Row extends object>(connection: Connection, sql: string, params: SqlValue[]): Row {
  return connection.get<Row>(sql, ...params) as Row;
}

export function rateSamples(connection: Connection, start: number, end: number): RateSample[] {
  // The going rates' loads (RateSample): both places known and different, and on the board at some
  // time in the window: seen by its end, and not closed before its start. A load's posting time is
  // its createdAt, never later than when it was first seen, so a createdAt after the window's end
  // neither leaves out a load the build saw nor posts it in the future. `+closed_at` keeps SQLite off
  // the closed_at index: a scan of the table reads it in order, the index's two ranges (open, and
  // closed in the window) cost one lookup by id per load. Counting the window at a million loads took
  // 1.55 s that way, 0.18 s by the scan.
  const columns = aggregate<{ count: number; groups: SqlValue; weights: SqlValue; prices: SqlValue; posted: SqlValue; posters: SqlValue }>(
    connection,
    `SELECT count(*) AS count, ${numberList('rate_group')} AS groups, ${numberList('weight')} AS weights, ${numberList('price')} AS prices,
       ${numberList('min(coalesce(created_at, first_seen), first_seen)')} AS posted, ${numberList('poster_id')} AS posters
     FROM loads
     WHERE from_known = 1 AND to_known = 1 AND from_place <> to_place
       AND (+closed_at >= ? OR +closed_at IS NULL) AND first_seen <= ?`,
    [start, end],
  );
  const n = Number(columns.count);
  const groups = rateGroups(connection);
  const group = numbersOf(columns.groups, n);
  const weight = numbersOf(columns.weights, n);
  const price = numbersOf(columns.prices, n);
  const postedAt = numbersOf(columns.posted, n);
  const poster = numbersOf(columns.posters, n);
  const samples = new Array<RateSample>(n);
  for (let i = 0; i < n; i++) {
    const route = groups.get(group[i] as number);
    if (!route) throw new HistoryFileError(connection.file, `damaged (load without its rate group ${group[i]})`);
    samples[i] = {
      from: route.from,
      to: route.to,
      currency: route.currency,
      vehicleType: route.vehicleType,
      weight: orNull(weight[i]),
      price: orNull(price[i]),
      posted: postedAt[i] as number,
      // The poster's row id in this file: as distinct as its hash, without reading the hash.
      poster: orNull(poster[i]),
    };
  }
  return samples;
}

/** The rate groups by id: each distinct route, currency and vehicle type, a few thousand rows. */
function rateGroups(connection: Connection): Map<number, Pick<RateSample, 'from' | 'to' | 'currency' | 'vehicleType'>> {
  const groups = new Map<number, Pick<RateSample, 'from' | 'to' | 'currency' | 'vehicleType'>>();
  connection.each<{ id: number; from: string; to: string; currency: string; vehicleType: string }>(
    'SELECT id, from_place AS "from", to_place AS "to", currency, vehicle_type AS vehicleType FROM rate_groups',
    [],
    ({ id, from, to, currency, vehicleType }) => groups.set(Number(id), { from, to, currency, vehicleType }),
  );
  return groups;
}

/** Loads closed at `since` or later, newest departure first. */
export function closedSince(connection: Connection, since: number): ClosedLoad[] {
  // A scan, as rateSamples reads (`+closed_at`), and the order made here: SQLite sorting the wide
  // rows cost more than the rest of the read. Places, currency and vehicle type come with the load's
  // rate group, one number a load; a place is known when it is a slug (an unknown one is kept empty).
  const columns = aggregate<
    Record<'count' | 'ids' | 'groups' | 'weights' | 'volumes' | 'prices', SqlValue> &
      Record<'loadingDates' | 'createdAts' | 'lastSeen' | 'closedAts', SqlValue>
  >(
    connection,
    `SELECT count(*) AS count, ${textList('id')} AS ids, ${numberList('rate_group')} AS groups,
       ${numberList('weight')} AS weights, ${numberList('volume')} AS volumes, ${numberList('price')} AS prices,
       ${numberList('loading_date')} AS loadingDates, ${numberList('created_at')} AS createdAts,
       ${numberList('last_seen')} AS lastSeen, ${numberList('closed_at')} AS closedAts
     FROM loads WHERE +closed_at >= ?`,
    [since],
  );
  const n = Number(columns.count);
  const groups = rateGroups(connection);
  const id = textsOf(columns.ids, n);
  const group = numbersOf(columns.groups, n);
  const weight = numbersOf(columns.weights, n);
  const volume = numbersOf(columns.volumes, n);
  const price = numbersOf(columns.prices, n);
  const loading = numbersOf(columns.loadingDates, n);
  const created = numbersOf(columns.createdAts, n);
  const last = numbersOf(columns.lastSeen, n);
  const closedAt = numbersOf(columns.closedAts, n);
  // Loading dates are days: a few hundred distinct values for a month of loads.
  const days = new Map<number, string | null>();
  const dayOf = (ms: number): string | null => {
    let iso = days.get(ms);
    if (iso === undefined) days.set(ms, (iso = isoOrNull(orNull(ms))));
    return iso;
  };
  const closed = new Array<ClosedLoad>(n);
  for (let i = 0; i < n; i++) {
    const route = groups.get(group[i] as number);
    if (!route) throw new HistoryFileError(connection.file, `damaged (load without its rate group ${group[i]})`);
    // Spelled out field by field, not spread from a shared helper: a spread made the rate samples'
    // objects dictionaries in V8 (2.5x slower, twice the memory, measured).
    closed[i] = {
      id: id[i] as string,
      from: route.from,
      fromKnown: route.from !== '',
      to: route.to,
      toKnown: route.to !== '',
      vehicleType: route.vehicleType,
      weight: orNull(weight[i]),
      volume: orNull(volume[i]),
      price: orNull(price[i]),
      currency: route.currency,
      loadingDate: dayOf(loading[i] as number),
      createdAt: isoOrNull(orNull(created[i])),
      lastSeen: last[i] as number,
      closedAt: closedAt[i] as number,
    };
  }
  // Newest departure first, then by id (SQLite's BINARY order of the ASCII ids the API gives).
  return closed.sort((a, b) => (b.closedAt as number) - (a.closedAt as number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function loadCounts(connection: Connection): Pick<HistoryStats, 'loads' | 'open'> {
  const row = connection.get<{ loads: number; open: number }>(
    'SELECT (SELECT count(*) FROM loads) AS loads, (SELECT count(*) FROM loads WHERE closed_at IS NULL) AS open',
  );
  return { loads: Number(row?.loads ?? 0), open: Number(row?.open ?? 0) };
}

export function stats(connection: Connection): HistoryStats {
  const row = connection.get<{ loads: number; open: number; first: number | null; last: number | null; routes: number; posters: number }>(
    `SELECT count(*) AS loads, count(*) FILTER (WHERE closed_at IS NULL) AS open, min(first_seen) AS first, max(last_seen) AS last,
       (SELECT count(*) FROM (SELECT 1 FROM loads GROUP BY from_place, to_place)) AS routes,
       (SELECT count(DISTINCT poster_id) FROM loads) AS posters
     FROM loads`,
  );
  const asTyped = connection.get<{ posters: number }>(
    `SELECT count(*) AS posters FROM posters WHERE number_rule = ? AND id IN (SELECT poster_id FROM loads)`,
    NUMBER_RULE.digitsAsTyped,
  );
  const loads = Number(row?.loads ?? 0);
  const open = Number(row?.open ?? 0);
  return {
    loads,
    open,
    closed: loads - open,
    routes: Number(row?.routes ?? 0),
    posters: Number(row?.posters ?? 0),
    postersAsTyped: Number(asTyped?.posters ?? 0),
    first: row?.first === null || row?.first === undefined ? null : Number(row.first),
    last: row?.last === null || row?.last === undefined ? null : Number(row.last),
    keyFingerprint: readFingerprint(connection),
  };
}
