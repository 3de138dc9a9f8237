/**
 * How the build reads the whole board, apart from HTTP (client.ts moves the bytes). The board keeps
 * changing while it is read, and offset pages shift under it: a load posted at the front makes the next
 * page repeat one load, a load removed before the cursor makes the next page skip one. One walk over the
 * pages can therefore miss a load that was live all along and include one that is gone.
 *
 * The repair: walk all pages again, and compare the id sets of consecutive walks.
 * - Two consecutive walks agree (and agree with the API's total, when it reports one): nothing changed
 *   during the last walk as far as any observer can tell, so it is the live board, exactly.
 * - Otherwise, after `maxPasses` walks, the last walk is taken as it is (every load in it was live when
 *   its page was read) and every load seen in an earlier walk but not in the last one is confirmed with
 *   GET /loads/{id}: found (it was skipped by a shifted page) keeps it, 404 (removed) drops it. Loads
 *   posted during the read may be missing: the next rebuild adds them, and the client fallback serves
 *   them meanwhile. A load removed during the last walk after its page was read stays until then.
 * - When more loads need confirming than about two walks' worth of requests, the board changes faster
 *   than it can be read: the read fails rather than confirm for ever.
 */
import type { Load } from './types';

/** The build reads in large pages: fewer round trips, and the sample API's cap. */
export const READ_PAGE_SIZE = 100;
/** Walks before settling by confirmation: a board that stops changing agrees within three. */
export const READ_MAX_PASSES = 3;
/** Confirmations always allowed, whatever the board's size: a small board's few changes are cheap. */
export const READ_CONFIRM_FLOOR = 25;
/** Confirmation requests in flight at once. */
const CONFIRM_CONCURRENCY = 4;
/** Guards against an API that never returns an empty page nor a total. */
const MAX_PAGES_PER_WALK = 100_000;

export interface ReadPage {
  loads: Load[];
  /** The total the API reported with this page, or null when its shape carries none (bare arrays). */
  reportedTotal: number | null;
  /**
   * Items the API sent on this page before normalizing dropped any (no id, a repeat within the page);
   * `loads.length` when not given. Positions and the end of a walk count what the API sent.
   */
  received?: number;
}

export interface ReadAllSources {
  /** One list page (1-based). Rejects on any failure: the read stops with it. */
  fetchPage(page: number, limit: number): Promise<ReadPage>;
  /** One load by id, or null when the API says it does not exist (404). Rejects on any other failure. */
  fetchLoad(id: string): Promise<Load | null>;
}

export interface ReadAllOptions {
  /** Default READ_PAGE_SIZE. */
  pageSize?: number;
  /** Default READ_MAX_PASSES; at least 2. */
  maxPasses?: number;
  /** Called after each walk, for a progress line. */
  onPass?: (pass: number, walk: WalkSummary) => void;
}

export interface WalkSummary {
  /** Distinct loads the walk saw. */
  loads: number;
  /** List requests it made. */
  pages: number;
  /** The total reported with its last page, if any. */
  reportedTotal: number | null;
}

export interface ReadStats {
  /** Walks over the pages. */
  passes: number;
  /** List requests, over all walks. */
  pages: number;
  /** Loads asked for one by one (GET /loads/{id}). */
  confirmed: number;
  /** Confirmed loads the API no longer has (404), left out. */
  dropped: number;
  /** True when two consecutive walks agreed; false when the read settled by confirmation. */
  agreed: boolean;
  /** Items of the last walk that could not be read as a load (no id, repeated in their page): skipped. */
  unreadable: number;
}

export interface ReadAllResult {
  /** Unique by id, in the board's order (newest first on the real API). */
  loads: Load[];
  stats: ReadStats;
}

/** The read's one failure line (without the API's URL, which the caller prepends). */
export class BoardReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BoardReadError';
  }
}

interface Walk {
  /** First sighting of each id, in page order. */
  byId: Map<string, Load>;
  pages: number;
  reportedTotal: number | null;
  /** Items sent but not readable as a load (see ReadPage.received). */
  unreadable: number;
}

export async function readAllLoads(sources: ReadAllSources, options: ReadAllOptions = {}): Promise<ReadAllResult> {
  const limit = options.pageSize ?? READ_PAGE_SIZE;
  const maxPasses = Math.max(2, options.maxPasses ?? READ_MAX_PASSES);
  const walks: Walk[] = [];
  let pages = 0;
  for (let pass = 1; pass <= maxPasses; pass += 1) {
    const walk = await walkPages(sources, limit);
    walks.push(walk);
    pages += walk.pages;
    options.onPass?.(pass, { loads: walk.byId.size, pages: walk.pages, reportedTotal: walk.reportedTotal });
    const previous = walks[walks.length - 2];
    if (previous && sameIds(previous, walk) && matchesTotal(walk)) {
      return {
        loads: [...walk.byId.values()],
        stats: { passes: pass, pages, confirmed: 0, dropped: 0, agreed: true, unreadable: walk.unreadable },
      };
    }
  }
  return settle(sources, walks, pages);
}

/**
 * One walk: pages until one comes back empty, or until the positions read reach the total the API
 * reported with the latest page (positions, not distinct loads: a shifted page repeats a load). A page
 * that brings nothing new ends the walk too, because an API that ignores `page` would loop for ever.
 */
