/**
 * The bundled sample API (`npm run api`): the marketplace API's public load routes over plain
 * `node:http`, serving deterministic data from `./data.ts`.
 *
 *   GET  /api/loads?page&limit&search   list; page >= 1, limit >= 1 (capped at 100), search is a
 *                                       case-insensitive substring of title, from and to names
 *   GET  /api/loads/{id}                one load, or 404 {"error":"Load not found"}
 *   GET  /api/vehicle-types             [{id, name}]
 *
 * Environment when run directly: API_PORT (4010), SAMPLE_LOADS (120), API_SHAPE (data), API_QUIET=1
 * (no request log), API_HOST (all interfaces), SAMPLE_LOADS_REVISION and SAMPLE_LOADS_CHANGED_EVERY
 * (see `GenerateOptions` in data.ts: lets a benchmark change about 1% of the loads).
 *
 * Test controls, for tests that need the other response shapes or a failing API. They change the
 * behaviour of this server instance for every client, so a test suite that runs in parallel with
 * others should start its own instance (`startSampleApi({port: 0})`) rather than change a shared one.
 *
 *   POST /__control  JSON body, every field optional:
 *     shape:    'data'      {data: [...], pagination: {total, page, limit}}   (default)
 *               'loads'     {loads: [...], pagination: {total, page, limit}}
 *               'top-level' {data: [...], total, page, limit}
 *               'bare'      the requested page as a bare array, no pagination
 *               (details are {data: load}, or the bare load for 'bare')
 *     fail:     400..599 makes every /api/* request answer that status with the text body
 *               "Sample API: injected failure"; null stops failing
 *     delayMs:  delay before every /api/* response (0..60000)
 *     revision: regenerate the loads with this revision (see data.ts)
 *     loads:    serve this many loads from now on (0..100000), e.g. more than a build read
 *     reset:    true restores the start-up state first, then applies the other fields
 *     change:   {every, limit?, seed?, size?, posts?, removals?} turns on change mode, null turns it off: the
 *               board changes while it is read, as a live board does. After every `every`-th list
 *               request one load (seeded random) is removed, and half-way between two removals one new
 *               load is posted at the front (with every: 1 both happen after each request). Only the
 *               first `limit` list requests change the board (default: all); `size` loads are removed
 *               and posted at each step instead of one (a board busier than any read); `posts: false` or
 *               `removals: false` keeps that half out. Counting starts when the field is set.
 *               A removed load answers 404 on GET /api/loads/{id}.
 *   GET  /__control  the current state. Both answer {shape, fail, delayMs, revision, loads, change,
 *               listRequests, posted, removed} (posted and removed: ids changed by change mode).
 *   GET  /__control/ids  the ids the board holds now, in its order, without counting as a list request.
 *
 * Change mode from the environment: SAMPLE_CHANGE_EVERY=N (0 or unset: off), SAMPLE_CHANGE_LIMIT=M,
 * SAMPLE_CHANGE_SEED=s.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { ApiLoad } from '../../src/api-client/types';
import { DEFAULT_API_PORT, DEFAULT_SAMPLE_LOADS } from '../../src/config/constants';
import { BASE_TIME_MS, VEHICLE_TYPES, generateLoad, generateLoads, mulberry32 } from './data';

export const RESPONSE_SHAPES = ['data', 'loads', 'bare', 'top-level'] as const;
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const INJECTED_FAILURE_BODY = 'Sample API: injected failure';

export interface SampleApiOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** How many sample loads. Default 120. */
  loads?: number;
  /** Default: all interfaces. */
  host?: string;
  /** No request log. Default: env API_QUIET === '1'. */
  quiet?: boolean;
  /** Initial response shape. Default: env API_SHAPE, else 'data'. */
  shape?: ResponseShape;
  revision?: number;
  changedEvery?: number;
  /** Change mode from the start (see the file comment). Default: off. */
  change?: ChangeMode | null;
}

/** Change mode: the board changes while it is read (see the file comment). */
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

export interface SampleApi {
  /** Base URL including `/api`, e.g. http://127.0.0.1:4010/api */
  url: string;
  port: number;
  close(): Promise<void>;
}

interface ControlState {
  shape: ResponseShape;
  fail: number | null;
  delayMs: number;
  revision: number;
  change: ChangeMode | null;
}

