import path from 'node:path';
import { readFlag } from '../config/env';

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

export function historyKey(): string {
  return process.env.HISTORY_KEY || DEVELOPMENT_HISTORY_KEY;
}

/**
 * The build's clock for the history: now, unless `HISTORY_NOW` (an ISO time) pins it. A testing knob:
 * tests and the e2e runner pin it so that "closed 30 days ago" and "the last 90 days" do not move.
 */
export function historyNow(): number {
  const pinned = process.env.HISTORY_NOW;
  if (!pinned) return Date.now();
  const time = Date.parse(pinned);
  if (!Number.isFinite(time)) throw new Error(`HISTORY_NOW is not an ISO time: ${JSON.stringify(pinned).slice(0, 80)}`);
  return time;
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
