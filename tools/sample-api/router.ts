import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiLoad } from '../../src/api-client/types';
import { changeBoard } from './changes';
import { boardIds, control } from './control';
import { UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from './data';
import { sendHtml, sendJson, sendText, sleep } from './http';
import { servedPositions, type Context, type ResponseShape } from './state';

/** The marketplace API's public load routes, plus `/__control`, as server.ts documents them. */

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const INJECTED_FAILURE_BODY = 'Sample API: injected failure';
/** What a captive portal answers every URL with (`portal` in /__control). */
export const CAPTIVE_PORTAL_PAGE =
  '<!DOCTYPE html><html lang="uz"><head><meta charset="utf-8"><title>Wi-Fi</title></head><body><h1>Bepul Wi-Fi</h1><form action="/login"><button>Kirish</button></form></body></html>';

export async function route(req: IncomingMessage, res: ServerResponse, ctx: Context, url: URL): Promise<void> {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/__control') return control(req, res, ctx);
  if (path === '/__control/ids') return boardIds(res, ctx);
  if (req.method === 'OPTIONS') return preflight(res);
  if (!path.startsWith('/api/')) return sendJson(res, 404, { error: `Not found: ${path}` });

  if (ctx.state.delayMs > 0) await sleep(ctx.state.delayMs);
  if (ctx.state.fail !== null) return sendText(res, ctx.state.fail, INJECTED_FAILURE_BODY);
  if (ctx.state.portal) return sendHtml(res, 200, CAPTIVE_PORTAL_PAGE);
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET, OPTIONS');
    return sendJson(res, 405, { error: `Method ${req.method ?? ''} not allowed` });
  }

  if (path === '/api/loads') return listLoads(res, ctx, url.searchParams);
  if (path === '/api/vehicle-types') return vehicleTypes(res, ctx);
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
  const matches = servedPositions(loads, ctx.state.order)
    .filter((i) => !search || (haystacks[i] as string).includes(search))
    .map((i) => loads[i] as ApiLoad);
  const start = (page - 1) * limit;
  const broken = new Set(ctx.state.broken);
  const data = matches.slice(start, start + limit).map((load) => (broken.has(String(load.id)) ? { ...load, id: undefined } : load));
  const pagination = { total: matches.length, page, limit };
  const body = listBody(ctx.state.shape, data, pagination);
  // After the answer is made: the change lands between this request and the next, as on a live board.
  changeBoard(ctx);
  sendJson(res, 200, body);
}

/** The dictionary of vehicle types, in the response shape the instance is set to (a bare array for `bare`). */
function vehicleTypes(res: ServerResponse, ctx: Context): void {
  const types = [...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES];
  sendJson(res, 200, ctx.state.shape === 'bare' ? types : { data: types });
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
