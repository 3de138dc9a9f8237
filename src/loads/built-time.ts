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
