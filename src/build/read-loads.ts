import type { Reporter } from 'gatsby';
import { fetchAllLoads } from '../api-client/client';
import { apiUrl } from '../config/env';
import type { Load } from '../api-client/types';

/**
 * Reads every load from the API for the build. A failure stops the build with one line naming the URL
 * and the cause (CONTRACT.md): a scheduled rebuild must never publish a site that lost its loads.
 */
export async function readLoads(reporter: Reporter): Promise<Load[]> {
  const base = apiUrl();
  const activity = reporter.activityTimer(`Reading loads from ${base}/loads`);
  activity.start();
  try {
    const { loads, total, pages } = await fetchAllLoads({ baseUrl: base });
    activity.setStatus(`${loads.length} loads in ${pages} pages (API total ${total})`);
    activity.end();
    reporter.info(`Read ${loads.length} loads from ${base}/loads (API total ${total}).`);
    return loads;
  } catch (error) {
    activity.end();
    const cause = error instanceof Error ? error.message : String(error);
    reporter.panic(`Cannot read loads from ${base}/loads: ${oneLine(cause)}`);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
