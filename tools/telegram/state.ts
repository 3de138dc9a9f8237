import fs from 'node:fs';
import path from 'node:path';

/**
 * What the channel holds, kept between runs (TELEGRAM_STATE_FILE). Written after every message,
 * always whole and atomically (a temporary file renamed over the old one), so a run cut off at any
 * point leaves the last good state behind.
 */

export const STATE_VERSION = 2;

export interface PostRecord {
  /** The channel message of the load's post; null for a load only recorded as seen or not posted yet. */
  message: number | null;
  /** The post's facts as sent (HTML), for the closed edit: by then the load is gone from the board. */
  body?: string;
  /** When the post was marked closed (ISO). */
  closed?: string;
  /**
   * Telegram refused this load's message (a 400 of its own, or 429s past the retry limit): why, and in
   * how many runs. Retried by later runs up to MAX_FAILED_RUNS (run.ts), then given up.
   */
  failed?: { reason: string; runs: number; at: string };
  /** Given up after MAX_FAILED_RUNS refusals: recorded as seen, never posted. */
  gaveUp?: string;
}

/**
 * A send that was started and not yet confirmed, recorded before the request leaves. If a run stops
 * before the answer, the next one cannot know whether the post exists (the Bot API cannot read a
 * channel) and sends it again: a rare duplicate, never an edit of a message it has no record of.
 */
export interface InFlight {
  load: string;
  since: string;
}

/** A run holds the state (docs/telegram.md); `run` tells one run's hold from another's. */
export interface Taken {
  run: string;
  at: string;
}

export interface TelegramState {
  version: typeof STATE_VERSION;
  /** The chat these message ids belong to: ids of another chat mean nothing. */
  chat: string;
  /**
   * Counts the runs that took this state from the bucket. A copy with a lower number than the bucket's
   * is older than the channel: a run refuses it, and the bucket refuses to take it back.
   */
  generation: number;
  /** Set while a run holds the state; in the bucket, a run that never gave it back. */
  taken: Taken | null;
  lastMessage: number | null;
  posts: Record<string, PostRecord>;
  inFlight: InFlight | null;
}

export function emptyState(chat: string): TelegramState {
  return { version: STATE_VERSION, chat, generation: 0, taken: null, lastMessage: null, posts: {}, inFlight: null };
}

/** Reads the state; null when the file does not exist (a first run). A damaged file is an error, never a first run. */
export function readState(file: string): TelegramState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read the state file ${file}: ${(error as Error).message}`);
  }
  return parseState(text, file);
}

export function parseState(text: string, source: string): TelegramState {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // A state that cannot be read must stop the run: treated as a first run, it would post again.
    throw new Error(`the state file ${source} is not JSON; restore it (or delete it to start over, which posts the newest loads again)`);
  }
  const state = upgrade(data);
  if (!state) throw new Error(`the state file ${source} is not a Telegram state of version ${STATE_VERSION}`);
  return state;
}

/** Version 1 had no generation (it counts as 0) and kept the in-flight post's text for the probe edits. */
function upgrade(data: unknown): TelegramState | null {
  if (typeof data !== 'object' || data === null) return null;
  const state = data as Partial<Omit<TelegramState, 'version'>> & { version?: unknown };
  if (state.version !== 1 && state.version !== STATE_VERSION) return null;
  const generation = state.version === 1 ? 0 : state.generation;
  const inFlight = state.inFlight as { load?: unknown; since?: unknown } | null | undefined;
  const taken = state.version === 1 ? null : state.taken;
  const valid =
    typeof state.chat === 'string' &&
    typeof generation === 'number' &&
    Number.isInteger(generation) &&
    generation >= 0 &&
    (taken === null || (typeof taken === 'object' && typeof taken?.run === 'string')) &&
    (state.lastMessage === null || typeof state.lastMessage === 'number') &&
    typeof state.posts === 'object' &&
    state.posts !== null &&
    Object.values(state.posts).every((record) => record && (record.message === null || typeof record.message === 'number')) &&
    (inFlight === null || (typeof inFlight === 'object' && typeof inFlight?.load === 'string'));
  if (!valid) return null;
  return {
    version: STATE_VERSION,
    chat: state.chat as string,
    generation: generation as number,
    taken: (taken ?? null) as Taken | null,
    lastMessage: state.lastMessage ?? null,
    posts: state.posts as Record<string, PostRecord>,
    inFlight: inFlight ? { load: inFlight.load as string, since: String(inFlight.since ?? '') } : null,
  };
}

/** Whole or not at all: the new text goes to a temporary file beside the old one, on disk, then replaces it. */
export function writeWhole(file: string, text: string): void {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  const handle = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(handle, text);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}

export function writeState(file: string, state: TelegramState): void {
  writeWhole(file, JSON.stringify(state));
}
