import { ApiError } from '../../api-client/client';
import { fetchLoad } from '../../api-client/one-load';
import type { Load } from '../../api-client/types';

/**
 * One load as the API has it now, for a load page the build did not make (the 404 page's fallback):
 * the one place outside the board's list where the browser asks the API.
 */
export function fetchLiveLoad(id: string): Promise<Load> {
  return fetchLoad(id);
}

/** The API's word that the load is not on the board any more (as opposed to the API being unreachable). */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}
