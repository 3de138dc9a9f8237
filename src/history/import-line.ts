import { normalizeLoad } from '../api-client/normalize';
import type { Load } from '../api-client/types';
import { looksLikeAnId } from './record';

/**
 * One line of an import file (CONTRACT.md, "Board history"): a load in the API's shape plus an optional
 * `closedAt`. Parsing is separate from the store so the CLI and the tests name the line that failed.
 */
export interface ImportEntry {
  load: Load;
  /** Epoch ms; null: still open when the file was exported. */
  closedAt: number | null;
}

export class ImportLineError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'ImportLineError';
  }
}

/** ISO 8601 with a date and a time, as the API writes its times: `2026-11-20T08:30:00Z`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * How far a line's times may run ahead of the import's own clock: the export's machine and this one
 * rarely agree to the second. Beyond it a time is wrong, and taking it would close a live load until the
 * next build, or keep a closed one explained for decades.
 */
export const IMPORT_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The entry a line holds, null for a blank line, or an `ImportLineError` naming the line and why. `now`:
 * the import's own time; a `createdAt` or `closedAt` later than it (beyond IMPORT_CLOCK_SKEW_MS) is refused.
 */
export function parseImportLine(text: string, line: number, now: number): ImportEntry | null {
  if (!text.trim()) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ImportLineError(line, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ImportLineError(line, 'not a JSON object');
  let load: Load;
  try {
    load = normalizeLoad(raw);
  } catch (error) {
    throw new ImportLineError(line, error instanceof Error ? error.message : String(error));
  }
  if (!looksLikeAnId(load.id))
    throw new ImportLineError(
      line,
      `id ${JSON.stringify(load.id).slice(0, 40)} does not look like the marketplace's ids (letters, digits, - and _, at most 64)`,
    );
  const closedAt = closedAtOf((raw as Record<string, unknown>).closedAt, line);
  // Without either time the load cannot be placed on the calendar, and importing it twice would not be
  // a no-op (it would be "first seen" at each import).
  if (load.createdAt === null && closedAt === null) throw new ImportLineError(line, 'neither createdAt nor closedAt is a valid time');
  const latest = now + IMPORT_CLOCK_SKEW_MS;
  for (const [name, time] of [
    ['createdAt', load.createdAt === null ? null : Date.parse(load.createdAt)],
    ['closedAt', closedAt],
  ] as const) {
    if (time !== null && time > latest)
      throw new ImportLineError(
        line,
        `${name} ${new Date(time).toISOString()} is later than the import's own time ${new Date(now).toISOString()} (a few minutes' clock difference is allowed)`,
      );
  }
  if (closedAt !== null && load.createdAt !== null && closedAt < Date.parse(load.createdAt)) {
    throw new ImportLineError(line, `closedAt ${new Date(closedAt).toISOString()} is before createdAt ${load.createdAt}`);
  }
  return { load, closedAt };
}

function closedAtOf(value: unknown, line: number): number | null {
  if (value === undefined || value === null) return null;
  const time = typeof value === 'string' && ISO_TIME.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (!Number.isFinite(time))
    throw new ImportLineError(line, `closedAt is not an ISO time (received ${JSON.stringify(value).slice(0, 60)})`);
  return time;
}