/** What change mode has done since it was set. */
interface ChangeLog {
  listRequests: number;
  random: () => number;
  posted: string[];
  removed: string[];
}

/** Posted loads are generated from indexes far past any data set, so their ids never collide. */
const POSTED_INDEX_BASE = 10_000_000;
const MINUTE_MS = 60_000;

interface Dataset {
  loads: ApiLoad[];
  byId: Map<string, ApiLoad>;
  /** Lower-cased title and place names per load, in the same order, for search. */
  haystacks: string[];
}

interface Context {
  initial: ControlState;
  state: ControlState;
  count: number;
  /** The start-up count, restored by `reset`. */
  initialCount: number;
  changedEvery: number | undefined;
  data: Dataset;
  changes: ChangeLog;
  quiet: boolean;
}

export function startSampleApi(options: SampleApiOptions = {}): Promise<SampleApi> {
  const initial: ControlState = {
    shape: options.shape ?? parseShape(process.env.API_SHAPE),
    fail: null,
    delayMs: 0,
    revision: options.revision ?? 0,
    change: options.change ?? null,
  };
  const count = options.loads ?? DEFAULT_SAMPLE_LOADS;
  const ctx: Context = {
    initial,
    state: { ...initial },
    count,
    initialCount: count,
    changedEvery: options.changedEvery,
    data: buildDataset(count, initial.revision, options.changedEvery),
    changes: newChangeLog(initial.change),
    quiet: options.quiet ?? process.env.API_QUIET === '1',
  };
  const server = createServer((req, res) => {
    void serve(req, res, ctx);
  });
  return listen(server, options.port ?? DEFAULT_API_PORT, options.host);
}

