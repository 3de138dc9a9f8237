import { RATE_CHART_WEEKS, RATE_WINDOW_DAYS } from '../config/constants';
import { DAY_MS, WEEK_MS, tashkentDayStart } from '../config/time';

/**
 * The stretch of board history the going rates stand on (docs/rates.md, "Going rates"), defined once: the
 * build's read of the history and the figures both take it from here. Epoch ms.
 */
export interface RateWindow {
  /** Midnight in Tashkent, RATE_WINDOW_DAYS − 1 days before the build's day: the window's first day. */
  start: number;
  /** The build's time: the window's last day is the build's Tashkent day, up to now. */
  end: number;
}

/** The window of a build at `now`: the last RATE_WINDOW_DAYS Tashkent calendar days, today included. */
export function rateWindow(now: number): RateWindow {
  return { start: tashkentDayStart(now) - (RATE_WINDOW_DAYS - 1) * DAY_MS, end: now };
}

/**
 * The chart's weeks: RATE_CHART_WEEKS runs of seven Tashkent calendar days, the last ending with the
 * window's last day, so every build of one day draws the same weeks. Their starts (Tashkent midnights),
 * oldest first; a week is [start, start + WEEK_MS).
 */
export function chartWeekStarts(window: RateWindow): number[] {
  const end = tashkentDayStart(window.end) + DAY_MS;
  return Array.from({ length: RATE_CHART_WEEKS }, (_, index) => end - (RATE_CHART_WEEKS - index) * WEEK_MS);
}
