import { gzipSync } from 'node:zlib';
import type { Load } from '../api-client/types';
import type { ListOrder } from '../api-client/list-order';
import type { ListFiles } from '../loads/list-files';
import { DAY_MS } from '../config/time';
import { filterRow, type FilterRow } from '../search/rows';
import { gazetteerPlaces } from '../search/gazetteer-places';
import { NEAR_INDEX_KM } from '../search/filter-table';
import {
  FILTER_INDEX_VERSION,
  cardChunkPath,
  cardTuple,
  filterFilePath,
  layoutSequence,
  type ChunkLayout,
  type FilterIndexFile,
  type LayoutKey,
} from '../board/sources/filter-index';
import { RECENT_ROWS, TRIP_ROUTES_VERSION, type TripColumnsFile, type TripRoutesFile } from '../board/sources/trip-routes';
import { newestFirst } from '../loads/posting-time';
import { fnv1a32 } from '../loads/closed-index';
import type { PlaceGroups } from '../loads/place-groups';
import { PLACES, placeBySlug, type Place } from '../places/gazetteer';
import { greatCircleKm } from '../places/road-distance';
import { contentHash, replaceContentNamedFiles } from './public-files';

/**
 * The filter index of every list a filter applies to (src/board/sources/filter-index.ts): the board, each city
 * from and to, each route, and around each known place the loads within NEAR_INDEX_KM of it (from, to,
 * or named in a title), which serve a search for the place and `near`. Made while pages are created
 * (their contexts and the place files name the files) and written into public/filters/ after the build
 * (build-outputs.ts), like the place files.
 */

/**
 * A chunk ends after a load whose id hashes (FNV-1a) to 0 modulo this, once it holds at least CHUNK_MIN
 * loads: where chunks end depends on the loads, not their positions, so a load posted or taken changes
 * the one chunk it is in and the deploy uploads that one again, not every chunk after it.
 */
const CHUNK_SPREAD = 40;
const CHUNK_MIN = 40;
const CHUNK_MAX = 160;
/** A list this long gets a second layout, grouped by vehicle type: below, one order needs few chunks anyway. */
const GROUPED_FROM = 2 * CHUNK_MAX;

export interface FilterFiles {
  board: string;
  from: Map<string, string>;
  to: Map<string, string>;
  routes: Map<string, string>;
  /** By slug: the loads around the place (a search for it, `near`). */
  around: Map<string, string>;
  /** The board's routes for a trip the build made no page for (trip-routes.ts), and a list with no loads (its own). */
  tripRoutes: string;
  emptyList: string;
  /** Public path -> content. */
  files: Map<string, string>;
  /** The vehicle types the filters offer, as the API spells them. */
  vehicleTypes: string[];
  /** The API dictionary's ids of the types it lists, by lower-case name (vehicle-type-ids.ts), for the alerts link. */
  vehicleTypeIds?: Record<string, string>;
  /** The API's order as the build learned it, and how many loads it read. */
  apiOrder: ListOrder;
  apiTotal: number;
  stats: { ms: number; indexes: number; chunks: number; bytes: number };
}

/** The types from /vehicle-types first, in its order, then any a load names that it does not list. */
export function offeredVehicleTypes(listed: readonly string[], loads: readonly Load[]): string[] {
  const names = new Map<string, string>();
  for (const name of listed) if (name.trim() && !names.has(name.trim().toLowerCase())) names.set(name.trim().toLowerCase(), name.trim());
  const extra = new Map<string, { name: string; count: number }>();
  for (const load of loads) {
    const key = load.vehicleType.trim().toLowerCase();
    if (!key || names.has(key)) continue;
    const seen = extra.get(key) ?? { name: load.vehicleType.trim(), count: 0 };
    seen.count += 1;
    extra.set(key, seen);
  }
  const rest = [...extra.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).map((entry) => entry.name);
  return [...names.values(), ...rest];
}

interface Encoded {
  index: FilterIndexFile;
  chunks: Map<string, string>;
}

function encodeIds(rows: readonly FilterRow[]): FilterIndexFile['ids'] {
  const numeric = rows.every((row) => /^(0|[1-9]\d{0,14})$/.test(row.id));
  if (!numeric || rows.length === 0) return rows.map((row) => row.id);
  const values = rows.map((row) => Number(row.id));
  return { first: values[0] as number, deltas: values.slice(1).map((value, i) => value - (values[i] as number)) };
}

function chunked(sequence: readonly number[], rows: readonly FilterRow[], groupOf: (row: number) => number): number[] {
  const ends: number[] = [];
  let size = 0;
  sequence.forEach((row, position) => {
    size += 1;
    const next = sequence[position + 1];
    const groupEnds = next === undefined || groupOf(next) !== groupOf(row);
    const cut = (size >= CHUNK_MIN && fnv1a32((rows[row] as FilterRow).id) % CHUNK_SPREAD === 0) || size >= CHUNK_MAX;
    if (groupEnds || cut) {
      ends.push(position + 1);
      size = 0;
    }
  });
  return ends;
}

