import type { Load } from '../api-client/types';
import { tashkentWallClock } from '../config/time';
import { postedAt } from './posting-time';

/*
 * When a pre-built page was made, in Tashkent time, so the build's HTML and the browser's hydration
 * print the same text whatever the machine's time zone.
 */

export interface BuiltTime {
  /** `23.11.2026`: day, month, year, the way it is written in Uzbekistan in Uzbek and Russian alike. */
  date: string;
  /** `13:52` */
  time: string;
  /** For `<time dateTime>`. */
  iso: string;
}

export function builtTime(builtAt: number): BuiltTime | null {
  const shifted = tashkentWallClock(builtAt);
  if (!shifted) return null;
  const [day = '', rest = ''] = shifted.toISOString().split('T');
  const [year = '', month = '', date = ''] = day.split('-');
  return { date: `${date}.${month}.${year}`, time: rest.slice(0, 5), iso: new Date(builtAt).toISOString() };
}

/** When the build read the board, with what the board held then (a digest of its loads). */
export interface BoardRead {
  digest: string;
  at: number;
}

/**
 * How long an unchanged board keeps the time of the read that first saw it: an unchanged rebuild every
 * 15 minutes then writes the same pages (a deploy uploads nothing), and "list updated" lags the build
 * by at most this much.
 */
export const READ_TIME_KEPT_MS = 60 * 60 * 1000;

/**
 * The time a page says its list was updated ("Список обновлён"): the build's own time when it read the
 * board (`now`), or, for a board that held the same loads at the last read less than
 * READ_TIME_KEPT_MS before, that read's time. Never the newest load's posting, which on a quiet route
 * is days old, nor a time ahead of the build's clock. `previous` is what the build's cache held.
 */
export function boardReadAt(previous: unknown, digest: string, now: number): BoardRead {
  const kept = typeof previous === 'object' && previous !== null ? (previous as Partial<BoardRead>) : {};
  const { at } = kept;
  if (kept.digest === digest && typeof at === 'number' && Number.isFinite(at) && at <= now && now - at <= READ_TIME_KEPT_MS)
    return { digest, at };
  return { digest, at: now };
}

/** "Updated …" of a page built from the board: when the build read it; before that field, its newest posting. */
export function listUpdatedTime(context: { builtAt: number; readAt?: number }): BuiltTime | null {
  return builtTime(context.readAt ?? context.builtAt);
}

/**
 * What "posted … ago" counts from until the browser has refreshed the list: the newest load's posting
 * time, not the clock, so an unchanged board builds byte-identical pages and a deploy uploads nothing.
 * On a board with hundreds of posts a day the newest one is minutes old.
 */
export function newestPosting(loads: readonly Load[]): number | undefined {
  let newest: number | undefined;
  for (const load of loads) {
    const time = postedAt(load);
    if (Number.isFinite(time) && (newest === undefined || time > newest)) newest = time;
  }
  return newest;
}
