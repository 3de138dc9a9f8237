import type { ApiLoad } from '../../src/api-client/types';
import { generateLoads } from './data';

/** The sample API's state: the board it serves and what `/__control` has set. */

export const RESPONSE_SHAPES = ['data', 'loads', 'bare', 'top-level'] as const;
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

/**
 * The order the list is served in (CONTRACT.md, "The API as the site calls it", names the three): newest
 * posting first, oldest first (a load posted since is appended at the end, as an offset list ordered by
 * id does), or no order of posting at all (here: by a hash of the id, stable while loads come and go).
 */
export const LIST_ORDERS = ['newest', 'oldest', 'none'] as const;
export type ListOrderSetting = (typeof LIST_ORDERS)[number];

/** Change mode: the board changes while it is read, as a live board does (see server.ts). */
export interface ChangeMode {
  every: number;
  /** Only the first `limit` list requests change the board. Default: all of them. */
  limit?: number | null;
  /** Seed of the removals' random choice. Default 1. */
  seed?: number;
  /** Loads removed, and loads posted, at each step. Default 1. */
  size?: number;
  /** Default true. */
  posts?: boolean;
  /** Default true. */
  removals?: boolean;
}

/** What change mode has done since it was set. */
export interface ChangeLog {
  listRequests: number;
  random: () => number;
  posted: string[];
  removed: string[];
}

export interface ControlState {
  /** `YYYY-MM-DD`: the day the loads count back from (data.ts). */
  day: string;
  shape: ResponseShape;
  order: ListOrderSetting;
  fail: number | null;
  delayMs: number;
  revision: number;
  change: ChangeMode | null;
  /** Ids of loads sent without their id (a broken item the site's normalizer drops). */
  broken: string[];
  /** Every /api/* request answers a Wi-Fi login page, 200 text/html, as a captive portal does. */
  portal: boolean;
}

/**
 * The `/api/*` requests this instance has seen since start-up or the last reset: how many arrived,
 * how many got their whole answer, how many the client gave up on before it (an aborted request), and
 * the most that were open at once.
 */
export interface Traffic {
  started: number;
  finished: number;
  aborted: number;
  inFlight: number;
  maxInFlight: number;
}

export function newTraffic(): Traffic {
  return { started: 0, finished: 0, aborted: 0, inFlight: 0, maxInFlight: 0 };
}

export interface Dataset {
  loads: ApiLoad[];
  byId: Map<string, ApiLoad>;
  /** Lower-cased title and place names per load, in the same order, for search. */
  haystacks: string[];
  /** Change mode has posted or removed a load since the board was made (a reset makes it again). */
  changed: boolean;
  /** The day the loads count back from: posted loads follow its newest. */
  day: string;
}

export interface Context {
  initial: ControlState;
  state: ControlState;
  count: number;
  /** The start-up count, restored by `reset`. */
  initialCount: number;
  changedEvery: number | undefined;
  data: Dataset;
  changes: ChangeLog;
  traffic: Traffic;
  quiet: boolean;
}

export function buildDataset(count: number, revision: number, changedEvery: number | undefined, day: string): Dataset {
  const loads = generateLoads(count, { revision, changedEvery, day });
  return {
    loads,
    byId: new Map(loads.map((load) => [String(load.id), load])),
    haystacks: loads.map(haystackOf),
    changed: false,
    day,
  };
}

/** FNV-1a of the id: where a load stands in a list with no order of posting. */
function idHash(id: unknown): number {
  let hash = 0x811c9dc5;
  for (const char of String(id)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Positions of the board's loads (kept newest first) in the order the list is served: a new load
 * lands at the front, at the end, or somewhere in the middle.
 */
export function servedPositions(loads: readonly ApiLoad[], order: ListOrderSetting): number[] {
  const positions = loads.map((_, index) => index);
  if (order === 'oldest') return positions.reverse();
  if (order === 'none') {
    const hashes = loads.map((load) => idHash(load.id));
    return positions.sort((a, b) => (hashes[a] as number) - (hashes[b] as number) || a - b);
  }
  return positions;
}

export function haystackOf(load: ApiLoad): string {
  return [load.title, load.fromLocation?.name, load.fromLocationName, load.toLocation?.name, load.toLocationName]
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .toLowerCase();
}
