import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Reporter } from 'gatsby';
import { CLOSED_LOAD_KEEP_MS } from '../config/constants';
import { LANGUAGES } from '../config/languages';
import { CLOSED_LOADS_DIR, placeFromPath, placeRoutePath } from '../config/routes';
import type { ClosedLoad } from '../history/types';
import {
  CLOSED_SHARD_VERSION,
  closedShardOf,
  type ClosedLeadOn,
  type ClosedLoadEntry,
  type ClosedPlaceNames,
  type ClosedShard,
} from '../loads/closed-index';
import { routeKey, type PlaceGroups, type SluggedPlace } from '../loads/place-groups';
import { currencyCode } from '../loads/currency';
import { boundedNumber, looksLikeAnId } from '../history/record';
import { placeBySlug } from '../places/gazetteer';
import { writeIfChanged } from './public-files';

/**
 * The closed-load index the build publishes (src/loads/closed-index.ts says why and its format): from
 * the history's loads closed within CLOSED_LOAD_DAYS before the build, one JSON file per non-empty shard
 * under public/closed-loads/. Plain files rather than pages: 30 days of closed loads at 10,000 live
 * loads are some 60,000 loads, 240,000 pages, four times the rest of the build (docs/closed-loads.md).
 */

/** Which place pages this build made, for the lead-on link. */
export interface LeadOnPages {
  hasRoute(fromSlug: string, toSlug: string): boolean;
  hasFrom(slug: string): boolean;
}

export function leadOnPagesOf(
  groups: PlaceGroups<SluggedPlace>,
  ratedRoutes: ReadonlyArray<{ from: string; to: string }> = [],
): LeadOnPages {
  // A route with a going rate has its page with no open loads too (place-pages.ts): lead there as well.
  const rated = new Set(ratedRoutes.map((route) => routeKey(route.from, route.to)));
  return {
    hasRoute: (from, to) => groups.routes.has(routeKey(from, to)) || rated.has(routeKey(from, to)),
    hasFrom: (slug) => groups.from.has(slug),
  };
}

/**
 * The route page when this build made it, else the origin's city page, else the board searched for the
 * origin (by its name in the page's language; the whole board for an origin the gazetteer does not know).
 */
export function chooseLeadOn(load: Pick<ClosedLoad, 'from' | 'fromKnown' | 'to' | 'toKnown'>, pages: LeadOnPages): ClosedLeadOn {
  if (load.fromKnown && load.toKnown && pages.hasRoute(load.from, load.to))
    return { kind: 'route', path: placeRoutePath(load.from, load.to) };
  if (load.fromKnown && pages.hasFrom(load.from)) return { kind: 'from', path: placeFromPath(load.from) };
  return { kind: 'search' };
}

const UNKNOWN_PLACE: ClosedPlaceNames = Object.fromEntries(LANGUAGES.map(({ code }) => [code, ''])) as ClosedPlaceNames;

/** A gazetteer place's names in each language; empty ones for a place the history keeps as unknown. */
function placeNames(slug: string, known: boolean): ClosedPlaceNames {
  const place = known ? placeBySlug(slug) : undefined;
  if (!place) return UNKNOWN_PLACE;
  const named = {} as ClosedPlaceNames;
  for (const { code } of LANGUAGES) named[code] = place.names[code];
  return named;
}

/** Names per place: tens of thousands of loads share a few hundred places. */
type NameCache = Map<string, ClosedPlaceNames>;

function cachedNames(cache: NameCache, slug: string, known: boolean): ClosedPlaceNames {
  const key = known ? slug : '';
  let named = cache.get(key);
  if (!named) {
    named = placeNames(slug, known);
    cache.set(key, named);
  }
  return named;
}

/** A closed load as its page describes it: from its fields, nothing a poster wrote (the history keeps none). */
export function closedLoadEntry(load: ClosedLoad, pages: LeadOnPages, cache: NameCache = new Map()): ClosedLoadEntry {
  return {
    id: load.id,
    from: cachedNames(cache, load.from, load.fromKnown),
    to: cachedNames(cache, load.to, load.toKnown),
    vehicleType: load.vehicleType,
    // Checked again as they leave: a file written before these rules may hold anything there.
    weight: boundedNumber(load.weight, 'weight'),
    volume: boundedNumber(load.volume, 'volume'),
    price: boundedNumber(load.price, 'price'),
    currency: currencyCode(load.currency),
    loadingDate: load.loadingDate,
    createdAt: load.createdAt,
    lastSeen: load.lastSeen,
    closedAt: load.closedAt as number,
    leadOn: chooseLeadOn(load, pages),
  };
}

