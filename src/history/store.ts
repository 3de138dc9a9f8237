import fs from 'node:fs';
import path from 'node:path';
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue, type Statement } from 'sql.js';
import type { Load } from '../api-client/types';
import { DEVELOPMENT_HISTORY_KEY } from './config';
import { parseImportLine, type ImportEntry } from './import-line';
import { historyFieldsOf, type HistoryFields } from './record';
import type { ClosedLoad, HistoryLoad, RateSample } from './types';

/**
 * The board history's store: the only module that speaks SQL (README, "Board history"). The history is
 * one SQLite file, read whole into memory by sql.js (SQLite compiled to WebAssembly, no native build)
 * and written back whole by `save`, to a temporary file that is then renamed: a build cut off before
 * its save leaves the file as it was.
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
  /** Writes the whole history to `file` (default: where it was opened) through a renamed temporary file. */
  save(file?: string): number;
  close(): void;
}

/** `PRAGMA user_version` of the newest schema this code writes; one migration per step below. */
export const SCHEMA_VERSION = 1;

const MIGRATIONS: readonly string[] = [
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
];

const COLUMNS =
  'l.id, l.from_place, l.from_known, l.to_place, l.to_known, l.title, l.vehicle_type, l.weight, l.price, l.currency, ' +
  'l.loading_date, l.created_at, l.first_seen, l.last_seen, l.closed_at, lower(hex(p.hash))';
const SELECT_LOADS = `SELECT ${COLUMNS} FROM loads l LEFT JOIN posters p ON p.id = l.poster_id`;

let sqlJs: Promise<SqlJsStatic> | undefined;
function sqlite(): Promise<SqlJsStatic> {
  sqlJs ??= initSqlJs();
  return sqlJs;
}

/** SQLite's file header: anything else is not a database, whatever SQLite makes of it later. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export async function openHistory(file: string, options: { key?: string } = {}): Promise<BoardHistory> {
  const SQL = await sqlite();
  const absolute = path.resolve(file);
  let bytes: Buffer | null = null;
  try {
    bytes = fs.readFileSync(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new HistoryFileError(absolute, (error as Error).message);
    }
  }
  if (bytes && (bytes.length < 100 || !bytes.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER))) {
    throw new HistoryFileError(absolute, bytes.length === 0 ? 'the file is empty' : 'not an SQLite database (corrupt?)');
  }
  let db: Database;
  try {
    db = bytes ? new SQL.Database(bytes) : new SQL.Database();
  } catch (error) {
    throw new HistoryFileError(absolute, (error as Error).message);
  }
  try {
    configure(db);
    migrate(db, absolute);
  } catch (error) {
    db.close();
    if (error instanceof HistoryFileError) throw error;
    throw new HistoryFileError(absolute, (error as Error).message);
  }
  return new SqlJsHistory(db, absolute, options.key ?? DEVELOPMENT_HISTORY_KEY);
}

/**
 * Per connection. The database lives in memory and
 * reaches the disk only through `save`'s renamed file, so SQLite's own journal and syncs buy nothing but
 * ROLLBACK, which a journal in memory still gives (an import that fails on a line rolls back).
 */
function configure(db: Database): void {
  db.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768');
}