function listen(server: Server, port: number, host: string | undefined): Promise<SampleApi> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = (server.address() as AddressInfo).port;
      const shownHost = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${actual}/api`,
        port: actual,
        close: () => closeServer(server),
      });
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive connections would otherwise hold close() open for seconds.
    server.closeAllConnections();
  });
}

function buildDataset(count: number, revision: number, changedEvery: number | undefined): Dataset {
  const loads = generateLoads(count, { revision, changedEvery });
  return {
    loads,
    byId: new Map(loads.map((load) => [String(load.id), load])),
    haystacks: loads.map(haystackOf),
  };
}

function haystackOf(load: ApiLoad): string {
  return [load.title, load.fromLocation?.name, load.fromLocationName, load.toLocation?.name, load.toLocationName]
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .toLowerCase();
}

async function serve(req: IncomingMessage, res: ServerResponse, ctx: Context): Promise<void> {
  const started = performance.now();
  const target = req.url ?? '/';
  if (!ctx.quiet) {
    res.once('finish', () => {
      const ms = Math.round(performance.now() - started);
      process.stdout.write(`${req.method ?? '?'} ${target} ${res.statusCode} ${ms}ms\n`);
    });
  }
  res.setHeader('Access-Control-Allow-Origin', '*');
  try {
    await route(req, res, ctx, new URL(target, 'http://sample-api.invalid'));
  } catch (error) {
    if (!res.headersSent) sendJson(res, 500, { error: `Sample API bug: ${(error as Error).message}` });
    else res.destroy();
  }
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: Context, url: URL): Promise<void> {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/__control') return control(req, res, ctx);
  if (path === '/__control/ids')
    return sendJson(
      res,
      200,
      ctx.data.loads.map((load) => String(load.id)),
    );
  if (req.method === 'OPTIONS') return preflight(res);
  if (!path.startsWith('/api/')) return sendJson(res, 404, { error: `Not found: ${path}` });

  if (ctx.state.delayMs > 0) await sleep(ctx.state.delayMs);
  if (ctx.state.fail !== null) return sendText(res, ctx.state.fail, INJECTED_FAILURE_BODY);
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET, OPTIONS');
    return sendJson(res, 405, { error: `Method ${req.method ?? ''} not allowed` });
  }

  if (path === '/api/loads') return listLoads(res, ctx, url.searchParams);
  if (path === '/api/vehicle-types') return sendJson(res, 200, VEHICLE_TYPES);
  const detail = /^\/api\/loads\/([^/]+)$/.exec(path);
  if (detail) return loadDetail(res, ctx, detail[1] as string);
  return sendJson(res, 404, { error: `Not found: ${path}` });
}

function preflight(res: ServerResponse): void {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Accept',
    'Access-Control-Max-Age': '600',
  });
  res.end();
}

function listLoads(res: ServerResponse, ctx: Context, query: URLSearchParams): void {
  const page = positiveInt(query, 'page', 1);
  if (typeof page === 'string') return sendJson(res, 400, { error: page });
  const requestedLimit = positiveInt(query, 'limit', DEFAULT_LIMIT);
  if (typeof requestedLimit === 'string') return sendJson(res, 400, { error: requestedLimit });
  const limit = Math.min(requestedLimit, MAX_LIMIT);

  const search = (query.get('search') ?? '').trim().toLowerCase();
  const { loads, haystacks } = ctx.data;
  const matches = search ? loads.filter((_, i) => (haystacks[i] as string).includes(search)) : loads;
  const start = (page - 1) * limit;
  const data = matches.slice(start, start + limit);
  const pagination = { total: matches.length, page, limit };
  const body = listBody(ctx.state.shape, data, pagination);
  // After the answer is made: the change lands between this request and the next, as on a live board.
  changeBoard(ctx);
  sendJson(res, 200, body);
}

function listBody(shape: ResponseShape, data: ApiLoad[], pagination: { total: number; page: number; limit: number }): unknown {
  switch (shape) {
    case 'bare':
      return data;
    case 'loads':
      return { loads: data, pagination };
    case 'top-level':
      return { data, ...pagination };
    default:
      return { data, pagination };
  }
}

function newChangeLog(change: ChangeMode | null): ChangeLog {
  return { listRequests: 0, random: mulberry32(change?.seed ?? 1), posted: [], removed: [] };
}

/** Change mode's step after a list request: a removal every `every` requests, a post half-way between. */
function changeBoard(ctx: Context): void {
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
  log.removed.push(id);
}

function postLoad(ctx: Context, log: ChangeLog): void {
  const serial = log.posted.length + 1;
  const generated = generateLoad(POSTED_INDEX_BASE + serial);
  // Newest first: a posted load is newer than the data set and than every load posted before it.
  const load: ApiLoad = { ...generated, createdAt: new Date(BASE_TIME_MS + serial * MINUTE_MS).toISOString() };
  ctx.data.loads.unshift(load);
  ctx.data.haystacks.unshift(haystackOf(load));
  ctx.data.byId.set(String(load.id), load);
  log.posted.push(String(load.id));
}

/** A positive whole number from the query, the fallback when absent, or an error message. */
function positiveInt(query: URLSearchParams, name: string, fallback: number): number | string {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (value >= 1) return value;
  return `Invalid ${name} ${JSON.stringify(raw.slice(0, 40))}: expected a whole number of 1 or more`;
}

function loadDetail(res: ServerResponse, ctx: Context, segment: string): void {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return sendJson(res, 404, { error: 'Load not found' });
  }
  const load = ctx.data.byId.get(id);
  if (!load) return sendJson(res, 404, { error: 'Load not found' });
  sendJson(res, 200, ctx.state.shape === 'bare' ? load : { data: load });
}

async function control(req: IncomingMessage, res: ServerResponse, ctx: Context): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Accept',
    });
    return void res.end();
  }
  if (req.method === 'POST') {
    let body: unknown;
    try {
      const text = await readBody(req, 64 * 1024);
      body = text.trim() ? JSON.parse(text) : {};
    } catch (error) {
      return sendJson(res, 400, { error: `Control body is not JSON: ${(error as Error).message}` });
    }
    const problem = applyControl(ctx, body);
    if (problem) return sendJson(res, 400, { error: problem });
  } else if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET, POST, OPTIONS');
    return sendJson(res, 405, { error: `Method ${req.method ?? ''} not allowed` });
  }
  sendJson(res, 200, {
    ...ctx.state,
    loads: ctx.data.loads.length,
    listRequests: ctx.changes.listRequests,
    posted: ctx.changes.posted,
    removed: ctx.changes.removed,
  });
}

/** Validates everything before changing anything; returns an error message or null. */
function applyControl(ctx: Context, body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Control body must be a JSON object';
  const { shape, fail, delayMs, revision, reset, loads, change } = body as Record<string, unknown>;
  if (shape !== undefined && !RESPONSE_SHAPES.includes(shape as ResponseShape)) {
    return `shape must be one of ${RESPONSE_SHAPES.join(', ')}`;
  }
  if (fail !== undefined && fail !== null && !(Number.isInteger(fail) && (fail as number) >= 400 && (fail as number) <= 599)) {
    return 'fail must be an HTTP status 400..599 or null';
  }
  if (delayMs !== undefined && !(Number.isInteger(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= 60_000)) {
    return 'delayMs must be a whole number 0..60000';
  }
  if (revision !== undefined && !(Number.isInteger(revision) && (revision as number) >= 0)) {
    return 'revision must be a whole number of 0 or more';
  }
  if (reset !== undefined && reset !== true) return 'reset must be true when given';
  if (loads !== undefined && !(Number.isInteger(loads) && (loads as number) >= 0 && (loads as number) <= 100_000)) {
    return 'loads must be a whole number 0..100000';
  }
  const changeProblem = change === undefined || change === null ? null : changeModeProblem(change);
  if (changeProblem) return changeProblem;

  const next: ControlState = reset ? { ...ctx.initial } : { ...ctx.state };
  if (shape !== undefined) next.shape = shape as ResponseShape;
  if (fail !== undefined) next.fail = fail as number | null;
  if (delayMs !== undefined) next.delayMs = delayMs as number;
  if (revision !== undefined) next.revision = revision as number;
  if (change !== undefined) next.change = change === null ? null : { ...(change as ChangeMode) };
  const count = loads !== undefined ? (loads as number) : reset ? ctx.initialCount : ctx.count;
  // A board change mode has touched is rebuilt on reset, like one of another size or revision.
  const touched = ctx.changes.posted.length + ctx.changes.removed.length > 0;
  if (next.revision !== ctx.state.revision || count !== ctx.count || (reset && touched)) {
    ctx.count = count;
    ctx.data = buildDataset(count, next.revision, ctx.changedEvery);
  }
  if (change !== undefined || reset) ctx.changes = newChangeLog(next.change);
  ctx.state = next;
  return null;
}

function changeModeProblem(change: unknown): string | null {
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

function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new Error(`body larger than ${maxBytes} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function parseShape(value: string | undefined): ResponseShape {
  if (value === undefined || value === '') return 'data';
  if (RESPONSE_SHAPES.includes(value as ResponseShape)) return value as ResponseShape;
  throw new Error(`API_SHAPE must be one of ${RESPONSE_SHAPES.join(', ')}, got ${JSON.stringify(value)}`);
}

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw new Error(`${name} must be a whole number ${min}..${max}, got ${JSON.stringify(raw)}`);
  return value;
}

