import type { Reporter } from 'gatsby';
import { fetchLoadsPage } from '../api-client/client';
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
  let result: { loads: Load[]; total: number; pages: number };
  try {
    result = await walk(base, options.retries ?? 3);
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

// Interim walk until the consistent read lands (issue 14).
async function walk(baseUrl: string, retries: number): Promise<{ loads: Load[]; total: number; pages: number }> {
  const byId = new Map<string, Load>();
  let total = 0;
  let page = 0;
  for (;;) {
    page += 1;
    const { list, reportedTotal } = await fetchLoadsPage({ page, limit: 100 }, { baseUrl, retries });
    const before = byId.size;
    for (const load of list.loads) if (!byId.has(load.id)) byId.set(load.id, load);
    total = reportedTotal ?? byId.size;
    if (list.loads.length === 0 || (reportedTotal !== null && byId.size >= reportedTotal) || byId.size === before) break;
  }
  return { loads: [...byId.values()], total, pages: page };
}
