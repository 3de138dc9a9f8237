/**
 * The sample API's past (docs/history.md): six months of loads that have left the board, on the same routes,
 * vehicles and price levels as its live loads (data.ts's own generator), as import lines for
 * `npm run history -- import`. Deterministic: the same `end` gives byte-identical lines.
 *
 * `npm run api:past -- FILE [--end ISO] [--days N] [--per-day N]` writes them; `npm start` and the e2e
 * runner import them into an empty history directly (`pastLines`).
 *
 * The past ends at `end`, by default the start of the current UTC day: the history's figures look at
 * the last 90 days before the build, and a fixed end (like the live loads of a pinned day) would slide out
 * of that window as the calendar moves on. Every past load closed before `end`; the loads on the board
 * now are the live sample API's.
 */
import fs from 'node:fs';
import type { ApiLoad } from '../../src/api-client/types';
import { generateLoad, mulberry32 } from './data';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface PastOptions {
  /** Epoch ms; every past load was closed by then. */
  end: number;
  days?: number;
  /** Loads posted on an average weekday. */
  perDay?: number;
  /** How many distinct phones post them: every route gets several, the busy ones many. */
  posters?: number;
}

export const PAST_DEFAULTS = { days: 182, perDay: 60, posters: 240 } as const;

/** Ids far above the live ones (1001 + index), so a past load is never mistaken for a live one. */
const FIRST_PAST_INDEX = 2_000_000;
const PAST_SEED = 0x9a57_2026;

export function startOfUtcDay(time: number): number {
  return Math.floor(time / DAY) * DAY;
}

/**
 * How long a load stays on the board: most 2-7 days, a few taken within hours, a few lingering for
 * weeks (a load board's usual shape).
 */
function lifetime(roll: number, jitter: number): number {
  if (roll < 0.12) return (2 + jitter * 40) * HOUR;
  if (roll < 0.9) return (2 + jitter * 5) * DAY;
  return (7 + jitter * 14) * DAY;
}

/** Quieter weekends, as freight boards are. */
const WEEKDAY_FACTOR = [0.45, 1.1, 1.1, 1.05, 1.05, 1, 0.7];

export type PastLoad = ApiLoad & { closedAt: string };

export function* pastLoads(options: PastOptions): Generator<PastLoad> {
  const days = options.days ?? PAST_DEFAULTS.days;
  const perDay = options.perDay ?? PAST_DEFAULTS.perDay;
  const posters = Math.max(1, options.posters ?? PAST_DEFAULTS.posters);
  const first = startOfUtcDay(options.end) - days * DAY;
  let index = FIRST_PAST_INDEX;
  for (let day = 0; day < days; day += 1) {
    const dayStart = first + day * DAY;
    const dice = mulberry32(PAST_SEED ^ Math.imul(day + 1, 0x85ebca6b));
    const count = Math.round(perDay * (WEEKDAY_FACTOR[new Date(dayStart).getUTCDay()] ?? 1) * (0.8 + dice() * 0.4));
    for (let n = 0; n < count; n += 1, index += 1) {
      // Posted in working hours, Tashkent time (UTC+5): 03:00-15:00 UTC.
      const created = dayStart + 3 * HOUR + Math.floor(dice() * 12 * HOUR);
      const closed = created + Math.round(lifetime(dice(), dice()));
      const poster = Math.floor(dice() ** 1.6 * posters);
      if (closed >= options.end) continue;
      yield pastLoad(index, created, closed, poster);
    }
  }
}

function pastLoad(index: number, created: number, closed: number, poster: number): PastLoad {
  const load = generateLoad(index);
  const loadingDay = startOfUtcDay(created + (1 + (index % 5)) * DAY);
  const loadingDate =
    typeof load.loadingDate === 'string' && load.loadingDate.length === 10
      ? new Date(loadingDay).toISOString().slice(0, 10)
      : new Date(loadingDay).toISOString();
  // The poster's phone, wherever contactSource looks for it (the contact, or the user when the
  // contact is missing or the source says user).
  const phoneNumber = `+99890${String(1_000_000 + poster * 7919).padStart(7, '0')}`;
  const contact = load.contact ? { ...load.contact, phoneNumber } : load.contact;
  const user = load.user ? { ...load.user, phoneNumber } : load.user;
  return {
    ...load,
    id: String(index),
    ...(load.loadingDate === undefined ? {} : { loadingDate }),
    createdAt: new Date(created).toISOString(),
    contact,
    user,
    closedAt: new Date(closed).toISOString(),
  };
}

export function* pastLines(options: PastOptions): Generator<string> {
  for (const load of pastLoads(options)) yield JSON.stringify(load);
}

/** Writes the lines in large synchronous chunks: a million lines never sit in a stream's buffer. */
export function writePast(file: string, options: PastOptions): number {
  const fd = fs.openSync(file, 'w');
  let count = 0;
  let chunk: string[] = [];
  try {
    for (const line of pastLines(options)) {
      chunk.push(line);
      count += 1;
      if (chunk.length === 2000) {
        fs.writeSync(fd, `${chunk.join('\n')}\n`);
        chunk = [];
      }
    }
    if (chunk.length > 0) fs.writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return count;
}

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function main(): void {
  const args = process.argv.slice(2);
  const file = args.find((arg, i) => !arg.startsWith('--') && !(args[i - 1] ?? '').startsWith('--'));
  if (!file) throw new Error('usage: npm run api:past -- FILE [--end ISO] [--days N] [--per-day N]');
  const endText = argument(args, '--end');
  const end = endText ? Date.parse(endText) : startOfUtcDay(Date.now());
  if (!Number.isFinite(end)) throw new Error(`--end is not an ISO time: ${endText}`);
  const days = Number(argument(args, '--days') ?? PAST_DEFAULTS.days);
  const perDay = Number(argument(args, '--per-day') ?? PAST_DEFAULTS.perDay);
  const count = writePast(file, { end, days, perDay });
  console.log(`Wrote ${count} past loads (${days} days to ${new Date(end).toISOString()}) to ${file}`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
