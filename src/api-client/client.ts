/**
 * HTTP client for the marketplace API, on ky, shared by the browser (list screen, client-only load
 * fallback) and the build. Free of Gatsby imports so the build can use it from gatsby-node.
 * Response shapes are normalize.ts's business, and how the build walks the whole board is
 * read-all.ts's; this module knows the API's paths, timeouts, retries and the text of its errors
 * (SPEC.md section 8).
 */
import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import { apiUrl } from '../config/env';
import { keptCopySeenAt, keptForSlowServer } from '../config/kept-copy';
import { noWorkerControls, noteListAnswer } from './answers-before-worker';
import { ApiShapeError, normalizeLoadList, normalizeVehicleTypes, receivedItems, reportedTotal } from './normalize';
import type { LoadList, LoadQuery, VehicleType } from './types';

export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * The API could not be reached: a network error or a timeout (no answer at all, as opposed to an
 * answer with an error status, ApiError). A phone without a network sees this.
 */
export class ApiUnreachableError extends Error {
  readonly unreachable = true;
}

export { isUnreachable } from './unreachable';

/** Status codes worth another try: the server or something in front of it is busy or restarting. */
export const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];
const MESSAGE_BODY_CHARS = 300;
const KEPT_BODY_CHARS = 10_000;

/**
 * A non-OK HTTP response, made from ky's HTTPError (kept as `cause`, with its `response` and `request`
 * here too). The message holds status code, status text and body (SPEC.md section 8) on one line,
 * because the build prints it as its single failure line and the list screen under its heading.
 * It extends Error rather than HTTPError, so that its shape is the site's whatever ky's class holds.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** Response body text (capped at 10,000 characters). */
  readonly body: string;
  readonly url: string;
  readonly response: Response;
  readonly request: Request;

  constructor(error: HTTPError, body: string) {
    super(apiErrorMessage(error.response.status, error.response.statusText, body), { cause: error });
    this.name = 'ApiError';
    this.response = error.response;
    this.request = error.request;
    this.status = error.response.status;
    this.statusText = error.response.statusText;
    this.body = body.slice(0, KEPT_BODY_CHARS);
    this.url = error.request.url;
  }
}

function apiErrorMessage(status: number, statusText: string, body: string): string {
  const head = statusText ? `${status} ${statusText}` : String(status);
  const oneLine = body.replace(/\s+/g, ' ').trim();
  if (!oneLine) return head;
  return `${head}: ${oneLine.length > MESSAGE_BODY_CHARS ? `${oneLine.slice(0, MESSAGE_BODY_CHARS - 1)}…` : oneLine}`;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Per attempt. Default 15 s. */
  timeoutMs?: number;
  /**
   * Extra attempts after a network error, a timeout or a retryable status, with exponential backoff.
   * Default 0: a visitor's phone should show the error and its retry button rather than wait; the
   * build asks for retries, because one busy moment of the API must not cost a scheduled rebuild.
   */
  retries?: number;
  /** API base including `/api`. Default: `apiUrl()` (GATSBY_API_URL). */
  baseUrl?: string;
}

const api: KyInstance = ky.create({
  // No Content-Type: on a GET it would force a CORS preflight round trip (CONTRACT.md).
  headers: { Accept: 'application/json' },
  credentials: 'omit',
});

function kyOptions(options: RequestOptions, searchParams?: URLSearchParams): Options {
  return {
    prefixUrl: (options.baseUrl ?? apiUrl()).replace(/\/+$/, ''),
    searchParams,
    signal: options.signal,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: {
      limit: Math.max(0, options.retries ?? 0),
      methods: ['get'],
      statusCodes: RETRY_STATUS_CODES,
      retryOnTimeout: true,
      backoffLimit: 10_000,
      delay: (attempt) => 500 * 2 ** (attempt - 1),
      // A caller's abort (a newer search, a navigation) ends the request at once.
      shouldRetry: () => (options.signal?.aborted ? false : undefined),
    },
  };
}

export async function fetchLoads(query: LoadQuery = {}, options: RequestOptions = {}): Promise<LoadList> {
  return (await fetchLoadsPage(query, options)).list;
}

/**
 * One page of the list with the API's own pagination: the total it reported, if any, and how many
 * items it sent before normalizing dropped any. What a walk over pages decides its end by (the
 * build's read, the board's search over several spellings), never by the loads that survived.
 */
export async function fetchLoadsPage(
  query: LoadQuery,
  options: RequestOptions = {},
): Promise<{ list: LoadList; reportedTotal: number | null; received: number }> {
  const { body, url, seenAt, slow } = await getJson('loads', options, loadSearchParams(query));
  const list = naming(url, () => normalizeLoadList(body, { page: query.page, limit: query.limit }));
  const kept = seenAt === null ? list : { ...list, seenAt, ...(slow ? { slow } : {}) };
  return { list: kept, reportedTotal: reportedTotal(body), received: receivedItems(body) };
}

export async function fetchVehicleTypes(options: RequestOptions = {}): Promise<VehicleType[]> {
  const { body, url } = await getJson('vehicle-types', options);
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

/**
 * `seenAt`: set when the answer is a copy the offline worker kept (config/kept-copy.ts); `slow`: it
 * stood in for an API that did not answer in time.
 */
export async function getJson(
  path: string,
  options: RequestOptions,
  params?: URLSearchParams,
): Promise<{ body: unknown; url: string; seenAt: number | null; slow: boolean }> {
  const request = kyOptions(options, params);
  const query = params?.toString();
  const url = `${String(request.prefixUrl)}/${path}${query ? `?${query}` : ''}`;
  let text: string;
  let seenAt: number | null;
  let slow = false;
  const pastAnyWorker = path === 'loads' && noWorkerControls();
  try {
    const response = await api.get(path, request);
    seenAt = keptCopySeenAt(response.headers);
    slow = seenAt !== null && keptForSlowServer(response.headers);
    text = await response.text();
    if (pastAnyWorker) noteListAnswer(url, text, Date.now());
  } catch (error) {
    throw await describeFailure(error, url, request, options.signal);
  }
  try {
    return { body: JSON.parse(text) as unknown, url, seenAt, slow };
  } catch {
    const shown = text.replace(/\s+/g, ' ').trim().slice(0, 100);
    throw new ApiShapeError(`Response from ${url} is not JSON: ${shown ? JSON.stringify(shown) : 'empty body'}`);
  }
}

/**
 * ky's errors say what failed but not always where: every message the build prints names the URL.
 * Made after ky gave up, not in a beforeError hook: ky decides whether to retry by the error's type.
 */
async function describeFailure(error: unknown, url: string, request: Options, signal: AbortSignal | undefined): Promise<Error> {
  // The caller cancelled (navigation, a newer search): hand its own abort back untouched.
  if (signal?.aborted) return asError(error);
  if (error instanceof HTTPError) return new ApiError(error, await error.response.text().catch(() => ''));
  if (error instanceof TimeoutError) return new ApiUnreachableError(`Request to ${url} timed out after ${String(request.timeout)} ms`);
  return new ApiUnreachableError(`Network error requesting ${url}: ${networkReason(error)}`, { cause: error });
}

/** Shape errors name the URL too: the build prints the message as its one failure line. */
export function naming<T>(url: string, normalize: () => T): T {
  try {
    return normalize();
  } catch (error) {
    if (error instanceof ApiShapeError) throw new ApiShapeError(`${error.message} (from ${url})`);
    throw error;
  }
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
