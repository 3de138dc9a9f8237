/**
 * Times the history takes from outside (HISTORY_NOW, an import line's `createdAt` and `closedAt`): real
 * ISO 8601 instants only, a date, a time and a zone (`2026-06-01T08:12:00Z`, `…+05:00`), in a range a
 * load can have lived in. `Date.parse` takes "1", "Dec 1", "2026-02-30" (as 2 March) and
 * "+275760-09-13"; one such time closes loads in 2099 and keeps them in every window after.
 */

/** The earliest time the history takes: no load of the board is older. */
export const EARLIEST_HISTORY_TIME = Date.UTC(2000, 0, 1);

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number);
}

/** The instant `text` writes, epoch ms, or null when it is not a real ISO 8601 instant (any range). */
function instantOf(text: string): number | null {
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const fraction = match[7] ? Number(`0.${match[7]}`) : 0;
  const [offsetHours, offsetMinutes] = [Number(match[10] ?? 0), Number(match[11] ?? 0)];
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offsetHours > 14 ||
    offsetMinutes > 59
  )
    return null;
  const offset = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(fraction * 1000) - offset;
}

/**
 * `value` as an instant no earlier than EARLIEST_HISTORY_TIME and no later than `latest`, or why not,
 * in words a message can end with (`is not an ISO time with a date, a time and a zone (received "1")`).
 */
export function strictInstant(value: unknown, latest: number): { time: number } | { problem: string } {
  const shown = JSON.stringify(value)?.slice(0, 60) ?? String(value);
  const text = typeof value === 'string' ? value.trim() : '';
  const time = text.length <= 40 ? instantOf(text) : null;
  if (time === null)
    return { problem: `is not an ISO time with a real date, a time and a zone, such as 2026-06-01T08:12:00Z (received ${shown})` };
  if (time < EARLIEST_HISTORY_TIME) return { problem: `is before ${new Date(EARLIEST_HISTORY_TIME).toISOString()} (received ${shown})` };
  if (time > latest) return { problem: `is later than ${new Date(latest).toISOString()} (received ${shown})` };
  return { time };
}
