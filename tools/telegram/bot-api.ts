import ky, { TimeoutError } from 'ky';

/**
 * The Bot API over plain HTTPS with ky (`{api}/bot{token}/{method}`, JSON in, JSON out). It knows the
 * API's pacing and its answers; what to send is run.ts's business.
 *
 * - Pacing: at most one call every `minIntervalMs` (3 s: Telegram allows about 20 messages a minute
 *   in one chat), and a 429's `parameters.retry_after` is waited out before the same call is made again.
 * - A call that may have been carried out although no answer came (a 5xx, a reset connection, a
 *   timeout) is retried only when repeating it is harmless (`idempotent`: an edit to the same text);
 *   for a send it ends in `OutcomeUnknownError`, and the caller finds out whether the post exists.
 * - The token is part of every URL: no error message here names a URL.
 */

export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    readonly description: string,
  ) {
    super(`${method}: ${status} ${description}`);
    this.name = 'TelegramApiError';
  }
}

/** No connection could be made (refused, no such host, no network): nothing reached Telegram. */
export class TelegramUnreachableError extends Error {
  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`${method}: ${reason}`);
    this.name = 'TelegramUnreachableError';
  }
}

/** A call that may or may not have been carried out; `cause` is what happened. */
export class OutcomeUnknownError extends Error {
  constructor(
    readonly method: string,
    readonly failure: Error,
  ) {
    super(`${method}: no answer (${failure.message}); it may have been carried out`);
    this.name = 'OutcomeUnknownError';
  }
}

/**
 * Telegram asked to wait (429) longer than the run has left: nothing was done, and the run ends cleanly
 * instead of outliving its budget (the next run makes the call).
 */
export class OutOfTimeError extends Error {
  constructor(
    readonly method: string,
    readonly seconds: number,
  ) {
    super(`${method}: Telegram asked to wait ${seconds} s (429), past the run's time budget`);
    this.name = 'OutOfTimeError';
  }
}

/** Telegram's words for a chat the bot cannot post to (a wrong id, no rights, removed from it). */
export const CHAT_REFUSAL =
  /chat not found|chat_id|rights|administrator|not a member|chat_write_forbidden|bot was kicked|chat was deactivated|upgraded to a supergroup/i;

/**
 * A failure of the token, the chat or the connection, which every further call would meet too: the run
 * stops. Anything else Telegram refuses is the one message's own problem (run.ts goes on without it).
 */
export function isSetupFailure(error: unknown): boolean {
  if (error instanceof TelegramUnreachableError) return true;
  if (!(error instanceof TelegramApiError)) return false;
  return (
    error.status === 401 || error.status === 403 || error.status === 404 || (error.status === 400 && CHAT_REFUSAL.test(error.description))
  );
}

export interface BotApiOptions {
  apiUrl: string;
  token: string;
  minIntervalMs: number;
  /** Per attempt. */
  timeoutMs?: number;
  /** 429 answers waited out per call before giving up. */
  maxRateLimitWaits?: number;
  /** Extra attempts of an idempotent call after a 5xx or a network failure. */
  maxRetries?: number;
  /** First wait before such a retry; doubled each time. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
  /** When the run's time budget ends (ms since the epoch): a 429 asking to wait past it ends in OutOfTimeError. */
  deadline?: number;
  /** The clock the pauses and the deadline are read on (a bench models Telegram's pace on a clock of its own). */
  now?: () => number;
}

export interface CallOptions {
  idempotent: boolean;
}

export interface BotApi {
  call<T>(method: string, params: Record<string, unknown>, options: CallOptions): Promise<T>;
  /** HTTP requests made so far, retries included. */
  readonly requests: number;
}

