import { CLOSED_LOAD_KEEP_MS, CLOSED_LOAD_SHARDS } from '../config/constants';
import { LANGUAGES, type LanguageCode } from '../config/languages';
import { closedLoadShardPath } from '../config/routes';

/**
 * The closed-load index (docs/closed-loads.md): loads that left the board in the last
 * CLOSED_LOAD_DAYS, split into CLOSED_LOAD_SHARDS files by a hash of the id, so the 404 page fetches a
 * few KB to explain one id instead of the build making 240,000 pages. The build writes the files
 * (src/gatsby/closed-loads.ts); the browser reads one (src/components/load-fallback.tsx). Both take the
 * shard from this module, so they cannot disagree about where an id lives.
 */

/** A place in each language: the gazetteer's names, or empty for a place it does not know. */
export type ClosedPlaceNames = Record<LanguageCode, string>;

/**
 * Where the page leads on: the route page when this build made one, else the origin's city page, else
 * the board searched for the origin's name in the page's language (which the board maps to every
 * spelling), or the whole board when the origin is unknown.
 */
export type ClosedLeadOn = { kind: 'route' | 'from'; path: string } | { kind: 'search' };

/**
 * A closed load as the page describes it, from its fields alone (CONTRACT.md, "Where state is kept"):
 * nothing a poster wrote, since the history keeps nothing of it.
 */
export interface ClosedLoadEntry {
  id: string;
  from: ClosedPlaceNames;
  to: ClosedPlaceNames;
  /** A name of the API's dictionary of vehicle types, which the page shows in its language; empty when unknown. */
  vehicleType: string;
  weight: number | null;
  /** Cubic metres. */
  volume: number | null;
  price: number | null;
  /** A currency's code, or empty. */
  currency: string;
  /** ISO strings as the API sent them, or null. */
  loadingDate: string | null;
  createdAt: string | null;
  /** Epoch milliseconds: the last build that saw it on the board, and when it left. */
  lastSeen: number;
  closedAt: number;
  leadOn: ClosedLeadOn;
}

export const CLOSED_SHARD_VERSION = 2;

export interface ClosedShard {
  version: typeof CLOSED_SHARD_VERSION;
  loads: ClosedLoadEntry[];
}

/** FNV-1a, 32 bits, over the id's UTF-8 bytes: small, stable, and the same in Node and every browser. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  const add = (byte: number) => {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  };
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    // A surrogate pair is one code point (four UTF-8 bytes); ids are mostly ASCII digits.
    if (code >= 0xd800 && code < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      index += 1;
    }
    if (code < 0x80) add(code);
    else if (code < 0x800) {
      add(0xc0 | (code >> 6));
      add(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      add(0xe0 | (code >> 12));
      add(0x80 | ((code >> 6) & 0x3f));
      add(0x80 | (code & 0x3f));
    } else {
      add(0xf0 | (code >> 18));
      add(0x80 | ((code >> 12) & 0x3f));
      add(0x80 | ((code >> 6) & 0x3f));
      add(0x80 | (code & 0x3f));
    }
  }
  return hash >>> 0;
}

export function closedShardOf(id: string): number {
  return fnv1a32(id) % CLOSED_LOAD_SHARDS;
}

/** The public path of the file that holds `id`, if it was closed recently. */
export function closedShardPathOf(id: string): string {
  return closedLoadShardPath(closedShardOf(id));
}

/** Still explained at `now`: closed at most CLOSED_LOAD_KEEP_MS ago (a closing in the future is a clock apart). */
export function isRecentlyClosed(closedAt: number, now: number): boolean {
  return Number.isFinite(closedAt) && now - closedAt <= CLOSED_LOAD_KEEP_MS;
}

// What the browser accepts from a shard. The files are ours, but a broken deploy, a proxy's error page
// or an edited file must end in "not found", never in a crash or in markup.
const MAX_TEXT = 300;
const LEAD_PATH = /^\/loads\/(from\/[a-z0-9%-]+|route\/[a-z0-9%-]+\/[a-z0-9%-]+)$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : null;
}

