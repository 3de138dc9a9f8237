/**
 * The site's one definition of a day and of Tashkent time. Uzbekistan has kept UTC+5 all year since
 * 1992, so Tashkent's wall clock is a fixed shift of UTC: no time-zone data is needed, and the build
 * and a phone in any time zone print the same day.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
export const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/** A date whose UTC getters read Tashkent's wall clock at `time` (epoch ms); null for a bad time. */
export function tashkentWallClock(time: number): Date | null {
  if (!Number.isFinite(time)) return null;
  const shifted = new Date(time + TASHKENT_OFFSET_MS);
  return Number.isNaN(shifted.getTime()) ? null : shifted;
}

/** `2026-11-27`: the Tashkent calendar day of `time`, as `<time dateTime>` and URLs write it. */
export function tashkentDay(time: number): string | null {
  return tashkentWallClock(time)?.toISOString().slice(0, 10) ?? null;
}

/** The instant (epoch ms) Tashkent's calendar day of `time` began: midnight in Tashkent. */
export function tashkentDayStart(time: number): number {
  return Math.floor((time + TASHKENT_OFFSET_MS) / DAY_MS) * DAY_MS - TASHKENT_OFFSET_MS;
}
