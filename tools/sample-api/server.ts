/**
 * The bundled sample API (`npm run api`, cli.ts): the marketplace API's public load routes over plain
 * `node:http`, serving deterministic data from `./data.ts`. Parts: data.ts (the generator), state.ts
 * (the board and control state), router.ts (the routes), control.ts (`/__control`), changes.ts (change
 * mode), cli.ts (the command). Tests, scripts and benchmarks start it through tools/harness.
 *
 *   GET  /api/loads?page&limit&search   list; page >= 1, limit >= 1 (capped at 100), search is a
 *                                       case-insensitive substring of title, from and to names
 *   GET  /api/loads/{id}                one load, or 404 {"error":"Load not found"}
 *   GET  /api/vehicle-types             {data: [{id, name}]} (a bare array with shape 'bare'): every type
 *                                       the loads use, and two no load uses
 *
 * Its settings from the environment (API_PORT, SAMPLE_LOADS, API_SHAPE, API_QUIET, ...) are read in
 * from-env.ts, by cli.ts and the harness; this module takes options only.
 *
 * Test controls, for tests that need the other response shapes or a failing API. They change the
 * behaviour of this server instance for every client, so a test suite that runs in parallel with
 * others should start its own instance (`startApi({port: 0})` in tools/harness) rather than change a shared one.
 *
 * The loads count back from a day (data.ts): the UTC day the server starts on, so a newcomer's board was
 * posted up to this morning and loads from today on; `day` (SAMPLE_DAY) pins it, as tests do. The same day gives the
 * same loads, byte for byte.
 *
 *   POST /__control  JSON body, every field optional:
 *     day:      'YYYY-MM-DD': regenerate the loads counting back from this day (reset: the start-up day)
 *     order:    'newest' (default) newest posting first; 'oldest' oldest first, a posted load appended at
 *               the end; 'none' no order of posting (by a hash of the id)
 *     shape:    'data'      {data: [...], pagination: {total, page, limit}}   (default)
 *               'loads'     {loads: [...], pagination: {total, page, limit}}
 *               'top-level' {data: [...], total, page, limit}
 *               'bare'      the requested page as a bare array, no pagination
 *               (details are {data: load}, or the bare load for 'bare')
 *     fail:     400..599 makes every /api/* request answer that status with the text body
 *               "Sample API: injected failure"; null stops failing
 *     delayMs:  delay before every /api/* response (0..60000)
 *     portal:   true makes every /api/* request answer 200 text/html with a Wi-Fi login page, as a hotel's
 *               or a station's captive portal does; false stops it
 *     broken:   ids of loads to send without their id in lists (an item the site must drop), [] for none
 *     take:     ids of loads to take off the board now (a load taken since the build)
 *     post:     [{from, to}, ...] posts these loads now at the board's newest end, one a minute after the
 *               newest posting (as change mode posts them), each between the two place names as typed
 *     resetTraffic: true zeroes the request counts (reset does too)
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
 *   GET  /__control  the current state. Both answer {day, shape, fail, delayMs, revision, loads, change,
 *               broken, portal, listRequests, posted, removed, traffic} (posted and removed: ids changed by
 *               change mode; traffic: the /api/* requests started, finished, aborted by the client
 *               before their answer, in flight now and most in flight at once, since start or reset).
 *   GET  /__control/ids  the ids the board holds now, in its order, without counting as a list request.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { DEFAULT_API_PORT, DEFAULT_SAMPLE_LOADS } from '../../src/config/constants';
import { newChangeLog } from './changes';
import { utcDayOf } from './data';
import { sendJson } from './http';
import { route } from './router';
import {
  buildDataset,
  newTraffic,
  type ChangeMode,
  type Context,
  type ControlState,
  type ListOrderSetting,
  type ResponseShape,
} from './state';

export { INJECTED_FAILURE_BODY, DEFAULT_LIMIT, MAX_LIMIT } from './router';
export { LIST_ORDERS, RESPONSE_SHAPES, type ListOrderSetting, type ResponseShape } from './state';
export type { ChangeMode } from './state';
export type { ControlAnswer } from './control';

export interface SampleApiOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** How many sample loads. Default 120. */
  loads?: number;
  /** Default: all interfaces. */
  host?: string;
  /** No request log. Default: off. */
  quiet?: boolean;
  /** Initial response shape. Default: 'data'. */
  shape?: ResponseShape;
  /** Initial list order. Default: 'newest'. */
  order?: ListOrderSetting;
  /** `YYYY-MM-DD`, the day the loads count back from (data.ts). Default: the UTC day it starts on. */
  day?: string;
  revision?: number;
  changedEvery?: number;
  /** Change mode from the start (see the file comment). Default: off. */
  change?: ChangeMode | null;
}

export interface SampleApi {
  /** Base URL including `/api`, e.g. http://127.0.0.1:4010/api */
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startSampleApi(options: SampleApiOptions = {}): Promise<SampleApi> {
  const initial: ControlState = {
    day: options.day ?? utcDayOf(Date.now()),
    shape: options.shape ?? 'data',
    order: options.order ?? 'newest',
    fail: null,
    delayMs: 0,
    revision: options.revision ?? 0,
    change: options.change ?? null,
    broken: [],
    portal: false,
  };
  const count = options.loads ?? DEFAULT_SAMPLE_LOADS;
  const ctx: Context = {
    initial,
    state: { ...initial },
    count,
    initialCount: count,
    changedEvery: options.changedEvery,
    data: buildDataset(count, initial.revision, options.changedEvery, initial.day),
    changes: newChangeLog(initial.change),
    traffic: newTraffic(),
    quiet: options.quiet ?? false,
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

/** Counts an API request in `ctx.traffic`: closed before its answer was sent is aborted. */
function countTraffic(res: ServerResponse, ctx: Context): void {
  const { traffic } = ctx;
  traffic.started += 1;
  traffic.inFlight += 1;
  traffic.maxInFlight = Math.max(traffic.maxInFlight, traffic.inFlight);
  res.once('close', () => {
    // A reset while the request was open has zeroed the counts: it is not counted twice.
    if (traffic !== ctx.traffic) return;
    traffic.inFlight -= 1;
    if (res.writableFinished) traffic.finished += 1;
    else traffic.aborted += 1;
  });
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
  if (target.startsWith('/api/')) countTraffic(res, ctx);
  res.setHeader('Access-Control-Allow-Origin', '*');
  try {
    await route(req, res, ctx, new URL(target, 'http://sample-api.invalid'));
  } catch (error) {
    if (!res.headersSent) sendJson(res, 500, { error: `Sample API bug: ${(error as Error).message}` });
    else res.destroy();
  }
}