function encodeList(loads: readonly Load[], rowOf: Map<Load, FilterRow>, vehicles: readonly string[], builtAt: number): Encoded {
  const ordered = [...loads].sort(newestFirst);
  const rows = ordered.map((load) => rowOf.get(load) as FilterRow);
  const vehicleIndex = new Map(vehicles.map((name, i) => [name.toLowerCase(), i + 1]));
  const places: string[] = [];
  const placeIndex = new Map<string, number>();
  const placeOf = (slug: string | null) => {
    if (slug === null) return 0;
    if (!placeIndex.has(slug)) placeIndex.set(slug, places.push(slug));
    return placeIndex.get(slug) as number;
  };
  const unit = rows.every((row) => !Number.isFinite(row.posted) || row.posted % 1000 === 0) ? 1000 : 1;
  let previous: number | null = null;
  const posted = rows.map((row) => {
    if (!Number.isFinite(row.posted)) {
      previous = null;
      return null;
    }
    const value = Math.round(row.posted / unit);
    const step: number = previous === null ? value : previous - value;
    previous = value;
    return step;
  });
  const vehicle = rows.map((row) => vehicleIndex.get(row.vehicle) ?? 0);
  const index: FilterIndexFile = {
    v: FILTER_INDEX_VERSION,
    builtAt,
    vehicles: [...vehicles],
    places,
    ids: encodeIds(rows),
    postedUnit: unit,
    posted,
    vehicle,
    weight: rows.map((row) => row.weight),
    day: rows.map((row) => (row.day === null ? null : Number.isFinite(row.posted) ? row.day - Math.floor(row.posted / DAY_MS) : row.day)),
    from: rows.map((row) => placeOf(row.from)),
    to: rows.map((row) => placeOf(row.to)),
    named: rows.flatMap((row, index) => (row.named.length > 0 ? [[index, ...row.named.map(placeOf)]] : [])),
    layouts: [],
  };
  const chunks = new Map<string, string>();
  const keys: LayoutKey[] = rows.length > GROUPED_FROM ? ['newest', 'vehicle'] : ['newest'];
  for (const key of keys) {
    const sequence = layoutSequence(key, vehicle, rows.length);
    const ends = chunked(sequence, rows, key === 'vehicle' ? (row) => vehicle[row] ?? 0 : () => 0);
    const layout: ChunkLayout = { key, ends, files: [] };
    let start = 0;
    for (const end of ends) {
      const json = JSON.stringify(sequence.slice(start, end).map((row) => cardTuple(ordered[row] as Load)));
      const hash = contentHash(json);
      chunks.set(cardChunkPath(hash), json);
      layout.files.push(hash);
      start = end;
    }
    index.layouts.push(layout);
  }
  return { index, chunks };
}

/**
 * Every list's filter index and card chunks. `listedTypes`: the names /vehicle-types gave the build.
 * `builtAt`: the newest posting the build read, from which the phone asks the API for newer loads.
 */
export function filterFiles(
  loads: readonly Load[],
  groups: PlaceGroups<Place>,
  listedTypes: readonly string[],
  builtAt: number,
  apiOrder: ListOrder = 'newest',
): FilterFiles {
  const started = performance.now();
  const vehicleTypes = offeredVehicleTypes(listedTypes, loads);
  const rowOf = new Map(loads.map((load) => [load, filterRow(load, gazetteerPlaces())]));
  const files = new Map<string, string>();
  let indexes = 0;
  const firstChunks = new Map<string, string>();
  const publishJson = (json: string): string => {
    const indexPath = filterFilePath(contentHash(json));
    files.set(indexPath, json);
    indexes += 1;
    return indexPath;
  };
  const publish = (list: readonly Load[]): string => {
    const { index, chunks } = encodeList(list, rowOf, vehicleTypes, builtAt);
    chunks.forEach((json, chunkPath) => files.set(chunkPath, json));
    const indexPath = publishJson(JSON.stringify(index));
    firstChunks.set(indexPath, index.layouts[0]?.files[0] ?? '');
    return indexPath;
  };
  const routes = new Map([...groups.routes].map(([key, group]) => [key, publish(group.loads)]));
  const result: FilterFiles = {
    board: publish(loads),
    from: new Map([...groups.from].map(([slug, group]) => [slug, publish(group.loads)])),
    to: new Map([...groups.to].map(([slug, group]) => [slug, publish(group.loads)])),
    routes,
    around: new Map([...loadsAround(loads, rowOf)].map(([slug, list]) => [slug, publish(list)])),
    tripRoutes: publishJson(
      JSON.stringify({
        ...tripRoutesFile(groups, routes, firstChunks, builtAt),
        columns: publishJson(JSON.stringify(tripColumnsFile(groups, rowOf, vehicleTypes, builtAt))),
      }),
    ),
    emptyList: publish([]),
    files,
    vehicleTypes,
    apiOrder,
    apiTotal: loads.length,
    stats: { ms: 0, indexes, chunks: files.size - indexes, bytes: 0 },
  };
  result.stats.bytes = [...files.values()].reduce((sum, json) => sum + Buffer.byteLength(json), 0);
  result.stats.ms = performance.now() - started;
  return result;
}

