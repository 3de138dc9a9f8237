import { getJson, naming, type RequestOptions } from './client';
import { normalizeLoadResponse } from './normalize';
import type { Load } from './types';

/**
 * One load by its id (`GET /loads/{id}`). A module of its own: the pages that read one load (the load
 * fallback, the build) are not the board, whose first script then carries none of it.
 */
export async function fetchLoad(id: string, options: RequestOptions = {}): Promise<Load> {
  if (!id) throw new Error('fetchLoad: the load id is empty');
  const { body, url } = await getJson(`loads/${encodeURIComponent(id)}`, options);
  return naming(url, () => normalizeLoadResponse(body));
}
