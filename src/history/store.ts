import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type DatabaseSyncInstance, type StatementSyncInstance } from '@photostructure/sqlite';
import type { Load } from '../api-client/types';
import { DEVELOPMENT_HISTORY_KEY } from './config';
import { parseImportLine, type ImportEntry } from './import-line';
import { historyFieldsOf, type HistoryFields } from './record';
import type { ClosedLoad, HistoryLoad, RateSample } from './types';

/**
 * The board history's store: the only module that speaks SQL (README, "Board history"). The history is
 * one SQLite file. A history opened to write works on a copy of it beside it (the working copy), and
 * `save` renames that copy over the file: a build cut off before its save leaves the file as it was,
 * and no reader ever sees half a file.
 *
 * SQLite itself is native, from the npm package `@photostructure/sqlite`: the API of Node's own
 * `node:sqlite` (which Node 20 lacks), with prebuilt binaries inside the package, so it installs from
 * the registry with no download and no compiler. Once Node 20 is gone, `node:sqlite` takes its place
 * with the same calls. Native SQLite reads the pages a query needs from the file, where SQLite in
 * WebAssembly (sql.js, before) read the whole file into memory and wrote it back whole.
 *
 * Moving to a server database means another implementation of `BoardHistory`: the callers see only
 * this interface and `HistoryLoad` records.
 */

/** The file cannot be used: corrupt, not a history, or written by a newer schema. One line. */
export class HistoryFileError extends Error {
  constructor(
    readonly file: string,
    cause: string,
  ) {
    super(`Board history ${file} cannot be read: ${cause}`.replace(/\s+/g, ' ').trim());
    this.name = 'HistoryFileError';
  }
}

export interface RecordCounts {
  /** First seen in this read. */
  new: number;
  /** Open before and seen again. */
  seen: number;
  /** Open before and missing from this read: they left the board now. */
  closed: number;
  /** Closed before and on the board again: the same load, open again. */
  back: number;
}

export interface ImportCounts {
  lines: number;
  new: number;
  updated: number;
  unchanged: number;
}

export interface HistoryStats {
  loads: number;
  open: number;
  closed: number;
  /** Distinct from/to pairs. */
  routes: number;
  posters: number;
  /** Earliest first-seen and latest last-seen time, epoch ms; null for an empty history. */
  first: number | null;
  last: number | null;
}

export interface OpenOptions {
  /** HMAC key of the poster hash (HISTORY_KEY); the development key when absent. */
  key?: string;
  /**
   * Reads only (`stats`, the CLI's reset report): the file where it is, with no working copy; a file of
   * an older schema through a migrated working copy, dropped at close.
   */
  readOnly?: boolean;
}

export interface ImportOptions {
  /** Called every few thousand lines and at the end. */
  onProgress?: (lines: number) => void;
}

export interface BoardHistory {
  readonly file: string;
  recordRead(loads: readonly Load[], at: number): RecordCounts;
  loadsOnBoardBetween(start: number, end: number): HistoryLoad[];
  /** The loads of `loadsOnBoardBetween` that the going rates read, in their narrow form. */
  rateSamples(start: number, end: number): RateSample[];
  /** Loads closed at `since` or later, newest departure first. */
  closedSince(since: number): ClosedLoad[];
  /** All or nothing: a bad line throws `ImportLineError` and nothing of the file stays in the history. */
  importLines(lines: AsyncIterable<string> | Iterable<string>, options?: ImportOptions): Promise<ImportCounts>;
  /** Entries already parsed; all or nothing too. */
  importEntries(entries: Iterable<ImportEntry>): ImportCounts;
  stats(): HistoryStats;
  /**
   * Makes what was recorded the history in `file` (default: where it was opened) by renaming the
   * working copy over it; returns the file's size. The history stays open to read; a later change
   * starts a new working copy.
   */
  save(file?: string): number;
  /** Closes the history; changes not saved are dropped with the working copy. */
  close(): void;
}

/** `PRAGMA user_version` of the newest schema this code writes; one migration per step below. */
export const SCHEMA_VERSION = 2;

