import type { Reporter } from 'gatsby';
import { ApiError, fetchLoadsPage, fetchVehicleTypes } from '../api-client/client';
import { fetchLoad } from '../api-client/one-load';
import type { RequestOptions } from '../api-client/client';
import { readAllLoads } from '../api-client/read-all';
import type { ReadAllSources, ReadStats } from '../api-client/read-all';
import { apiUrl } from '../config/env';
import type { Load, VehicleType } from '../api-client/types';
import { listOrderOf, type ListOrder } from '../api-client/list-order';
import { newestFirst } from '../loads/posting-time';
import { PAGE_SIZE } from '../config/constants';

/** The site's own error id: Gatsby prefixes it with the plugin's name (`gatsby-node.js_…`). */
export const LOADS_READ_ERROR_ID = 'YUKBOR_LOADS_READ';

/** Build reads retry a busy or restarting API; the browser never does. */
const BUILD_RETRIES = 3;

/** What the build read: every live load, newest first, and the order the API listed them in. */
export interface BoardRead {
  loads: Load[];
  order: ListOrder;
  /**
   * The board's first page as the browser's plain list will show it (CONTRACT.md, "The API as the site
   * calls it"): newest first where the API's order allows it, else the API's own first page as it came,
   * so the page a visitor without script sees is the one the API lists, and the refresh changes nothing.
   */
  firstPage: Load[];
}

/**
 * Reads every load from the API for the build, consistently while the board changes (read-all.ts).
 * A failure ends the activity as failed and stops the build with one line naming the URL and the cause
 * (CONTRACT.md): a scheduled rebuild must never publish a site that lost its loads. The API's order is
 * learned from the whole list, and the loads are handed on in the site's one order, newest first.
 */
export async function readLoads(reporter: Reporter, options: { retries?: number; pageSize?: number } = {}): Promise<BoardRead> {
  const base = apiUrl();
  reporter.setErrorMap({
    [LOADS_READ_ERROR_ID]: {
      text: (context: { sourceMessage: string }) => context.sourceMessage,
      level: 'ERROR',
      type: 'PLUGIN',
      // The API is another system: the site's code and configuration are not at fault.
      category: 'THIRD_PARTY',
    },
  });
  const activity = reporter.activityTimer(`Reading loads from ${base}/loads`);
  activity.start();
  const request: RequestOptions = { baseUrl: base, retries: options.retries ?? BUILD_RETRIES };
  try {
    const { loads, stats } = await readAllLoads(apiSources(request), {
      pageSize: options.pageSize,
      onPass: (pass, walk) => activity.setStatus(`pass ${pass}: ${walk.loads} loads in ${walk.pages} pages`),
    });
    activity.end();
    const order = listOrderOf(loads);
    reporter.info(`Read ${loads.length} loads from ${base}/loads: ${describeRead(stats)}; ${describeOrder(order)}.`);
    const sorted = [...loads].sort(newestFirst);
    return { loads: sorted, order, firstPage: (order === 'none' ? loads : sorted).slice(0, PAGE_SIZE) };
  } catch (error) {
    const cause = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 500);
    return activity.panic({
      id: LOADS_READ_ERROR_ID,
      context: { sourceMessage: `Cannot read loads from ${base}/loads: ${cause}` },
    });
  }
}

/** The read's HTTP side: list pages and single loads, a removed load (404) answering null. */
export function apiSources(request: RequestOptions): ReadAllSources {
  return {
    fetchPage: async (page, limit) => {
      const { list, reportedTotal, received } = await fetchLoadsPage({ page, limit }, request);
      return { loads: list.loads, reportedTotal, received };
    },
    fetchLoad: async (id) => {
      try {
        return await fetchLoad(id, request);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

export function describeOrder(order: ListOrder): string {
  if (order === 'newest') return 'it lists the newest first';
  if (order === 'oldest') return 'it lists the oldest first';
  return 'it lists them in no order of posting';
}

export function describeRead(stats: ReadStats): string {
  const how = stats.agreed ? 'the last two agreed' : 'the board changed on every pass';
  return (
    `${stats.passes} passes over ${stats.pages} pages (${how}), ` +
    `${stats.confirmed} loads confirmed one by one, ${stats.dropped} dropped as removed` +
    (stats.unreadable ? `, ${stats.unreadable} items skipped as unreadable (no id, or repeated in their page)` : '')
  );
}

/**
 * The vehicle types the API lists (`GET /vehicle-types`), which the filters offer. Not worth a failed
 * build: when they cannot be read, the build says so and the filters offer the types the loads name.
 */
export async function readVehicleTypes(reporter: Reporter, options: { retries?: number } = {}): Promise<string[]> {
  return (await readVehicleTypeList(reporter, options)).map((type) => type.name);
}

/** The same, with the dictionary's ids (the Telegram alerts link names a type by its id). */
export async function readVehicleTypeList(reporter: Reporter, options: { retries?: number } = {}): Promise<VehicleType[]> {
  const base = apiUrl();
  try {
    const types = await fetchVehicleTypes({ baseUrl: base, retries: options.retries ?? BUILD_RETRIES });
    reporter.info(`Read ${types.length} vehicle types from ${base}/vehicle-types.`);
    return types;
  } catch (error) {
    const cause = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
    reporter.warn(`Cannot read vehicle types from ${base}/vehicle-types (${cause}): the filters offer the types the loads name.`);
    return [];
  }
}