async function walkPages(sources: ReadAllSources, limit: number): Promise<Walk> {
  const byId = new Map<string, Load>();
  let positions = 0;
  let unreadable = 0;
  let unreadablePages = 0;
  let reportedTotal: number | null = null;
  let page = 0;
  while (page < MAX_PAGES_PER_WALK) {
    page += 1;
    const result = await sources.fetchPage(page, limit);
    reportedTotal = result.reportedTotal;
    // What the API sent, not what survived normalizing: a page of broken items is not the end of the board.
    const received = Math.max(result.received ?? result.loads.length, result.loads.length);
    if (received === 0) break;
    positions += received;
    unreadable += received - result.loads.length;
    const before = byId.size;
    for (const load of result.loads) if (!byId.has(load.id)) byId.set(load.id, load);
    // Nothing new: an API that ignores `page` would loop for ever. A page with nothing readable counts
    // as nothing new from the second such page in a row (one broken page is read past, a run is not).
    unreadablePages = result.loads.length === 0 ? unreadablePages + 1 : 0;
    if (result.loads.length > 0 ? byId.size === before : unreadablePages > 1) break;
    if (reportedTotal !== null && positions >= reportedTotal) break;
  }
  return { byId, pages: page, reportedTotal, unreadable };
}

function sameIds(a: Walk, b: Walk): boolean {
  if (a.byId.size !== b.byId.size) return false;
  for (const id of a.byId.keys()) if (!b.byId.has(id)) return false;
  return true;
}

function matchesTotal(walk: Walk): boolean {
  // Unreadable items are positions the API counted: the read skips them and says so, rather than fail.
  return walk.reportedTotal === null || walk.reportedTotal === walk.byId.size + walk.unreadable;
}

async function settle(sources: ReadAllSources, walks: Walk[], pages: number): Promise<ReadAllResult> {
  const last = walks[walks.length - 1] as Walk;
  const previous = walks[walks.length - 2] as Walk;
  const passes = walks.length;
  // The board held still but its total never matched its pages: an API bug a rebuild must not publish.
  if (sameIds(previous, last) && previous.reportedTotal === last.reportedTotal && last.reportedTotal !== null) {
    throw new BoardReadError(
      `the API reported ${last.reportedTotal} loads but ${last.byId.size} distinct loads were read in ${last.pages} pages, ${passes} times`,
    );
  }
  const missing = idsMissingFromLast(walks);
  const budget = confirmBudget(last);
  if (missing.length > budget) {
    throw new BoardReadError(
      `the board changed on every pass: ${passes} passes of about ${last.pages} pages each never agreed, and ` +
        `${missing.length} loads seen earlier were gone from the last pass (more than the ${budget} the build confirms one by one)`,
    );
  }
  const found = await confirm(sources, missing);
  const loads = mergeInOrder(walks, found);
  return {
    loads,
    stats: { passes, pages, confirmed: missing.length, dropped: missing.length - found.size, agreed: false, unreadable: last.unreadable },
  };
}

/** Confirming may cost about two walks' worth of requests; more means the board outruns the read. */
export function confirmBudget(last: { pages: number }): number {
  return Math.max(READ_CONFIRM_FLOOR, 2 * last.pages);
}

/** Loads some walk saw that the last walk did not. */
function idsMissingFromLast(walks: Walk[]): string[] {
  const last = walks[walks.length - 1] as Walk;
  const missing = new Set<string>();
  for (const walk of walks.slice(0, -1)) for (const id of walk.byId.keys()) if (!last.byId.has(id)) missing.add(id);
  return [...missing];
}

async function confirm(sources: ReadAllSources, ids: string[]): Promise<Map<string, Load>> {
  const found = new Map<string, Load>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next] as string;
      next += 1;
      const load = await sources.fetchLoad(id);
      // Keyed by the asked id: the list named it so, whatever the detail answer spells.
      if (load) found.set(id, { ...load, id });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONFIRM_CONCURRENCY, ids.length) }, worker));
  return found;
}

/**
 * The last walk's loads in its order, each confirmed load put back before the load that followed it in
 * the latest walk that saw it, so a load a shifted page skipped keeps its place on the board's first page.
 * The follower, not the predecessor: a shifted page skips the load just before a page's first load, so
 * the earlier walk may lack the predecessor but has the follower.
 */
function mergeInOrder(walks: Walk[], found: Map<string, Load>): Load[] {
  const last = walks[walks.length - 1] as Walk;
  // Each walk's ids in order, listed once rather than once per confirmed load (10,000 ids a walk).
  const order = walks.map((walk) => [...walk.byId.keys()]);
  const before = new Map<string | null, Load[]>();
  for (const [id, load] of found) {
    const anchor = followerOf(order, last, id);
    const list = before.get(anchor) ?? [];
    list.push(load);
    before.set(anchor, list);
  }
  const result: Load[] = [];
  for (const load of last.byId.values()) result.push(...(before.get(load.id) ?? []), load);
  result.push(...(before.get(null) ?? []));
  return result;
}

/** The nearest later load, in the latest walk that saw `id`, that the last walk saw too. */
function followerOf(order: string[][], last: Walk, id: string): string | null {
  for (let index = order.length - 2; index >= 0; index -= 1) {
    const ids = order[index] as string[];
    const position = ids.indexOf(id);
    if (position < 0) continue;
    return ids.slice(position + 1).find((candidate) => last.byId.has(candidate)) ?? null;
  }
  return null;
}