export const MIGRATIONS: readonly string[] = [
  // 0 -> 1. One row a load. WITHOUT ROWID: the id is the key, stored once. Times are epoch ms; the
  // API's ISO times round-trip exactly (normalize.ts writes toISOString()). Posters are interned: a
  // 32-byte hash on every row would be most of the file.
  `CREATE TABLE posters (
     id INTEGER PRIMARY KEY,
     hash BLOB NOT NULL UNIQUE
   );
   CREATE TABLE loads (
     id TEXT PRIMARY KEY,
     from_place TEXT NOT NULL,
     from_known INTEGER NOT NULL,
     to_place TEXT NOT NULL,
     to_known INTEGER NOT NULL,
     title TEXT NOT NULL,
     vehicle_type TEXT NOT NULL,
     weight REAL,
     price REAL,
     currency TEXT NOT NULL,
     loading_date INTEGER,
     created_at INTEGER,
     first_seen INTEGER NOT NULL,
     last_seen INTEGER NOT NULL,
     closed_at INTEGER,
     poster_id INTEGER REFERENCES posters(id)
   ) WITHOUT ROWID;
   -- closedSince, the window query (closed_at >= start OR closed_at IS NULL, two ranges of this
   -- index) and closing the loads a read no longer saw (closed_at IS NULL). The going rates read one
   -- window for all routes and group it: an index per route would add a third to the file for a
   -- query no caller makes.
   CREATE INDEX loads_closed ON loads(closed_at);`,
  // 1 -> 2. What the going rates group by (route, currency, vehicle type) interned as one number per
  // load, kept beside the texts it stands for: the rates read half a million loads of a window, and
  // one number a load crosses into JavaScript several times faster than four texts (README, "Board
  // history", figures).
  `CREATE TABLE rate_groups (
     id INTEGER PRIMARY KEY,
     from_place TEXT NOT NULL,
     to_place TEXT NOT NULL,
     currency TEXT NOT NULL,
     vehicle_type TEXT NOT NULL,
     UNIQUE (from_place, to_place, currency, vehicle_type)
   );
   INSERT INTO rate_groups (from_place, to_place, currency, vehicle_type)
     SELECT DISTINCT from_place, to_place, currency, vehicle_type FROM loads ORDER BY 1, 2, 3, 4;
   ALTER TABLE loads ADD COLUMN rate_group INTEGER REFERENCES rate_groups(id);
   UPDATE loads SET rate_group = (SELECT g.id FROM rate_groups g WHERE g.from_place = loads.from_place
     AND g.to_place = loads.to_place AND g.currency = loads.currency AND g.vehicle_type = loads.vehicle_type);`,
];

const COLUMNS =
  'l.id, l.from_place, l.from_known, l.to_place, l.to_known, l.title, l.vehicle_type, l.weight, l.price, l.currency, ' +
  'l.loading_date, l.created_at, l.first_seen, l.last_seen, l.closed_at, lower(hex(p.hash))';
const SELECT_LOADS = `SELECT ${COLUMNS} FROM loads l LEFT JOIN posters p ON p.id = l.poster_id`;

/** SQLite's result codes for a damaged file and for a file that is no database. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** What SQLite takes and gives: node:sqlite's value types. */
type SqlValue = null | number | bigint | string | Uint8Array;
type SqlRow = SqlValue[];

