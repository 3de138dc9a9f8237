import type { IncomingMessage, ServerResponse } from 'node:http';
import { changeModeProblem, newChangeLog, postLoad, type PostedPlaces } from './changes';
import { sampleDayStart } from './data';
import { readBody, sendJson } from './http';
import {
  LIST_ORDERS,
  RESPONSE_SHAPES,
  servedPositions,
  buildDataset,
  newTraffic,
  type ChangeMode,
  type Context,
  type ControlState,
  type ListOrderSetting,
  type ResponseShape,
  type Traffic,
} from './state';

/**
 * `/__control`: switches this instance's behaviour for tests (see server.ts for the fields). What it
 * answers is `ControlAnswer`, the type the harness's client reads.
 */

export interface ControlAnswer extends ControlState {
  loads: number;
  listRequests: number;
  posted: string[];
  removed: string[];
  traffic: Traffic;
}

export async function control(req: IncomingMessage, res: ServerResponse, ctx: Context): Promise<void> {
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
  const answer: ControlAnswer = {
    ...ctx.state,
    loads: ctx.data.loads.length,
    listRequests: ctx.changes.listRequests,
    posted: ctx.changes.posted,
    removed: ctx.changes.removed,
    traffic: { ...ctx.traffic },
  };
  sendJson(res, 200, answer);
}

/** `/__control/ids`: the ids the board holds now, in its order, without counting as a list request. */
export function boardIds(res: ServerResponse, ctx: Context): void {
  const { loads } = ctx.data;
  sendJson(
    res,
    200,
    servedPositions(loads, ctx.state.order).map((index) => String(loads[index]?.id)),
  );
}

/** Takes loads off the board by id, as a poster who found a truck does (GET /api/loads/{id} then answers 404). */
function takeLoads(ctx: Context, ids: readonly string[]): void {
  const gone = new Set(ids);
  const { data } = ctx;
  for (let index = data.loads.length - 1; index >= 0; index -= 1)
    if (gone.has(String(data.loads[index]?.id))) {
      data.byId.delete(String(data.loads[index]?.id));
      data.loads.splice(index, 1);
      data.haystacks.splice(index, 1);
      data.changed = true;
    }
}

/** Validates everything before changing anything; returns an error message or null. */
function applyControl(ctx: Context, body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Control body must be a JSON object';
  const { shape, order, fail, delayMs, revision, reset, loads, change, broken, resetTraffic, take, portal, day, post } = body as Record<
    string,
    unknown
  >;
  if (day !== undefined && !(typeof day === 'string' && sampleDayStart(day) !== null)) return 'day must be a YYYY-MM-DD day';
  if (post !== undefined && !isPostList(post)) return 'post must be an array of at most 100 {from, to} place names';
  if (shape !== undefined && !RESPONSE_SHAPES.includes(shape as ResponseShape)) {
    return `shape must be one of ${RESPONSE_SHAPES.join(', ')}`;
  }
  if (order !== undefined && !LIST_ORDERS.includes(order as ListOrderSetting)) return `order must be one of ${LIST_ORDERS.join(', ')}`;
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
  if (portal !== undefined && typeof portal !== 'boolean') return 'portal must be true or false';
  if (resetTraffic !== undefined && resetTraffic !== true) return 'resetTraffic must be true when given';
  if (broken !== undefined && !(Array.isArray(broken) && broken.length <= 10_000 && broken.every((id) => typeof id === 'string'))) {
    return 'broken must be an array of load ids';
  }
  if (take !== undefined && !(Array.isArray(take) && take.length <= 10_000 && take.every((id) => typeof id === 'string'))) {
    return 'take must be an array of load ids';
  }
  if (loads !== undefined && !(Number.isInteger(loads) && (loads as number) >= 0 && (loads as number) <= 100_000)) {
    return 'loads must be a whole number 0..100000';
  }
  const changeProblem = change === undefined || change === null ? null : changeModeProblem(change);
  if (changeProblem) return changeProblem;

  const next: ControlState = reset ? { ...ctx.initial } : { ...ctx.state };
  if (shape !== undefined) next.shape = shape as ResponseShape;
  if (order !== undefined) next.order = order as ListOrderSetting;
  if (fail !== undefined) next.fail = fail as number | null;
  if (delayMs !== undefined) next.delayMs = delayMs as number;
  if (revision !== undefined) next.revision = revision as number;
  if (day !== undefined) next.day = day as string;
  if (change !== undefined) next.change = change === null ? null : { ...(change as ChangeMode) };
  if (broken !== undefined) next.broken = [...(broken as string[])];
  if (portal !== undefined) next.portal = portal as boolean;
  if (reset || resetTraffic) ctx.traffic = newTraffic();
  const count = loads !== undefined ? (loads as number) : reset ? ctx.initialCount : ctx.count;
  // A board change mode has touched is rebuilt on reset, like one of another size or revision, even
  // when change mode was turned off since (which starts its log afresh).
  const touched = ctx.data.changed;
  if (next.revision !== ctx.state.revision || next.day !== ctx.data.day || count !== ctx.count || (reset && touched)) {
    ctx.count = count;
    ctx.data = buildDataset(count, next.revision, ctx.changedEvery, next.day);
  }
  if (change !== undefined || reset) ctx.changes = newChangeLog(next.change);
  ctx.state = next;
  if (take !== undefined) takeLoads(ctx, take as string[]);
  if (post !== undefined) for (const places of post as PostedPlaces[]) postLoad(ctx, ctx.changes, places);
  return null;
}

function isPostList(post: unknown): boolean {
  const name = (text: unknown) => typeof text === 'string' && text.trim() !== '' && text.length <= 200;
  return (
    Array.isArray(post) &&
    post.length <= 100 &&
    post.every(
      (item: unknown) => typeof item === 'object' && item !== null && name((item as PostedPlaces).from) && name((item as PostedPlaces).to),
    )
  );
}
