import type { ApiLoad } from '../../src/api-client/types';
import { generateLoad, mulberry32, sampleDayStart } from './data';
import { haystackOf, type ChangeLog, type ChangeMode, type Context } from './state';

/** Posted loads are generated from indexes far past any data set, so their ids never collide. */
const POSTED_INDEX_BASE = 10_000_000;
const MINUTE_MS = 60_000;

export function newChangeLog(change: ChangeMode | null): ChangeLog {
  return { listRequests: 0, random: mulberry32(change?.seed ?? 1), posted: [], removed: [] };
}

/** Change mode's step after a list request: a removal every `every` requests, a post half-way between. */
export function changeBoard(ctx: Context): void {
  const change = ctx.state.change;
  if (!change) return;
  const log = ctx.changes;
  log.listRequests += 1;
  const n = log.listRequests;
  if (change.limit != null && n > change.limit) return;
  const size = change.size ?? 1;
  if (change.removals !== false && n % change.every === 0) for (let i = 0; i < size; i += 1) removeLoad(ctx, log);
  if (change.posts !== false && n % change.every === Math.floor(change.every / 2)) for (let i = 0; i < size; i += 1) postLoad(ctx, log);
}

function removeLoad(ctx: Context, log: ChangeLog): void {
  const { loads, byId, haystacks } = ctx.data;
  if (loads.length === 0) return;
  const index = Math.floor(log.random() * loads.length);
  const [removed] = loads.splice(index, 1);
  haystacks.splice(index, 1);
  const id = String((removed as ApiLoad).id);
  byId.delete(id);
  ctx.data.changed = true;
  log.removed.push(id);
}

/** Where a load posted by `/__control`'s `post` goes: place names as a poster types them. */
export interface PostedPlaces {
  from: string;
  to: string;
}

/**
 * Posts one load at the board's newest end: generated as the data set's loads are (a posting serial far
 * past them), a minute after the newest posting of the day and of every load posted before it, so the
 * same requests give the same loads. With `places`, it goes between them (typed, not from the dictionary).
 */
export function postLoad(ctx: Context, log: ChangeLog, places?: PostedPlaces): void {
  let serial = log.posted.length + 1;
  // Change mode's log starts afresh when it is set again: a serial whose load is still on the board (id
  // 1001 + index, data.ts) is skipped.
  while (ctx.data.byId.has(String(1001 + POSTED_INDEX_BASE + serial))) serial += 1;
  const { day } = ctx.data;
  const generated = generateLoad(POSTED_INDEX_BASE + serial, { day });
  const createdAt = new Date((sampleDayStart(day) ?? 0) + serial * MINUTE_MS).toISOString();
  const load: ApiLoad = { ...generated, createdAt };
  if (places) {
    for (const field of ['fromLocation', 'toLocation', 'fromLocationName', 'toLocationName'] as const) delete load[field];
    Object.assign(load, { fromLocationName: places.from, toLocationName: places.to });
  }
  ctx.data.loads.unshift(load);
  ctx.data.haystacks.unshift(haystackOf(load));
  ctx.data.byId.set(String(load.id), load);
  ctx.data.changed = true;
  log.posted.push(String(load.id));
}

export function changeModeProblem(change: unknown): string | null {
  if (typeof change !== 'object' || Array.isArray(change)) return 'change must be an object or null';
  const { every, limit, seed, size, posts, removals } = change as Record<string, unknown>;
  if (!(Number.isInteger(every) && (every as number) >= 1)) return 'change.every must be a whole number of 1 or more';
  if (limit !== undefined && limit !== null && !(Number.isInteger(limit) && (limit as number) >= 0)) {
    return 'change.limit must be a whole number of 0 or more, or null';
  }
  if (seed !== undefined && !Number.isInteger(seed)) return 'change.seed must be a whole number';
  if (size !== undefined && !(Number.isInteger(size) && (size as number) >= 1 && (size as number) <= 1000)) {
    return 'change.size must be a whole number 1..1000';
  }
  if (posts !== undefined && typeof posts !== 'boolean') return 'change.posts must be true or false';
  if (removals !== undefined && typeof removals !== 'boolean') return 'change.removals must be true or false';
  return null;
}