/** SQLite's file header: anything else is not a database, whatever SQLite makes of it later. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether `file` exists; throws the one-line error when it does but cannot be a database. */
function checkHeader(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new HistoryFileError(file, (error as Error).message);
  }
  try {
    const header = Buffer.alloc(100);
    const read = fs.readSync(fd, header, 0, header.length, 0);
    if (read === 0) throw new HistoryFileError(file, 'the file is empty');
    if (read < header.length || !header.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) {
      throw new HistoryFileError(file, 'not an SQLite database (corrupt?)');
    }
    return true;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The working copy of `file` for this process. Its name carries the pid, so a copy left by a process
 * that was killed can be told from one in use, and removed.
 */
function workingCopyOf(file: string): string {
  return `${file}.${process.pid}.working`;
}

function removeAbandonedCopies(file: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.working') ? Number(name.slice(prefix.length, -'.working'.length)) : NaN;
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Puts the file's data on disk before it is renamed into place: a rename of unsynced data can surface empty after a crash. */
function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export async function openHistory(file: string, options: OpenOptions = {}): Promise<BoardHistory> {
  const absolute = path.resolve(file);
  const exists = checkHeader(absolute);
  const key = options.key ?? DEVELOPMENT_HISTORY_KEY;
  if (options.readOnly) {
    if (!exists) throw new HistoryFileError(absolute, 'there is no such file');
    const db = connect(absolute, absolute, { readOnly: true });
    let version: number;
    try {
      version = checkVersion(db, absolute);
    } catch (error) {
      db.close();
      throw asFileError(absolute, error);
    }
    if (version === SCHEMA_VERSION) return new SqliteHistory(db, absolute, key, { readOnly: true, working: null });
    // An older schema is read through a migrated working copy, dropped at close: the file stays as it
    // was until a build or an import writes it.
    db.close();
  }
  removeAbandonedCopies(absolute);
  const working = workingCopyOf(absolute);
  // The copy, not the file, is what this history changes. The kernel copies it (no file-sized buffer
  // in this process).
  if (exists) fs.copyFileSync(absolute, working);
  else fs.rmSync(working, { force: true });
  let db: DatabaseSyncInstance | undefined;
  try {
    db = connect(working, absolute, { readOnly: false });
    configure(db);
    checkVersion(db, absolute);
    migrate(db);
  } catch (error) {
    db?.close();
    fs.rmSync(working, { force: true });
    throw asFileError(absolute, error);
  }
  return new SqliteHistory(db, absolute, key, { readOnly: options.readOnly === true, working });
}

function connect(where: string, file: string, options: { readOnly: boolean }): DatabaseSyncInstance {
  try {
    return new DatabaseSync(where, { readOnly: options.readOnly });
  } catch (error) {
    throw asFileError(file, error);
  }
}

function asFileError(file: string, error: unknown): unknown {
  if (error instanceof HistoryFileError) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return new HistoryFileError(file, typeof message === 'string' ? message : String(error));
}

/**
 * Per connection. The working copy is this process's own and is thrown away on any failure, so
 * SQLite's syncs and on-disk journal buy nothing here; a journal in memory still gives ROLLBACK (an
 * import that fails on a line rolls back). `save` syncs the copy once before renaming it.
 */
function configure(db: DatabaseSyncInstance): void {
  db.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768');
}

function scalar(db: DatabaseSyncInstance, sql: string): SqlValue {
  const statement = db.prepare(sql);
  statement.setReturnArrays(true);
  return ((statement.get() as SqlRow | undefined) ?? [null])[0] ?? null;
}

/** The file's schema version, once it is known to be a history this code can read. */
function checkVersion(db: DatabaseSyncInstance, file: string): number {
  // Reading the schema touches the pages: a damaged file fails here, not in the middle of a build.
  const version = Number(scalar(db, 'PRAGMA user_version'));
  const statement = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'");
  statement.setReturnArrays(true);
  const tables = new Set((statement.all() as SqlRow[]).map((row) => String(row[0])));
  if (version > SCHEMA_VERSION) {
    throw new HistoryFileError(file, `written by a newer schema (version ${version}; this code knows up to ${SCHEMA_VERSION})`);
  }
  if (version === 0 && tables.size > 0) throw new HistoryFileError(file, 'an SQLite database, but not a board history');
  if (version > 0 && !tables.has('loads')) throw new HistoryFileError(file, 'the loads table is missing');
  // No PRAGMA quick_check: it reads every page (seconds at a million loads). Damage deeper in the file
  // shows when a page is read, and `damaged` reports it as this error then, before anything is saved.
  return version;
}

function migrate(db: DatabaseSyncInstance): void {
  for (let step = Number(scalar(db, 'PRAGMA user_version')); step < SCHEMA_VERSION; step++) {
    db.exec('BEGIN');
    db.exec(MIGRATIONS[step] as string);
    db.exec(`PRAGMA user_version = ${step + 1}`);
    db.exec('COMMIT');
  }
}

/**
 * A row as a record. Places, titles, vehicle types, currencies and poster hashes repeat across hundreds of
 * thousands of rows: each distinct text is one string in memory (`text`), not one per row.
 */
function toRow(row: SqlRow, text: Map<SqlValue | undefined, string>): HistoryLoad {
  const [id, from, fromKnown, to, toKnown, title, vehicleType, weight, price, currency, loading, created, first, last, closed, poster] =
    row;
  return {
    id: String(id),
    from: shared(text, from),
    fromKnown: fromKnown === 1,
    to: shared(text, to),
    toKnown: toKnown === 1,
    title: shared(text, title),
    vehicleType: shared(text, vehicleType),
    weight: weight === null ? null : Number(weight),
    price: price === null ? null : Number(price),
    currency: shared(text, currency),
    loadingDate: isoOrNull(loading),
    createdAt: isoOrNull(created),
    firstSeen: Number(first),
    lastSeen: Number(last),
    closedAt: closed === null ? null : Number(closed),
    posterHash: poster === null || poster === '' ? null : shared(text, poster),
  };
}

function shared(text: Map<SqlValue | undefined, string>, value: SqlValue | undefined): string {
  let found = text.get(value);
  if (found === undefined) {
    found = String(value);
    text.set(value, found);
  }
  return found;
}

function isoOrNull(ms: SqlValue | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
}

function isoToMs(iso: string | null): number | null {
  return iso === null ? null : Date.parse(iso);
}

/*
 * Many rows as one. A read of half a million rows row by row costs a call into the native module per
 * row and per value (2.6 s for the rates' window at a million loads, measured); aggregated, each column
 * crosses as one string (1.0 s). All aggregates of one query visit the rows in the same order, so the
 * lists line up. Numbers go through group_concat, whose text of a double reads back as the same double
 * (json_group_array rounds to 15 digits); texts through json_group_array, which escapes them.
 */

/** A column of numbers, nulls as empty items, as one text. */
function numberList(expression: string): string {
  return `group_concat(coalesce(${expression}, ''), ',')`;
}

/**
 * A `numberList`, NaN for null (SQLite stores no NaN). Integers, and doubles SQLite writes as
 * `6500000.0`, are read digit by digit; anything else as JavaScript reads a number literal, which gives
 * the same double SQLite wrote.
 */
function numbersOf(list: SqlValue | undefined, count: number): Float64Array {
  const numbers = new Float64Array(count);
  if (count === 0) return numbers;
  const text = String(list);
  let at = 0;
  for (let index = 0; index < count; index++) {
    const comma = text.indexOf(',', at);
    const end = comma < 0 ? text.length : comma;
    numbers[index] = end === at ? NaN : numberAt(text, at, end);
    at = end + 1;
  }
  if (at !== text.length + 1) throw new Error(`a list of more than ${count} numbers`);
  return numbers;
}

/** Beyond 15 digits an integer may not be exact in a double: JavaScript's own reading then. */
const MAX_PLAIN_DIGITS = 15;

function numberAt(text: string, start: number, end: number): number {
  const negative = text.charCodeAt(start) === 45; // '-'
  let at = negative ? start + 1 : start;
  let value = 0;
  for (; at < end; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  const digits = at - (negative ? start + 1 : start);
  const integral = at === end || (at + 2 === end && text.charCodeAt(at) === 46 && text.charCodeAt(at + 1) === 48); // '.0'
  if (!integral || digits === 0 || digits > MAX_PLAIN_DIGITS) return Number(text.slice(start, end));
  return negative ? -value : value;
}

const orNull = (value: number | undefined): number | null => (value === undefined || Number.isNaN(value) ? null : value);

function textList(json: SqlValue | undefined, count: number): string[] {
  const items = count === 0 ? [] : (JSON.parse(String(json)) as string[]);
  if (items.length !== count) throw new Error(`a list of ${items.length} texts for ${count} rows`);
  return items;
}

/** A load's stored values, in the order of the UPSERT below. */
interface Row {
  fields: HistoryFields;
  posterId: number | null;
  rateGroup: number;
  firstSeen: number;
  lastSeen: number;
  closedAt: number | null;
}

const UPSERT = `INSERT INTO loads (id, from_place, from_known, to_place, to_known, title, vehicle_type, weight, price, currency,
    loading_date, created_at, first_seen, last_seen, closed_at, poster_id, rate_group)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(id) DO UPDATE SET from_place = excluded.from_place, from_known = excluded.from_known,
    to_place = excluded.to_place, to_known = excluded.to_known, title = excluded.title,
    vehicle_type = excluded.vehicle_type, weight = excluded.weight, price = excluded.price,
    currency = excluded.currency, loading_date = excluded.loading_date, created_at = excluded.created_at,
    first_seen = excluded.first_seen, last_seen = excluded.last_seen, closed_at = excluded.closed_at,
    poster_id = excluded.poster_id, rate_group = excluded.rate_group`;

function rowValues(row: Row): SqlValue[] {
  const f = row.fields;
  return [
    f.id,
    f.from,
    f.fromKnown ? 1 : 0,
    f.to,
    f.toKnown ? 1 : 0,
    f.title,
    f.vehicleType,
    f.weight,
    f.price,
    f.currency,
    isoToMs(f.loadingDate),
    isoToMs(f.createdAt),
    row.firstSeen,
    row.lastSeen,
    row.closedAt,
    row.posterId,
    row.rateGroup,
  ];
}

/** Everything `rowValues` holds but the id, in its order: an import compares them to tell "unchanged". */
const SELECT_EXISTING = `SELECT from_place, from_known, to_place, to_known, title, vehicle_type, weight, price, currency,
  loading_date, created_at, first_seen, last_seen, closed_at, poster_id, rate_group FROM loads WHERE id = ?`;

/** What a read needs of a load it saw: whether it was there before, and open. */
const SELECT_SEEN = 'SELECT first_seen, last_seen, closed_at FROM loads WHERE id = ?';

const IMPORT_PROGRESS_EVERY = 5000;

class SqliteHistory implements BoardHistory {
  private readonly posterIds = new Map<string, number>();
  private readonly rateGroups = new Map<string, number>();
  /** Prepared once per connection: a save reopens the connection, and these go with the old one. */
  private statements = new Map<string, StatementSyncInstance>();
  /** The working copy this connection writes; null when it reads a saved (or read-only) file. */
  private working: string | null;
  private readonly readOnly: boolean;
  /** The file the connection has open when it is not the working copy. */
  private reading: string;

  constructor(
    private db: DatabaseSyncInstance,
    readonly file: string,
    private readonly key: string,
    mode: { readOnly: boolean; working: string | null },
  ) {
    this.readOnly = mode.readOnly;
    this.working = mode.working;
    this.reading = file;
  }

  recordRead(loads: readonly Load[], at: number): RecordCounts {
    const counts: RecordCounts = { new: 0, seen: 0, closed: 0, back: 0 };
    this.transaction((db) => {
      db.exec('CREATE TEMP TABLE IF NOT EXISTS read_ids (id TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM temp.read_ids');
      const seen = this.statement(SELECT_SEEN);
      const upsert = this.statement(UPSERT);
      const mark = this.statement('INSERT OR IGNORE INTO temp.read_ids (id) VALUES (?)');
      for (const load of loads) {
        mark.run(load.id);
        const before = seen.get(load.id) as SqlRow | undefined;
        const fields = historyFieldsOf(load, this.key);
        const firstSeen = before ? Number(before[0]) : at;
        const lastSeen = before ? Math.max(Number(before[1]), at) : at;
        if (!before) counts.new += 1;
        else if (before[2] === null) counts.seen += 1;
        else counts.back += 1;
        upsert.run(
          ...rowValues({
            fields,
            posterId: this.posterId(fields.poster),
            rateGroup: this.rateGroup(fields),
            firstSeen,
            lastSeen,
            closedAt: null,
          }),
        );
      }
      const closed = db
        .prepare('UPDATE loads SET closed_at = ? WHERE closed_at IS NULL AND id NOT IN (SELECT id FROM temp.read_ids)')
        .run(at);
      counts.closed = Number(closed.changes);
      db.exec('DROP TABLE temp.read_ids');
    });
    return counts;
  }

  loadsOnBoardBetween(start: number, end: number): HistoryLoad[] {
    const rows: HistoryLoad[] = [];
    const text = new Map<SqlValue | undefined, string>();
    this.each(
      `${SELECT_LOADS} WHERE (l.closed_at >= ? OR l.closed_at IS NULL) AND coalesce(l.created_at, l.first_seen) <= ? ORDER BY l.id`,
      [start, end],
      (row) => rows.push(toRow(row, text)),
    );
    return rows;
  }

  rateSamples(start: number, end: number): RateSample[] {
    // rateSampleOf (src/rates/going-rate.ts) in SQL: both places known and different, on the board in
    // the window as onBoardIn says, and as loadsOnBoardBetween says (posted by its end). `+closed_at`
    // keeps SQLite off the closed_at index: a scan of the table reads it in order, the index's two
    // ranges (open, and closed in the window) cost one lookup by id per load. Counting the window at a
    // million loads took 1.55 s that way, 0.18 s by the scan.
    const [count, groupIds, prices, posted, posters] = this.columns(
      `SELECT count(*), ${numberList('rate_group')}, ${numberList('price')}, ${numberList('coalesce(created_at, first_seen)')},
         ${numberList('poster_id')}
       FROM loads
       WHERE from_known = 1 AND to_known = 1 AND from_place <> to_place
         AND (+closed_at >= ? OR +closed_at IS NULL) AND first_seen <= ? AND coalesce(created_at, first_seen) <= ?`,
      [start, end, end],
    );
    const n = Number(count);
    const groups = new Map<number, Pick<RateSample, 'from' | 'to' | 'currency' | 'vehicleType'>>();
    this.each('SELECT id, from_place, to_place, currency, vehicle_type FROM rate_groups', [], ([id, from, to, currency, vehicleType]) => {
      groups.set(Number(id), { from: String(from), to: String(to), currency: String(currency), vehicleType: String(vehicleType) });
    });
    const group = numbersOf(groupIds, n);
    const price = numbersOf(prices, n);
    const postedAt = numbersOf(posted, n);
    const poster = numbersOf(posters, n);
    const samples = new Array<RateSample>(n);
    for (let i = 0; i < n; i++) {
      const route = groups.get(group[i] as number);
      if (!route) throw new HistoryFileError(this.file, `damaged (load without its rate group ${group[i]})`);
      samples[i] = {
        from: route.from,
        to: route.to,
        currency: route.currency,
        vehicleType: route.vehicleType,
        price: orNull(price[i]),
        posted: postedAt[i] as number,
        // The poster's row id in this file: as distinct as its hash, without reading the hash.
        poster: orNull(poster[i]),
      };
    }
    return samples;
  }

  closedSince(since: number): ClosedLoad[] {
    // A scan, as rateSamples reads (`+closed_at`), and the order made here: SQLite sorting the wide
    // rows cost more than the rest of the read.
    const [count, ids, froms, fromKnown, tos, toKnown, titles, weights, loadingDates, createdAts, lastSeen, closedAts] = this.columns(
      `SELECT count(*), json_group_array(id), json_group_array(from_place), ${numberList('from_known')}, json_group_array(to_place),
         ${numberList('to_known')}, json_group_array(title), ${numberList('weight')}, ${numberList('loading_date')},
         ${numberList('created_at')}, ${numberList('last_seen')}, ${numberList('closed_at')}
       FROM loads WHERE +closed_at >= ?`,
      [since],
    );
    const n = Number(count);
    const id = textList(ids, n);
    const from = textList(froms, n);
    const to = textList(tos, n);
    const title = textList(titles, n);
    const fromIsKnown = numbersOf(fromKnown, n);
    const toIsKnown = numbersOf(toKnown, n);
    const weight = numbersOf(weights, n);
    const loading = numbersOf(loadingDates, n);
    const created = numbersOf(createdAts, n);
    const last = numbersOf(lastSeen, n);
    const closedAt = numbersOf(closedAts, n);
    const text = new Map<SqlValue | undefined, string>();
    // Loading dates are days: a few hundred distinct values for a month of loads.
    const days = new Map<number, string | null>();
    const dayOf = (ms: number): string | null => {
      let iso = days.get(ms);
      if (iso === undefined) days.set(ms, (iso = isoOrNull(orNull(ms))));
      return iso;
    };
    const closed = new Array<ClosedLoad>(n);
    for (let i = 0; i < n; i++) {
      // Spelled out as toRow spells its first fields, not spread from a shared helper: a spread made
      // the rate samples' objects dictionaries in V8 (2.5x slower, twice the memory, measured).
      closed[i] = {
        id: id[i] as string,
        from: shared(text, from[i]),
        fromKnown: fromIsKnown[i] === 1,
        to: shared(text, to[i]),
        toKnown: toIsKnown[i] === 1,
        title: shared(text, title[i]),
        weight: orNull(weight[i]),
        loadingDate: dayOf(loading[i] as number),
        createdAt: isoOrNull(orNull(created[i])),
        lastSeen: last[i] as number,
        closedAt: closedAt[i] as number,
      };
    }
    // Newest departure first, then by id (SQLite's BINARY order of the ASCII ids the API gives).
    return closed.sort((a, b) => (b.closedAt as number) - (a.closedAt as number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async importLines(lines: AsyncIterable<string> | Iterable<string>, options: ImportOptions = {}): Promise<ImportCounts> {
    const counts: ImportCounts = { lines: 0, new: 0, updated: 0, unchanged: 0 };
    const db = this.writable();
    const existing = this.statement(SELECT_EXISTING);
    const upsert = this.statement(UPSERT);
    db.exec('BEGIN');
    try {
      for await (const text of lines) {
        counts.lines += 1;
        const entry = parseImportLine(text, counts.lines);
        if (entry) this.importOne(entry, existing, upsert, counts);
        if (counts.lines % IMPORT_PROGRESS_EVERY === 0) options.onProgress?.(counts.lines);
      }
      db.exec('COMMIT');
    } catch (error) {
      this.rollback();
      throw this.damaged(error);
    }
    options.onProgress?.(counts.lines);
    return counts;
  }

  importEntries(entries: Iterable<ImportEntry>): ImportCounts {
    const counts: ImportCounts = { lines: 0, new: 0, updated: 0, unchanged: 0 };
    this.transaction(() => {
      const existing = this.statement(SELECT_EXISTING);
      const upsert = this.statement(UPSERT);
      for (const entry of entries) {
        counts.lines += 1;
        this.importOne(entry, existing, upsert, counts);
      }
    });
    return counts;
  }

  stats(): HistoryStats {
    let row: SqlRow = [0, 0, null, null, 0, 0];
    this.each(
      `SELECT count(*), count(*) FILTER (WHERE closed_at IS NULL), min(first_seen), max(last_seen),
         (SELECT count(*) FROM (SELECT 1 FROM loads GROUP BY from_place, to_place)),
         (SELECT count(DISTINCT poster_id) FROM loads)
       FROM loads`,
      [],
      (values) => (row = values),
    );
    const [loads, open, firstSeen, lastSeen, routes, posters] = row;
    return {
      loads: Number(loads),
      open: Number(open),
      closed: Number(loads) - Number(open),
      routes: Number(routes),
      posters: Number(posters),
      first: firstSeen === null || firstSeen === undefined ? null : Number(firstSeen),
      last: lastSeen === null || lastSeen === undefined ? null : Number(lastSeen),
    };
  }

  save(file: string = this.file): number {
    if (this.readOnly) throw new Error(`Board history ${this.file} was opened to read only`);
    const target = path.resolve(file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (this.working) {
      // Closing ends the connection's exclusive lock; with the journal in memory nothing but the
      // copy itself is on disk.
      this.db.close();
      this.statements.clear();
      fsyncFile(this.working);
      fs.renameSync(this.working, target);
      this.working = null;
    } else if (target !== this.reading) {
      // Saved before and unchanged since: the same bytes again, under another name.
      const temporary = workingCopyOf(target);
      fs.copyFileSync(this.reading, temporary);
      fsyncFile(temporary);
      fs.renameSync(temporary, target);
      this.db.close();
      this.statements.clear();
    } else {
      return fs.statSync(target).size;
    }
    this.reading = target;
    this.db = connect(target, this.file, { readOnly: true });
    return fs.statSync(target).size;
  }

  close(): void {
    this.statements.clear();
    this.db.close();
    if (this.working) fs.rmSync(this.working, { force: true });
    this.working = null;
  }

  /** The connection to change the history through: the working copy, made again after a save. */
  private writable(): DatabaseSyncInstance {
    if (this.readOnly) throw new Error(`Board history ${this.file} was opened to read only`);
    if (!this.working) {
      const working = workingCopyOf(this.reading);
      fs.copyFileSync(this.reading, working);
      this.db.close();
      this.statements.clear();
      this.db = connect(working, this.file, { readOnly: false });
      configure(this.db);
      this.working = working;
    }
    return this.db;
  }

  private statement(sql: string): StatementSyncInstance {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      statement.setReturnArrays(true);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private importOne(entry: ImportEntry, existing: StatementSyncInstance, upsert: StatementSyncInstance, counts: ImportCounts): void {
    const fields = historyFieldsOf(entry.load, this.key);
    const created = isoToMs(fields.createdAt);
    // parseImportLine guarantees one of the two.
    const firstSeen = (created ?? entry.closedAt) as number;
    const lastSeen = entry.closedAt ?? firstSeen;
    const before = existing.get(fields.id) as SqlRow | undefined;
    const row: Row = {
      fields,
      posterId: this.posterId(fields.poster),
      rateGroup: this.rateGroup(fields),
      firstSeen: before ? Math.min(Number(before[11]), firstSeen) : firstSeen,
      lastSeen: before ? Math.max(Number(before[12]), lastSeen) : lastSeen,
      closedAt: entry.closedAt,
    };
    const values = rowValues(row);
    if (before && values.slice(1).every((value, index) => value === before[index])) {
      counts.unchanged += 1;
      return;
    }
    upsert.run(...values);
    if (before) counts.updated += 1;
    else counts.new += 1;
  }

  private rateGroup(fields: HistoryFields): number {
    const key = JSON.stringify([fields.from, fields.to, fields.currency, fields.vehicleType]);
    const cached = this.rateGroups.get(key);
    if (cached !== undefined) return cached;
    const values = [fields.from, fields.to, fields.currency, fields.vehicleType];
    // A lookup first, as for posters: a known group must not write a page.
    const found = (this.statement(
      'SELECT id FROM rate_groups WHERE from_place = ? AND to_place = ? AND currency = ? AND vehicle_type = ?',
    ).get(...values) ??
      this.statement('INSERT INTO rate_groups (from_place, to_place, currency, vehicle_type) VALUES (?, ?, ?, ?) RETURNING id').get(
        ...values,
      )) as SqlRow;
    const id = Number(found[0]);
    this.rateGroups.set(key, id);
    return id;
  }

  private posterId(hash: Buffer | null): number | null {
    if (!hash) return null;
    const hex = hash.toString('hex');
    const cached = this.posterIds.get(hex);
    if (cached !== undefined) return cached;
    // A lookup first: an upsert would write the page even when the poster is known, and importing the
    // same file twice must leave the file byte for byte as it was.
    const found = (this.statement('SELECT id FROM posters WHERE hash = ?').get(hash) ??
      this.statement('INSERT INTO posters (hash) VALUES (?) RETURNING id').get(hash)) as SqlRow;
    const id = Number(found[0]);
    this.posterIds.set(hex, id);
    return id;
  }

  /** The one row of an aggregate query (numberList, textList). */
  private columns(sql: string, params: SqlValue[]): SqlRow {
    let row: SqlRow = [];
    this.each(sql, params, (values) => (row = values));
    return row;
  }

  private each(sql: string, params: SqlValue[], take: (row: SqlRow) => void): void {
    try {
      const statement = this.db.prepare(sql);
      statement.setReturnArrays(true);
      for (const row of statement.iterate(...params)) take(row as SqlRow);
    } catch (error) {
      throw this.damaged(error);
    }
  }

  private transaction(work: (db: DatabaseSyncInstance) => void): void {
    const db = this.writable();
    db.exec('BEGIN');
    try {
      work(db);
      db.exec('COMMIT');
    } catch (error) {
      this.rollback();
      throw this.damaged(error);
    }
  }

  private rollback(): void {
    // Ids handed out inside the rolled-back transaction are gone.
    this.posterIds.clear();
    this.rateGroups.clear();
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // A damaged file can fail the rollback too; the error that led here is the one to report.
    }
  }

  /** SQLite's damaged-file errors, as the one-line error the build and the CLI report. */
  private damaged(error: unknown): unknown {
    // Duck-typed: the native module's errors are not instances of this realm's Error under jest.
    const { errcode, message } = (error ?? {}) as { errcode?: unknown; message?: unknown };
    if (
      errcode === SQLITE_CORRUPT ||
      errcode === SQLITE_NOTADB ||
      (typeof message === 'string' && /malformed|not a database/i.test(message))
    ) {
      return new HistoryFileError(this.file, `damaged (${String(message)})`);
    }
    return error;
  }
}