function changeModeFromEnv(): ChangeMode | null {
  const every = envInt('SAMPLE_CHANGE_EVERY', 0, 0, 1_000_000);
  if (every === 0) return null;
  const limit = process.env.SAMPLE_CHANGE_LIMIT ? envInt('SAMPLE_CHANGE_LIMIT', 0, 0, 1_000_000_000) : null;
  return { every, limit, seed: envInt('SAMPLE_CHANGE_SEED', 1, 0, 2 ** 31 - 1) };
}

async function main(): Promise<void> {
  const port = envInt('API_PORT', DEFAULT_API_PORT, 0, 65_535);
  const loads = envInt('SAMPLE_LOADS', DEFAULT_SAMPLE_LOADS, 0, 1_000_000);
  let api: SampleApi;
  try {
    api = await startSampleApi({
      port,
      loads,
      host: process.env.API_HOST || undefined,
      revision: envInt('SAMPLE_LOADS_REVISION', 0, 0, 1_000_000),
      changedEvery: envInt('SAMPLE_LOADS_CHANGED_EVERY', 100, 1, 1_000_000),
      change: changeModeFromEnv(),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`port ${port} is already in use (set API_PORT to another port)`);
    throw error;
  }
  const change = changeModeFromEnv();
  const changing = change
    ? `, changing after every ${change.every} list requests${change.limit != null ? ` for the first ${change.limit}` : ''}`
    : '';
  process.stdout.write(`Sample API: ${api.url} (${loads} loads${changing})\n`);
  const stop = (): void => {
    void api.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`Sample API failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
