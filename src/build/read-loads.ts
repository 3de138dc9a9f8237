import type { Reporter } from 'gatsby';
import { fetchAllLoads } from '../api-client/client';
import { apiUrl } from '../config/env';
import type { Load } from '../api-client/types';

/**
 * Reads every load from the API for the build. A failure stops the build with one line naming the URL
 * and the cause (CONTRACT.md): a scheduled rebuild must never publish a site that lost its loads, so
 * a read that disagrees with the API's own total fails too.
 */
export async function readLoads(reporter: Reporter, options: { retries?: number } = {}): Promise<Load[]> {
  const base = apiUrl();
  const activity = reporter.activityTimer(`Reading loads from ${base}/loads`);
  activity.start();
  let result: Awaited<ReturnType<typeof fetchAllLoads>>;
  try {
    result = await fetchAllLoads({ baseUrl: base, retries: options.retries });
  } catch (error) {
    activity.end();
    return fail(reporter, base, error instanceof Error ? error.message : String(error));
  }
  activity.end();
  const { loads, total, pages } = result;
  if (loads.length !== total) {
    return fail(reporter, base, `the API reported ${total} loads but ${loads.length} distinct loads were read in ${pages} pages`);
  }
  reporter.info(`Read ${loads.length} loads from ${base}/loads in ${pages} pages (API total ${total}).`);
  return loads;
}

function fail(reporter: Reporter, base: string, cause: string): never {
  reporter.panic(`Cannot read loads from ${base}/loads: ${cause.replace(/\s+/g, ' ').trim().slice(0, 500)}`);
}
