import path from 'node:path';
import { readFlag } from '../config/env';
import { strictInstant } from './iso-time';

/**
 * Where the board history lives and the key of its poster hash (README, "Board history"). Read inside
 * functions so tests and scripts can set the environment first.
 */

/** The repository root's `.board-history.sqlite` unless `HISTORY_FILE` names another file. */
export const DEFAULT_HISTORY_FILE = '.board-history.sqlite';

/**
 * Used when `HISTORY_KEY` is unset: development machines and the sample data only. Public by design: a
 * production history hashed with it could be matched against known phone numbers, so production sets
 * its own key (and keeps it: a new key makes every poster a new one).
 */
export const DEVELOPMENT_HISTORY_KEY = 'yukbor-development-history-key';

export function historyFile(): string {
  return path.resolve(process.cwd(), process.env.HISTORY_FILE || DEFAULT_HISTORY_FILE);
}

/** The shortest HISTORY_KEY taken as a secret (spaces around it aside), and the fewest different characters in it. */
export const MIN_HISTORY_KEY_LENGTH = 16;
export const MIN_HISTORY_KEY_CHARACTERS = 8;

/**
 * HISTORY_KEY, or the development key when it is unset or empty. A key anyone could guess (a space,
 * "x", a word, one character repeated) would let anyone match the poster hashes to phone numbers, so
 * it is refused in one line that never shows it. Used as it is set (a key with a line end after it
 * hashed its history with that line end).
 */
export function historyKey(): string {
  const key = process.env.HISTORY_KEY;
  if (!key) return DEVELOPMENT_HISTORY_KEY;
  const secret = key.trim();
  const advice = `use 32 random characters or more (openssl rand -hex 32 makes one), or leave it unset for the development key`;
  if (secret.length < MIN_HISTORY_KEY_LENGTH)
    throw new Error(
      `HISTORY_KEY is too short to be the secret of the board history's poster hashes (${secret.length} characters, spaces around it aside; at least ${MIN_HISTORY_KEY_LENGTH}): ${advice}`,
    );
  const characters = new Set(secret).size;
  if (characters < MIN_HISTORY_KEY_CHARACTERS)
    throw new Error(
      `HISTORY_KEY is too weak to be the secret of the board history's poster hashes (${characters} different characters; at least ${MIN_HISTORY_KEY_CHARACTERS}): ${advice}`,
    );
  return key;
}

/** How far HISTORY_NOW may run ahead of the machine's clock: a few minutes between two machines' clocks. */
export const HISTORY_NOW_SKEW_MS = 5 * 60_000;

/**
 * The build's clock for the history: now, unless `HISTORY_NOW` pins it. A testing knob: tests pin it so
 * that "closed 30 days ago" and "the last 90 days" do not move. Only a real ISO 8601 instant from 2000
 * on (iso-time.ts), and never ahead of the machine's clock: one build at 2099 would close every load
 * missing from its read in 2099, and keep them in every window after.
 */
export function historyNow(): number {
  const pinned = process.env.HISTORY_NOW;
  if (!pinned) return Date.now();
  const latest = Date.now() + HISTORY_NOW_SKEW_MS;
  const read = strictInstant(pinned, latest);
  if ('time' in read) return read.time;
  const never = read.problem.startsWith('is later') ? ': it may pin the clock back, never ahead' : '';
  throw new Error(`HISTORY_NOW ${read.problem}${never}`);
}

/** How long a build or `npm run history` waits for another writer of the history to finish. */
export const DEFAULT_LOCK_WAIT_SECONDS = 900;

/** HISTORY_LOCK_WAIT_SECONDS in ms, DEFAULT_LOCK_WAIT_SECONDS when unset. */
export function historyLockWaitMs(): number {
  const text = process.env.HISTORY_LOCK_WAIT_SECONDS?.trim();
  if (!text) return DEFAULT_LOCK_WAIT_SECONDS * 1000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error(`HISTORY_LOCK_WAIT_SECONDS is ${JSON.stringify(text).slice(0, 40)}; use a number of seconds from 0`);
  return seconds * 1000;
}

/**
 * ALLOW_EMPTY_BOARD: the operator means to publish an empty board (the marketplace closed every load).
 * Without it, a build that reads an empty board while the history holds open loads fails (CONTRACT.md).
 */
export function allowEmptyBoard(): boolean {
  return readFlag('ALLOW_EMPTY_BOARD', process.env.ALLOW_EMPTY_BOARD);
}