function migrate(db: Database, file: string): void {
  // Reading the schema touches the pages: a damaged file fails here, not in the middle of a build.
  const version = Number(db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
  const tables = new Set((db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((row) => String(row[0])));
  if (version > SCHEMA_VERSION) {
    throw new HistoryFileError(file, `written by a newer schema (version ${version}; this code knows up to ${SCHEMA_VERSION})`);
  }
  if (version === 0 && tables.size > 0) throw new HistoryFileError(file, 'an SQLite database, but not a board history');
  if (version > 0 && !tables.has('loads')) throw new HistoryFileError(file, 'the loads table is missing');
  // No PRAGMA quick_check: it reads every page (seconds at a million loads). Damage deeper in the file
  // shows when a page is read, and `guard` reports it as this error then, before anything is saved.
  for (let step = version; step < SCHEMA_VERSION; step++) {
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
function toRow(row: SqlValue[], text: Map<SqlValue | undefined, string>): HistoryLoad {
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

/** A load's stored values, in the order of the UPSERT below. */
interface Row {
  fields: HistoryFields;
  posterId: number | null;
  firstSeen: number;
  lastSeen: number;
  closedAt: number | null;
}

const UPSERT = `INSERT INTO loads (id, from_place, from_known, to_place, to_known, title, vehicle_type, weight, price, currency,
    loading_date, created_at, first_seen, last_seen, closed_at, poster_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(id) DO UPDATE SET from_place = excluded.from_place, from_known = excluded.from_known,
    to_place = excluded.to_place, to_known = excluded.to_known, title = excluded.title,
    vehicle_type = excluded.vehicle_type, weight = excluded.weight, price = excluded.price,
    currency = excluded.currency, loading_date = excluded.loading_date, created_at = excluded.created_at,
    first_seen = excluded.first_seen, last_seen = excluded.last_seen, closed_at = excluded.closed_at,
    poster_id = excluded.poster_id`;

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
  ];
}

/** Everything `SELECT_EXISTING` returns but the id, in the order of `rowValues` after the id. */
const SELECT_EXISTING = `SELECT from_place, from_known, to_place, to_known, title, vehicle_type, weight, price, currency,
  loading_date, created_at, first_seen, last_seen, closed_at, poster_id FROM loads WHERE id = ?`;

const IMPORT_PROGRESS_EVERY = 5000;

class SqlJsHistory implements BoardHistory {
  private readonly posterIds = new Map<string, number>();
  /** Kept while the history is open (export() in sql.js 1.16 keeps statements); freed by close(). */
  private posterLookup: Statement | undefined;
  private posterInsert: Statement | undefined;

  constructor(
    private readonly db: Database,
    readonly file: string,
    private readonly key: string,
  ) {}

  recordRead(loads: readonly Load[], at: number): RecordCounts {
    const counts: RecordCounts = { new: 0, seen: 0, closed: 0, back: 0 };
    this.transaction(() => {
      this.db.exec('CREATE TEMP TABLE IF NOT EXISTS read_ids (id TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM temp.read_ids');
      this.withStatements([SELECT_EXISTING, UPSERT, 'INSERT OR IGNORE INTO temp.read_ids (id) VALUES (?)'], (existing, upsert, mark) => {
        for (const load of loads) {
          mark.run([load.id]);
          const before = first(existing, [load.id]);
          const fields = historyFieldsOf(load, this.key);
          const firstSeen = before ? Number(before[11]) : at;
          const lastSeen = before ? Math.max(Number(before[12]), at) : at;
          if (!before) counts.new += 1;
          else if (before[13] === null) counts.seen += 1;
          else counts.back += 1;
          upsert.run(rowValues({ fields, posterId: this.posterId(fields.poster), firstSeen, lastSeen, closedAt: null }));
        }
      });
      this.db.run('UPDATE loads SET closed_at = ? WHERE closed_at IS NULL AND id NOT IN (SELECT id FROM temp.read_ids)', [at]);
      counts.closed = this.db.getRowsModified();
      this.db.exec('DROP TABLE temp.read_ids');
    });
    return counts;
  }

  loadsOnBoardBetween(start: number, end: number): HistoryLoad[] {
    return this.select(
      `${SELECT_LOADS} WHERE (l.closed_at >= ? OR l.closed_at IS NULL) AND coalesce(l.created_at, l.first_seen) <= ? ORDER BY l.id`,
      [start, end],
    );
  }

  rateSamples(start: number, end: number): RateSample[] {
    // rateSampleOf (src/rates/going-rate.ts) in SQL: both places known and different. Each text column
    // costs a call into sql.js and a string per row, so the four that repeat come as one key, split
    // once per distinct route, vehicle type and currency (some thousands for half a million rows).
    const keys = new Map<string, Pick<RateSample, 'from' | 'to' | 'currency' | 'vehicleType'>>();
    const samples: RateSample[] = [];
    this.each(
      `SELECT json_array(from_place, to_place, currency, vehicle_type), price, coalesce(created_at, first_seen), first_seen, closed_at,
         poster_id FROM loads
       WHERE from_known = 1 AND to_known = 1 AND from_place <> to_place
         AND (closed_at >= ? OR closed_at IS NULL) AND coalesce(created_at, first_seen) <= ?`,
      [start, end],
      (row) => {
        const [key, price, posted, firstSeen, closedAt, poster] = row;
        let named = keys.get(key as string);
        if (!named) {
          const [from, to, currency, vehicleType] = JSON.parse(key as string) as string[];
          named = { from: from as string, to: to as string, currency: currency as string, vehicleType: vehicleType as string };
          keys.set(key as string, named);
        }
        samples.push({
          from: named.from,
          to: named.to,
          currency: named.currency,
          vehicleType: named.vehicleType,
          price: price === null ? null : Number(price),
          posted: Number(posted),
          firstSeen: Number(firstSeen),
          closedAt: closedAt === null ? null : Number(closedAt),
          // The poster's row id in this file: as distinct as its hash, without reading the hash.
          poster: poster === null ? null : Number(poster),
        });
      },
    );
    return samples;
  }

  closedSince(since: number): ClosedLoad[] {
    const closed: ClosedLoad[] = [];
    const text = new Map<SqlValue | undefined, string>();
    // Newest departure first.
    this.each(
      `SELECT id, from_place, from_known, to_place, to_known, title, weight, loading_date, created_at, last_seen, closed_at
       FROM loads WHERE closed_at >= ? ORDER BY closed_at DESC, id`,
      [since],
      (row) => {
        const [id, from, fromKnown, to, toKnown, title, weight, loading, created, last, closedAt] = row;
        // Spelled out as toRow spells its first fields, not spread from a shared helper: a spread made
        // the rate samples' objects dictionaries in V8 (2.5x slower, twice the memory, measured).
        closed.push({
          id: String(id),
          from: shared(text, from),
          fromKnown: fromKnown === 1,
          to: shared(text, to),
          toKnown: toKnown === 1,
          title: shared(text, title),
          weight: weight === null ? null : Number(weight),
          loadingDate: isoOrNull(loading),
          createdAt: isoOrNull(created),
          lastSeen: Number(last),
          closedAt: Number(closedAt),
        });
      },
    );
    return closed;
  }

  async importLines(lines: AsyncIterable<string> | Iterable<string>, options: ImportOptions = {}): Promise<ImportCounts> {
    const counts: ImportCounts = { lines: 0, new: 0, updated: 0, unchanged: 0 };
    const existing = this.db.prepare(SELECT_EXISTING);
    const upsert = this.db.prepare(UPSERT);
    this.db.exec('BEGIN');
    try {
      for await (const text of lines) {
        counts.lines += 1;
        const entry = parseImportLine(text, counts.lines);
        if (entry) this.importOne(entry, existing, upsert, counts);
        if (counts.lines % IMPORT_PROGRESS_EVERY === 0) options.onProgress?.(counts.lines);
      }
      this.db.exec('COMMIT');
    } catch (error) {
      this.rollback();
      throw this.damaged(error);
    } finally {
      existing.free();
      upsert.free();
    }
    options.onProgress?.(counts.lines);
    return counts;
  }

  importEntries(entries: Iterable<ImportEntry>): ImportCounts {
    const counts: ImportCounts = { lines: 0, new: 0, updated: 0, unchanged: 0 };
    this.transaction(() => {
      this.withStatements([SELECT_EXISTING, UPSERT], (existing, upsert) => {
        for (const entry of entries) {
          counts.lines += 1;
          this.importOne(entry, existing, upsert, counts);
        }
      });
    });
    return counts;
  }

  stats(): HistoryStats {
    try {
      return this.statsOf();
    } catch (error) {
      throw this.damaged(error);
    }
  }

  private statsOf(): HistoryStats {
    const [row] = this.db.exec(
      `SELECT count(*), count(*) FILTER (WHERE closed_at IS NULL), min(first_seen), max(last_seen),
         (SELECT count(*) FROM (SELECT 1 FROM loads GROUP BY from_place, to_place)),
         (SELECT count(DISTINCT poster_id) FROM loads)
       FROM loads`,
    )[0]?.values ?? [[0, 0, null, null, 0, 0]];
    const [loads, open, firstSeen, lastSeen, routes, posters] = row ?? [];
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
    const target = path.resolve(file);
    // A copy of the whole file (sql.js 1.16 exports through SQLite's backup API; the connection, its
    // settings and statements stay as they are).
    const bytes = this.db.export();
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `${path.basename(target)}.${process.pid}.tmp`);
    const fd = fs.openSync(temporary, 'w');
    try {
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, target);
    return bytes.length;
  }

  close(): void {
    this.posterLookup?.free();
    this.posterInsert?.free();
    this.db.close();
  }

  private importOne(entry: ImportEntry, existing: Statement, upsert: Statement, counts: ImportCounts): void {
    const fields = historyFieldsOf(entry.load, this.key);
    const created = isoToMs(fields.createdAt);
    // parseImportLine guarantees one of the two.
    const firstSeen = (created ?? entry.closedAt) as number;
    const lastSeen = entry.closedAt ?? firstSeen;
    const before = first(existing, [fields.id]);
    const row: Row = {
      fields,
      posterId: this.posterId(fields.poster),
      firstSeen: before ? Math.min(Number(before[11]), firstSeen) : firstSeen,
      lastSeen: before ? Math.max(Number(before[12]), lastSeen) : lastSeen,
      closedAt: entry.closedAt,
    };
    const values = rowValues(row);
    if (before && values.slice(1).every((value, index) => value === before[index])) {
      counts.unchanged += 1;
      return;
    }
    upsert.run(values);
    if (before) counts.updated += 1;
    else counts.new += 1;
  }

  private posterId(hash: Buffer | null): number | null {
    if (!hash) return null;
    const hex = hash.toString('hex');
    const cached = this.posterIds.get(hex);
    if (cached !== undefined) return cached;
    // A lookup first: an upsert would write the page even when the poster is known, and importing the
    // same file twice must leave the file byte for byte as it was.
    this.posterLookup ??= this.db.prepare('SELECT id FROM posters WHERE hash = ?');
    this.posterInsert ??= this.db.prepare('INSERT INTO posters (hash) VALUES (?) RETURNING id');
    const id = Number((first(this.posterLookup, [hash]) ?? first(this.posterInsert, [hash]))?.[0]);
    this.posterIds.set(hex, id);
    return id;
  }

  private select(sql: string, params: SqlValue[]): HistoryLoad[] {
    const rows: HistoryLoad[] = [];
    const text = new Map<SqlValue | undefined, string>();
    this.each(sql, params, (row) => rows.push(toRow(row, text)));
    return rows;
  }

  private each(sql: string, params: SqlValue[], take: (row: SqlValue[]) => void): void {
    try {
      const statement = this.db.prepare(sql, params);
      try {
        while (statement.step()) take(statement.get());
      } finally {
        statement.free();
      }
    } catch (error) {
      throw this.damaged(error);
    }
  }

  /** Runs `work` with fresh statements and frees them after. */
  private withStatements(sqls: string[], work: (...statements: Statement[]) => void): void {
    const statements = sqls.map((sql) => this.db.prepare(sql));
    try {
      work(...statements);
    } finally {
      statements.forEach((statement) => statement.free());
    }
  }

  private transaction(work: () => void): void {
    this.db.exec('BEGIN');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (error) {
      this.rollback();
      throw this.damaged(error);
    }
  }

  private rollback(): void {
    // Ids handed out inside the rolled-back transaction are gone.
    this.posterIds.clear();
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // A damaged file can fail the rollback too; the error that led here is the one to report.
    }
  }

  /** SQLite's words for a damaged file, as the one-line error the build and the CLI report. */
  private damaged(error: unknown): unknown {
    if (error instanceof Error && /malformed|not a database|corrupt/i.test(error.message)) {
      return new HistoryFileError(this.file, `damaged (${error.message})`);
    }
    return error;
  }
}

function first(statement: Statement, params: SqlValue[]): SqlValue[] | undefined {
  statement.bind(params);
  try {
    return statement.step() ? statement.get() : undefined;
  } finally {
    statement.reset();
  }
}
