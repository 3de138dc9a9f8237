import fs from 'node:fs';
import path from 'node:path';
import type { InlineKeyboard } from './post';

/**
 * What the channel holds, kept between runs (TELEGRAM_STATE_FILE). Written after every message,
 * always whole and atomically (a temporary file renamed over the old one), so a run cut off at any
 * point leaves the last good state behind.
 */

export const STATE_VERSION = 1;

export interface PostRecord {
  /** The channel message of the load's post; null for a load only recorded as seen (a first run). */
  message: number | null;
  /** The post's facts as sent (HTML), for the closed edit: by then the load is gone from the board. */
  body?: string;
  /** When the post was marked closed (ISO). */
  closed?: string;
}

/**
 * A send that was started and not yet confirmed, recorded before the request leaves. `after` is the
 * newest message this tool had confirmed in the chat then: channel message ids count up, so if the
 * send went through, the post has an id just above it (see reconcile.ts).
 */
export interface InFlight {
  load: string;
  /** The post's facts, kept for the load's record once the post is found. */
  body: string;
  text: string;
  replyMarkup: InlineKeyboard;
  after: number | null;
  since: string;
}

export interface TelegramState {
  version: typeof STATE_VERSION;
  /** The chat these message ids belong to: ids of another chat mean nothing. */
  chat: string;
  lastMessage: number | null;
  posts: Record<string, PostRecord>;
  inFlight: InFlight | null;
}

export function emptyState(chat: string): TelegramState {
  return { version: STATE_VERSION, chat, lastMessage: null, posts: {}, inFlight: null };
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
  if (!isState(data)) throw new Error(`the state file ${source} is not a Telegram state of version ${STATE_VERSION}`);
  return data;
}

function isState(data: unknown): data is TelegramState {
  if (typeof data !== 'object' || data === null) return false;
  const state = data as Partial<TelegramState>;
  return (
    state.version === STATE_VERSION &&
    typeof state.chat === 'string' &&
    (state.lastMessage === null || typeof state.lastMessage === 'number') &&
    typeof state.posts === 'object' &&
    state.posts !== null &&
    Object.values(state.posts).every((record) => record && (record.message === null || typeof record.message === 'number')) &&
    (state.inFlight === null || (typeof state.inFlight === 'object' && typeof state.inFlight?.text === 'string'))
  );
}

/** Whole or not at all: the new state goes to a temporary file beside the old one, then replaces it. */
export function writeState(file: string, state: TelegramState): void {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  const handle = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(handle, JSON.stringify(state));
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}
