import { normalizeLoad } from '../api-client/normalize';
import type { Load } from '../api-client/types';
import { strictInstant } from './iso-time';
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
  const fields = raw as Record<string, unknown>;
  const createdAt = timeOf(fields.createdAt, 'createdAt', line, now);
  const closedAt = timeOf(fields.closedAt, 'closedAt', line, now);
  // Without either time the load cannot be placed on the calendar, and importing it twice would not be
  // a no-op (it would be "first seen" at each import).
  if (createdAt === null && closedAt === null) throw new ImportLineError(line, 'neither createdAt nor closedAt is a valid time');
  if (closedAt !== null && createdAt !== null && closedAt < createdAt) {
    throw new ImportLineError(
      line,
      `closedAt ${new Date(closedAt).toISOString()} is before createdAt ${new Date(createdAt).toISOString()}`,
    );
  }
  return { load: { ...load, createdAt: createdAt === null ? null : new Date(createdAt).toISOString() }, closedAt };
}

/**
 * A time of the line: absent (null), or a real ISO 8601 instant from 2000 to the import's own time
 * (iso-time.ts), else the line fails. `Date.parse` alone took "1", year 0001 and "2026-02-30" (as 2 March).
 */
function timeOf(value: unknown, name: 'createdAt' | 'closedAt', line: number, now: number): number | null {
  if (value === undefined || value === null) return null;
  const read = strictInstant(value, now + IMPORT_CLOCK_SKEW_MS);
  if ('time' in read) return read.time;
  const unbounded = strictInstant(value, Infinity);
  if ('time' in unbounded)
    throw new ImportLineError(
      line,
      `${name} ${new Date(unbounded.time).toISOString()} is later than the import's own time ${new Date(now).toISOString()} (a few minutes' clock difference is allowed)`,
    );
  throw new ImportLineError(line, `${name} ${read.problem}`);
}