interface Answer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Connection failures that mean the request never left this machine: safe to repeat, and "unreachable". */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN']);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createBotApi(options: BotApiOptions): BotApi {
  const {
    apiUrl,
    token,
    minIntervalMs,
    timeoutMs = 30_000,
    maxRateLimitWaits = 10,
    maxRetries = 3,
    retryDelayMs = 1_000,
    sleep = defaultSleep,
    log = () => {},
    deadline = Number.POSITIVE_INFINITY,
    now = Date.now,
  } = options;
  const base = `${apiUrl.replace(/\/+$/, '')}/bot${token}/`;
  let requests = 0;
  let notBefore = 0;

  /**
   * The pause counts from the answer, not from the request: a request slowed on its way would otherwise
   * reach Telegram closer to the next one than the interval, and the chat's limit is counted there.
   */
  async function paced<T>(attempt: () => Promise<T>): Promise<T> {
    const wait = notBefore - now();
    if (wait > 0) await sleep(wait);
    requests += 1;
    try {
      return await attempt();
    } finally {
      notBefore = Math.max(notBefore, now() + minIntervalMs);
    }
  }

  async function post(method: string, params: Record<string, unknown>): Promise<{ status: number; answer: Answer | null }> {
    try {
      const response = await ky.post(base + method, { json: params, timeout: timeoutMs, retry: 0, throwHttpErrors: false });
      const text = await response.text();
      return { status: response.status, answer: parseAnswer(text) };
    } catch (error) {
      throw networkFailure(method, error);
    }
  }

  /**
   * Another try is made only when its wait ends before the deadline: a run whose Telegram stopped
   * answering ends within its budget and the one try under way then.
   */
  const mayRetry = (retries: number) => retries < maxRetries && now() + retryDelayMs * 2 ** retries < deadline;

  async function call<T>(method: string, params: Record<string, unknown>, { idempotent }: CallOptions): Promise<T> {
    let rateLimitWaits = 0;
    let retries = 0;
    for (;;) {
      let outcome: { status: number; answer: Answer | null };
      try {
        outcome = await paced(() => post(method, params));
      } catch (error) {
        const notSent = error instanceof TelegramUnreachableError;
        if ((notSent || idempotent) && mayRetry(retries)) {
          await sleep(retryDelayMs * 2 ** retries);
          retries += 1;
          continue;
        }
        if (notSent) throw error;
        throw new OutcomeUnknownError(method, error as Error);
      }
      const { status, answer } = outcome;
      if (answer?.ok === true && status === 200) return answer.result as T;
      const description = answer?.description ?? (status >= 500 ? 'server error' : 'unreadable answer');
      if (status === 429 && rateLimitWaits < maxRateLimitWaits) {
        // Telegram refused the call: nothing was done, and the same call is welcome after the wait.
        const seconds = Math.max(1, Number(answer?.parameters?.retry_after) || 1);
        if (Math.max(notBefore, now() + seconds * 1000) > deadline) throw new OutOfTimeError(method, seconds);
        log(`Telegram asked to wait ${seconds} s (429) before ${method}`);
        notBefore = Math.max(notBefore, now() + seconds * 1000);
        rateLimitWaits += 1;
        continue;
      }
      const failure = new TelegramApiError(method, status, description);
      if (status >= 500) {
        if (idempotent && mayRetry(retries)) {
          await sleep(retryDelayMs * 2 ** retries);
          retries += 1;
          continue;
        }
        if (!idempotent) throw new OutcomeUnknownError(method, failure);
      }
      throw failure;
    }
  }

  return {
    call,
    get requests() {
      return requests;
    },
  };
}

function parseAnswer(text: string): Answer | null {
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null ? (data as Answer) : null;
  } catch {
    // A proxy in front of the API answers 502 and 504 with an HTML page.
    return null;
  }
}

function networkFailure(method: string, error: unknown): Error {
  if (error instanceof TimeoutError) return new Error('timed out');
  const code = errorCode(error);
  if (code && NOT_SENT_CODES.has(code)) return new TelegramUnreachableError(method, code);
  return new Error(code ?? (error instanceof Error ? error.message : String(error)));
}

/** fetch wraps the socket's error (`cause`), sometimes twice (an AggregateError of addresses). */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown[] };
    if (typeof code === 'string') return code;
    current = cause ?? errors?.[0];
  }
  return undefined;
}