/** A finite number or null; undefined for anything else. */
function numberOrNull(value: unknown): number | null | undefined {
  if (value === null) return null;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A currency's code as the history keeps it: three capital letters, or empty. */
const CURRENCY = /^(?:\p{Lu}{3})?$/u;

function isoOrNull(value: unknown): string | null | undefined {
  if (value === null) return null;
  const iso = text(value);
  return iso !== null && Number.isFinite(Date.parse(iso)) ? iso : undefined;
}

function names(value: unknown): ClosedPlaceNames | null {
  if (!isObject(value)) return null;
  const named = {} as ClosedPlaceNames;
  for (const { code } of LANGUAGES) {
    const name = text(value[code]);
    if (name === null) return null;
    named[code] = name;
  }
  return named;
}

function leadOn(value: unknown): ClosedLeadOn | null {
  if (!isObject(value)) return null;
  if (value.kind === 'route' || value.kind === 'from') {
    const path = text(value.path);
    return path !== null && LEAD_PATH.test(path) && path.startsWith(`/loads/${value.kind}/`) ? { kind: value.kind, path } : null;
  }
  return value.kind === 'search' ? { kind: 'search' } : null;
}

/** One entry as the browser trusts it, or null when anything in it is not what the build writes. */
export function readClosedEntry(value: unknown): ClosedLoadEntry | null {
  if (!isObject(value)) return null;
  const id = text(value.id);
  const from = names(value.from);
  const to = names(value.to);
  const vehicleType = text(value.vehicleType);
  const weight = numberOrNull(value.weight);
  const volume = numberOrNull(value.volume);
  const price = numberOrNull(value.price);
  const currency = text(value.currency);
  const loadingDate = isoOrNull(value.loadingDate);
  const createdAt = isoOrNull(value.createdAt);
  const { lastSeen, closedAt } = value;
  const lead = leadOn(value.leadOn);
  if (id === null || !from || !to || vehicleType === null || currency === null || !CURRENCY.test(currency)) return null;
  if (weight === undefined || volume === undefined || price === undefined || loadingDate === undefined || createdAt === undefined)
    return null;
  if (typeof lastSeen !== 'number' || !Number.isFinite(lastSeen) || typeof closedAt !== 'number' || !Number.isFinite(closedAt) || !lead)
    return null;
  return { id, from, to, vehicleType, weight, volume, price, currency, loadingDate, createdAt, lastSeen, closedAt, leadOn: lead };
}

/**
 * The entry for `id` in a shard's parsed JSON, when the shard is one this site writes and the load was
 * closed recently enough at `now`; null otherwise (the page then treats the id as unknown).
 */
export function findClosedLoad(shard: unknown, id: string, now: number): ClosedLoadEntry | null {
  if (!isObject(shard) || shard.version !== CLOSED_SHARD_VERSION || !Array.isArray(shard.loads)) return null;
  const raw = shard.loads.find((entry) => isObject(entry) && entry.id === id);
  const entry = raw === undefined ? null : readClosedEntry(raw);
  return entry && isRecentlyClosed(entry.closedAt, now) ? entry : null;
}

/**
 * The entry for `id` from the site's own shard file; null when there is none, the file is broken or
 * the load was closed too long ago. Never throws: every failure is "not closed", so the page goes on
 * as for an unknown id.
 */
export async function fetchClosedLoad(id: string, now: () => number = Date.now): Promise<ClosedLoadEntry | null> {
  try {
    const response = await fetch(closedShardPathOf(id), { credentials: 'same-origin' });
    if (!response.ok) return null;
    return findClosedLoad(JSON.parse(await response.text()) as unknown, id, now());
  } catch (error) {
    console.warn('The closed-load index for', id, 'could not be read:', error);
    return null;
  }
}
