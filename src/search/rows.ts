import type { Load } from '../api-client/types';
import { DAY_MS, tashkentDay } from '../config/time';
import { comparePosting, postedAt } from '../loads/posting-time';
import { placesNamedIn } from '../places/named-places';

/**
 * What the board's one matcher (matcher.ts) reads of a load: a row. Every list a filter applies to
 * makes its rows here: the filter index the build publishes, the loads posted since, a text search read
 * from the API, and the Telegram alerts' reading of the published board.
 */
export interface FilterRow {
  id: string;
  /** Posting time (epoch ms); -Infinity when the API gave none (loads/posting-time.ts). */
  posted: number;
  /** The vehicle type's name in lower case; empty when the load names none. */
  vehicle: string;
  /** Tonnes; null when the load gives none. */
  weight: number | null;
  /** The loading day in Tashkent, as days since 1970-01-01; null when the load gives none. */
  day: number | null;
  /** The slugs of the known places the load goes from and to; null for a place the site does not know. */
  from: string | null;
  to: string | null;
  /** The known places its title names (named-places.ts), by slug. */
  named: readonly string[];
}

/** How the places of a load are known: the gazetteer on the build and in the tools, the place file on the phone. */
export interface PlaceReader {
  /** The slug of the place a place text names, or null. */
  slugOf(text: string): string | null;
  /** The slug of the place a normalized key names (for titles), or undefined. */
  slugOfKey(key: string): string | undefined;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today in Tashkent at `now`, as a day number. */
export function tashkentToday(now: number): number {
  return dayNumber(tashkentDay(now) ?? new Date(now).toISOString().slice(0, 10));
}

/** The Tashkent loading day of a load as a day number, or null. */
export function loadingDayOf(loadingDate: string | null): number | null {
  const time = loadingDate ? Date.parse(loadingDate) : NaN;
  const day = Number.isFinite(time) ? tashkentDay(time) : null;
  return day ? dayNumber(day) : null;
}

/** The row of a load. */
export function filterRow(load: Load, places: PlaceReader): FilterRow {
  return {
    id: load.id,
    posted: postedAt(load),
    vehicle: load.vehicleType.trim().toLowerCase(),
    weight: load.weight,
    day: loadingDayOf(load.loadingDate),
    from: load.from ? places.slugOf(load.from) : null,
    to: load.to ? places.slugOf(load.to) : null,
    named: load.title ? placesNamedIn(load.title, places.slugOfKey) : [],
  };
}

/** Newest first, equal times by id: the site's one order (loads/posting-time.ts), for rows. */
export function newestRowFirst(a: FilterRow, b: FilterRow): number {
  return comparePosting(a.posted, a.id, b.posted, b.id);
}
