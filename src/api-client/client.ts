/**
 * HTTP client for the marketplace API, shared by the browser (list screen, client-only load fallback)
 * and the build (`fetchAllLoads`). Free of Gatsby imports so the build can use it from gatsby-node.
 * Response shapes are normalize.ts's business; this module only moves bytes and turns failures into
 * errors whose message says what happened (SPEC.md section 8).
 */
import { apiUrl } from '../config/env';
import { ApiShapeError, normalizeLoadList, normalizeLoadResponse, normalizeVehicleTypes, reportedTotal } from './normalize';
import type { Load, LoadList, LoadQuery, VehicleType } from './types';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Status codes worth another try: the server or something in front of it is busy or restarting. */
export const RETRY_STATUS_CODES = [408, 413, 429, 500, 502, 503, 504];
const MESSAGE_BODY_CHARS = 300;
const KEPT_BODY_CHARS = 10_000;
/** A non-OK HTTP response. The message holds status code, status text and body (SPEC.md section 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** Response body text (capped at 10,000 characters). */
  readonly body: string;
  readonly url: string;

  constructor(status: number, statusText: string, body: string, url: string) {
    super(apiErrorMessage(status, statusText, body));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body.slice(0, KEPT_BODY_CHARS);
    this.url = url;
  }
}

function apiErrorMessage(status: number, statusText: string, body: string): string {
  const head = statusText ? `${status} ${statusText}` : String(status);
  // One line: the build prints it as its single failure line, the list screen under its heading.
  const oneLine = body.replace(/\s+/g, ' ').trim();
  if (!oneLine) return head;
  return `${head}: ${oneLine.length > MESSAGE_BODY_CHARS ? `${oneLine.slice(0, MESSAGE_BODY_CHARS - 1)}…` : oneLine}`;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Per attempt. Default 15 s. */
  timeoutMs?: number;
  /** Extra attempts after a network error or a retryable status, with exponential backoff. Default 0. */
  retries?: number;
  /** API base including `/api`. Default: `apiUrl()` (GATSBY_API_URL). */
  baseUrl?: string;
}

export async function fetchLoads(query: LoadQuery = {}, options: RequestOptions = {}): Promise<LoadList> {
  const { body, url } = await getJson('loads', loadSearchParams(query), options);
  return naming(url, () => normalizeLoadList(body, { page: query.page, limit: query.limit }));
}

export async function fetchLoad(id: string, options: RequestOptions = {}): Promise<Load> {
  if (!id) throw new Error('fetchLoad: the load id is empty');
  const { body, url } = await getJson(`loads/${encodeURIComponent(id)}`, undefined, options);
  return naming(url, () => normalizeLoadResponse(body));
}

export async function fetchVehicleTypes(options: RequestOptions = {}): Promise<VehicleType[]> {
  const { body, url } = await getJson('vehicle-types', undefined, options);
  return naming(url, () => normalizeVehicleTypes(body));
}

function loadSearchParams(query: LoadQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const search = query.search?.trim();
  if (search) params.set('search', search);
  return params;
}

async function getJson(
  path: string,
  params: URLSearchParams | undefined,
  options: RequestOptions,
): Promise<{ body: unknown; url: string }> {
  const query = params?.toString();
  const url = `${stripTrailingSlashes(options.baseUrl ?? apiUrl())}/${path}${query ? `?${query}` : ''}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const text = await getText(url, options, timeoutMs);
  try {
    return { body: JSON.parse(text) as unknown, url };
  } catch {
    const shown = text.replace(/\s+/g, ' ').trim().slice(0, 100);
    throw new ApiShapeError(`Response from ${url} is not JSON: ${shown ? JSON.stringify(shown) : 'empty body'}`);
  }
}

/** Shape errors name the URL too: the build prints the message as its one failure line. */
function naming<T>(url: string, normalize: () => T): T {
  try {
    return normalize();
  } catch (error) {
    if (error instanceof ApiShapeError) throw new ApiShapeError(`${error.message} (from ${url})`);
    throw error;
  }
}

/**
 * One GET with a timeout per attempt, the caller's abort signal, and retries with exponential backoff
 * after a network error or a retryable status (the build asks for retries; the browser does not). Plain
 * fetch: a client library would add about 4 KB gzip to the load board for these thirty lines.
 */
async function getText(url: string, options: RequestOptions, timeoutMs: number): Promise<string> {
  const retries = Math.max(0, options.retries ?? 0);
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt >= retries;
    let response: Response;
    try {
      response = await fetchOnce(url, options.signal, timeoutMs);
    } catch (error) {
      // The caller cancelled (navigation, a newer search): hand its own abort back untouched.
      if (options.signal?.aborted) throw asError(error);
      if (last) throw error instanceof TimeoutFailure ? new Error(`Request to ${url} timed out after ${timeoutMs} ms`) : new Error(`Network error requesting ${url}: ${networkReason(error)}`, { cause: error });
      await pause(backoffMs(attempt), options.signal);
      continue;
    }
    if (response.ok) return response.text();
    if (last || !RETRY_STATUS_CODES.includes(response.status)) {
      const body = await response.text().catch(() => '');
      throw new ApiError(response.status, response.statusText, body, url);
    }
    await response.body?.cancel().catch(() => undefined);
    await pause(backoffMs(attempt), options.signal);
  }
}

class TimeoutFailure extends Error {}

async function fetchOnce(url: string, signal: AbortSignal | undefined, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    return await fetch(url, {
      method: 'GET',
      // No Content-Type: on a GET it would force a CORS preflight round trip (CONTRACT.md).
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal: controller.signal,
    });
  } catch (error) {
    throw timedOut ? new TimeoutFailure(String(error)) : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function backoffMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** attempt);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('Aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Node's fetch says only "fetch failed"; the useful part (ECONNREFUSED ...) is in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const parts = [asError(error).message];
  if (cause && typeof cause.code === 'string') parts.push(cause.code);
  else if (cause && typeof cause.message === 'string') parts.push(cause.message);
  return parts.join(': ');
}

/** Duck-typed: errors from fetch may come from another realm (jsdom, jest), where instanceof fails. */
function asError(error: unknown): Error {
  if (typeof error === 'object' && error !== null && typeof (error as Error).message === 'string') return error as Error;
  return new Error(String(error));
}

function stripTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** One list page and the total the API reported with it (null for a bare array): the build's read. */
export async function fetchLoadsPage(
  query: LoadQuery,
  options: RequestOptions,
): Promise<{ list: LoadList; reportedTotal: number | null }> {
  const { body, url } = await getJson('loads', loadSearchParams(query), options);
  return { list: naming(url, () => normalizeLoadList(body, { page: query.page, limit: query.limit })), reportedTotal: reportedTotal(body) };
}