/** One entry per route of the board with its count and first card chunk (src/board/sources/trip-routes.ts). */
function tripRoutesFile(
  groups: PlaceGroups<Place>,
  routes: ReadonlyMap<string, string>,
  firstChunks: ReadonlyMap<string, string>,
  builtAt: number,
): TripRoutesFile {
  const places: string[] = [];
  const placeIndex = new Map<string, number>();
  const placeOf = (slug: string) => {
    if (!placeIndex.has(slug)) placeIndex.set(slug, places.push(slug) - 1);
    return placeIndex.get(slug) as number;
  };
  const entries: TripRoutesFile['routes'] = [...groups.routes].map(([key, group]) => [
    placeOf(group.from.slug),
    placeOf(group.to.slug),
    group.loads.length,
    firstChunks.get(routes.get(key) ?? '') ?? '',
  ]);
  return { v: TRIP_ROUTES_VERSION, builtAt, places, routes: entries };
}

/** The routes' loads as a filter on a trip reads them, in the routes file's order (src/board/sources/trip-routes.ts). */
function tripColumnsFile(
  groups: PlaceGroups<Place>,
  rowOf: ReadonlyMap<Load, FilterRow>,
  vehicles: readonly string[],
  builtAt: number,
): TripColumnsFile {
  const vehicleIndex = new Map(vehicles.map((name, i) => [name.toLowerCase(), i + 1]));
  const today = Math.floor(builtAt / DAY_MS);
  const file: TripColumnsFile = { v: TRIP_ROUTES_VERSION, builtAt, vehicles: [...vehicles], vehicle: [], weight: [], day: [], recent: [] };
  const newest: Array<{ load: Load; route: number }> = [];
  [...groups.routes.values()].forEach((group, route) => {
    for (const load of [...group.loads].sort(newestFirst)) {
      const row = rowOf.get(load) as FilterRow;
      file.vehicle.push(vehicleIndex.get(row.vehicle) ?? 0);
      file.weight.push(row.weight);
      file.day.push(row.day === null ? null : row.day - today);
      newest.push({ load, route });
    }
  });
  file.recent = newest
    .sort((a, b) => newestFirst(a.load, b.load))
    .slice(0, RECENT_ROWS)
    .map(({ load, route }) => {
      const posted = (rowOf.get(load) as FilterRow).posted;
      return [route, load.id, Number.isFinite(posted) ? posted : null];
    });
  return file;
}

/** What a page's context says of its list's files (`indexPath`) and the API. */
export function listFilesOf(files: FilterFiles, indexPath: string, aroundPath?: string): ListFiles {
  return {
    indexPath,
    boardPath: files.board,
    ...(aroundPath ? { aroundPath } : {}),
    vehicleTypes: files.vehicleTypes,
    ...(files.vehicleTypeIds ? { vehicleTypeIds: files.vehicleTypeIds } : {}),
    apiOrder: files.apiOrder,
    apiTotal: files.apiTotal,
  };
}

/** The places a row is about: where it goes from and to, and what its title names. */
function rowPlaces(row: FilterRow): string[] {
  return [...new Set([row.from, row.to, ...row.named].filter((slug): slug is string => slug !== null))];
}

/**
 * By slug of every known place with loads about it or about a place within NEAR_INDEX_KM of it: the loads
 * from, to or naming a place within that distance (the place itself included), in the board's order. A
 * place no load is about has a list too when a neighbour has loads: `near` finds them from there.
 */
export function loadsAround(loads: readonly Load[], rowOf: ReadonlyMap<Load, FilterRow>): Map<string, Load[]> {
  const inUse = [...new Set(loads.flatMap((load) => rowPlaces(rowOf.get(load) as FilterRow)))].sort();
  const centres = new Map<string, string[]>();
  for (const slug of inUse) {
    const place = placeBySlug(slug);
    centres.set(slug, place ? PLACES.filter((other) => greatCircleKm(place, other) <= NEAR_INDEX_KM).map((other) => other.slug) : [slug]);
  }
  const around = new Map<string, Load[]>();
  for (const load of loads)
    for (const centre of new Set(rowPlaces(rowOf.get(load) as FilterRow).flatMap((slug) => centres.get(slug) ?? []))) {
      const list = around.get(centre) ?? [];
      list.push(load);
      around.set(centre, list);
    }
  return new Map([...around].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Writes the files into public/filters/, in place of earlier builds' (a page names only this build's; the
 * deploy keeps the old ones a while). Returns how long it took, for the build's log.
 */
export function writeFilterFiles(publicDir: string, files: FilterFiles): { ms: number } {
  const started = performance.now();
  replaceContentNamedFiles(
    publicDir,
    'filters',
    [...files.files].map(([path, json]) => ({ path, json })),
  );
  return { ms: performance.now() - started };
}

/**
 * What the filter files weigh over the wire, as a host compresses them: read by bench:filters, not by the
 * build, where gzipping some 37 MB at 10,000 loads took longer than writing them.
 */
export function filterFilesGzipBytes(files: FilterFiles): number {
  return [...files.files.values()].reduce((sum, json) => sum + gzipSync(json, { level: 6 }).length, 0);
}