/**
 * Shard number to its file's JSON, for the non-empty shards only; entries ordered by id, so a rebuild
 * writes the same bytes. `loads`: how many entries they hold in all.
 */
export interface ClosedLoadShards {
  files: Map<number, string>;
  loads: number;
}

/**
 * The shards for the loads closed within CLOSED_LOAD_KEEP_MS before `buildTime`. A load the build has
 * just read is on the board (it came back), whatever the history says, so it is left out.
 */
export function closedLoadShards(
  closed: readonly ClosedLoad[],
  buildTime: number,
  pages: LeadOnPages,
  liveIds: ReadonlySet<string> = new Set(),
): ClosedLoadShards {
  const byShard = new Map<number, ClosedLoadEntry[]>();
  const names: NameCache = new Map();
  for (const load of closed) {
    if (load.closedAt === null || buildTime - load.closedAt > CLOSED_LOAD_KEEP_MS || liveIds.has(load.id)) continue;
    // An id unlike the marketplace's (`+998…`, 200 characters of text) may be what a poster typed: never published.
    if (!looksLikeAnId(load.id)) continue;
    const shard = closedShardOf(load.id);
    const entries = byShard.get(shard) ?? [];
    entries.push(closedLoadEntry(load, pages, names));
    byShard.set(shard, entries);
  }
  const files = new Map<number, string>();
  let count = 0;
  for (const shard of [...byShard.keys()].sort((a, b) => a - b)) {
    const loads = (byShard.get(shard) as ClosedLoadEntry[]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const file: ClosedShard = { version: CLOSED_SHARD_VERSION, loads };
    files.set(shard, JSON.stringify(file));
    count += loads.length;
  }
  return { files, loads: count };
}

export interface ClosedShardWrite {
  shards: number;
  loads: number;
  bytes: number;
  /** Gzip sizes of the median and the largest shard (by raw size): what a phone fetches for one id. */
  medianGzipBytes: number;
  largestGzipBytes: number;
  written: number;
  removed: number;
}

/**
 * Writes the shards under `publicDir`/closed-loads/, each file only when its bytes changed (so the
 * deploy uploads only the shards whose loads changed), and removes the files of shards now empty.
 */
export function writeClosedLoadShards(publicDir: string, { files, loads }: ClosedLoadShards): ClosedShardWrite {
  const dir = path.join(publicDir, CLOSED_LOADS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const wanted = new Set([...files.keys()].map((shard) => `${shard}.json`));
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    if (wanted.has(name)) continue;
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    removed += 1;
  }
  let written = 0;
  const sized: Buffer[] = [];
  for (const [shard, json] of files) {
    const data = Buffer.from(json, 'utf8');
    sized.push(data);
    if (writeIfChanged(path.join(dir, `${shard}.json`), data)) written += 1;
  }
  // Two shards gzipped, not a thousand: the log's figures cost the build next to nothing.
  sized.sort((a, b) => a.length - b.length);
  const gzipped = (data: Buffer | undefined) => (data ? gzipSync(data).length : 0);
  return {
    shards: files.size,
    loads,
    bytes: sized.reduce((sum, data) => sum + data.length, 0),
    medianGzipBytes: gzipped(sized[Math.floor(sized.length / 2)]),
    largestGzipBytes: gzipped(sized[sized.length - 1]),
    written,
    removed,
  };
}

/** onPostBuild's step: the shards createPages made from the history. */
export function writeClosedLoads(publicDir: string, shards: ClosedLoadShards, reporter: Reporter): void {
  const started = performance.now();
  const result = writeClosedLoadShards(publicDir, shards);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  reporter.info(
    `Closed loads: ${result.loads} loads in ${result.shards} shards of ${CLOSED_LOADS_DIR}/ (${kb(result.bytes)} KB; a shard gzip: median ${kb(result.medianGzipBytes)} KB, largest ${kb(result.largestGzipBytes)} KB); wrote ${result.written}, removed ${result.removed}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
