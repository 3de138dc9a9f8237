import fs from 'node:fs';
import path from 'node:path';
import type { Load } from '../api-client/types';
import { DEVELOPMENT_HISTORY_KEY, historyLockWaitMs } from './config';
import { Connection } from './sqlite/connection';
import {
  asFileError,
  diskFullError,
  HistoryDiskFullError,
  HistoryError,
  HistoryFileError,
  HistoryKeyError,
  HistoryLockedError,
  UNLOCK_COMMAND,
} from './sqlite/errors';
import {
  checkHeader,
  clearLock,
  compactCopyOf,
  removeDeadCopies,
  replaceWith,
  takeLock,
  workingCopyOf,
  type ClearedLock,
} from './sqlite/file-life';
import { closedSince, loadCounts, rateSamples, stats } from './sqlite/read-queries';
import { checkKey, readFingerprint, rekey } from './sqlite/poster-key';
import { checkVersion, configureWorkingCopy, FIRST_SCHEMA_WITH_META, migrate, SCHEMA_VERSION } from './sqlite/schema';
import { addVehicleTypes, importLines, recordRead } from './sqlite/write-queries';
import type { BoardHistory, ClosedLoad, HistoryStats, ImportCounts, ImportOptions, RateSample, RecordCounts } from './types';

/**
 * The board history's store: the only code that speaks SQL (README, "Board history"), in rooms of
 * its own under `sqlite/`: the file's life on disk (`file-life.ts`), the tables and their migrations
 * (`schema.ts`), a row of the loads table by name (`loads-table.ts`), the reads and the writes
 * (`read-queries.ts`, `write-queries.ts`) and the codec of the big reads' column lists
 * (`column-codec.ts`). This module puts them together behind `BoardHistory` (types.ts).
 *
 * SQLite itself is native, from the npm package `@photostructure/sqlite`: the API of Node's own
 * `node:sqlite` (which Node 20 lacks), with prebuilt binaries inside the package, so it installs from
 * the registry with no download and no compiler. Once Node 20 is gone, `node:sqlite` takes its place
 * with the same calls. Native SQLite reads the pages a query needs from the file, where SQLite in
 * WebAssembly (sql.js, before) read the whole file into memory and wrote it back whole.
 */

export { HistoryDiskFullError, HistoryError, HistoryFileError, HistoryKeyError, HistoryLockedError, UNLOCK_COMMAND };

/** Removes the history's lock on purpose, unless a process of this machine holds it (file-life.ts). */
export function unlockHistory(file: string): ClearedLock {
  return clearLock(path.resolve(file));
}

export interface OpenOptions {
  /** HMAC key of the poster hash (HISTORY_KEY); the development key when absent. */
  key?: string;
  /**
   * Reads only (`stats`, the CLI's reset report): the file where it is, with no working copy and no
   * lock; a file of an older schema through a migrated working copy, dropped at close.
   */
  readOnly?: boolean;
  /** Starts an empty history that replaces the file when saved, whatever the file holds (`reset`). */
  startEmpty?: boolean;
  /** How long a writer waits for another to finish (HISTORY_LOCK_WAIT_SECONDS by default). */
  lockWaitMs?: number;
  /** Called once when the lock is held by another process, before waiting for it. */
  onLockWait?: (holder: string) => void;
}

export function openHistory(file: string, options: OpenOptions = {}): Promise<BoardHistory> {
  return openSqliteHistory(file, options, { checkKey: true });
}

/** `checkKey` false: a file written with another key opens without complaint, for `rekeyHistory` alone. */
async function openSqliteHistory(
  file: string,
  options: OpenOptions,
  { checkKey: keyChecked }: { checkKey: boolean },
): Promise<SqliteHistory> {
  const absolute = path.resolve(file);
  const key = options.key ?? DEVELOPMENT_HISTORY_KEY;
  if (fs.statSync(absolute, { throwIfNoEntry: false })?.isDirectory())
    throw new HistoryFileError(
      absolute,
      `it is a folder, not a file (HISTORY_FILE names the history file itself, e.g. ${path.join(absolute, '.board-history.sqlite')})`,
    );
  if (options.readOnly) {
    if (!checkHeader(absolute)) throw new HistoryFileError(absolute, 'there is no such file');
    const connection = Connection.open(absolute, absolute, { readOnly: true });
    let version: number;
    try {
      version = checkVersion(connection);
    } catch (error) {
      connection.close();
      throw asFileError(absolute, error);
    }
    if (version === SCHEMA_VERSION) {
      try {
        if (keyChecked && options.key !== undefined) checkKey(connection, key, { writable: false });
      } catch (error) {
        connection.close();
        throw error;
      }
      return new SqliteHistory(connection, absolute, key, { readOnly: true, working: null, release: null });
    }
    // An older schema is read through a migrated working copy, dropped at close: the file stays as it
    // was until a build or an import writes it.
    connection.close();
    return openWorkingCopy(absolute, key, { readOnly: true, startEmpty: false, release: null, checkKey: false });
  }
  // Taken before the file is read: a writer that waited copies what the one before it saved.
  const release = await takeLock(absolute, options.lockWaitMs ?? historyLockWaitMs(), options.onLockWait);
  try {
    return openWorkingCopy(absolute, key, { readOnly: false, startEmpty: options.startEmpty === true, release, checkKey: keyChecked });
  } catch (error) {
    release();
    throw error;
  }
}

function openWorkingCopy(
  absolute: string,
  key: string,
  mode: { readOnly: boolean; startEmpty: boolean; release: (() => void) | null; checkKey: boolean },
): SqliteHistory {
  const exists = !mode.startEmpty && checkHeader(absolute);
  removeDeadCopies(absolute);
  const working = workingCopyOf(absolute);
  // The copy, not the file, is what this history changes. The kernel copies it (no file-sized buffer
  // in this process).
  try {
    if (exists) fs.copyFileSync(absolute, working);
    else fs.rmSync(working, { force: true });
  } catch (error) {
    fs.rmSync(working, { force: true });
    throw asFileError(absolute, error);
  }
  let connection: Connection | undefined;
  try {
    connection = Connection.open(working, absolute, { readOnly: false });
    configureWorkingCopy(connection);
    checkVersion(connection);
    if (migrate(connection)) connection = compacted(connection, working, absolute);
    if (mode.checkKey) checkKey(connection, key, { writable: true });
  } catch (error) {
    connection?.close();
    fs.rmSync(working, { force: true });
    throw asFileError(absolute, error);
  }
  return new SqliteHistory(connection, absolute, key, { readOnly: mode.readOnly, working, release: mode.release });
}

/**
 * The working copy rewritten whole, without a free page: after a migration that removed text, none of it
 * stays behind in pages SQLite freed (and the file shrinks by what it held). Written beside the copy and
 * renamed over it; returns the connection to the compacted copy.
 */
function compacted(connection: Connection, working: string, file: string): Connection {
  const compact = compactCopyOf(file);
  fs.rmSync(compact, { force: true });
  try {
    connection.exec(`VACUUM INTO '${compact.replace(/'/g, "''")}'`);
  } catch (error) {
    fs.rmSync(compact, { force: true });
    throw error;
  }
  connection.close();
  fs.renameSync(compact, working);
  const reopened = Connection.open(working, file, { readOnly: false });
  configureWorkingCopy(reopened);
  return reopened;
}

/**
 * Re-keys the history in `file` on purpose (`npm run history -- rekey`): its poster hashes are hashed
 * again with `key` and the file remembers that key (poster-key.ts says what that means for the figures).
 */
export async function rekeyHistory(file: string, key: string): Promise<{ posters: number; from: string | null; bytes: number }> {
  const history = await openSqliteHistory(file, { key }, { checkKey: false });
  try {
    const done = history.rekey();
    return { ...done, bytes: history.save() };
  } finally {
    history.close();
  }
}

/** The fingerprint of the key that wrote `file` (null when it remembers none), read without the key. */
export function keyFingerprintOfFile(file: string): string | null {
  const absolute = path.resolve(file);
  if (!checkHeader(absolute)) throw new HistoryFileError(absolute, 'there is no such file');
  const connection = Connection.open(absolute, absolute, { readOnly: true });
  try {
    return checkVersion(connection) >= FIRST_SCHEMA_WITH_META ? readFingerprint(connection) : null;
  } finally {
    connection.close();
  }
}

class SqliteHistory implements BoardHistory {
  /** The working copy this connection writes; null when it reads a saved (or read-only) file. */
  private working: string | null;
  private readonly readOnly: boolean;
  /** Gives the file's lock back; null when reading only. */
  private release: (() => void) | null;

  constructor(
    private connection: Connection,
    readonly file: string,
    private readonly key: string,
    mode: { readOnly: boolean; working: string | null; release: (() => void) | null },
  ) {
    this.readOnly = mode.readOnly;
    this.working = mode.working;
    this.release = mode.release;
  }

  addVehicleTypes(names: readonly string[]): void {
    addVehicleTypes(this.writable(), names);
  }

  recordRead(loads: readonly Load[], at: number): RecordCounts {
    return recordRead(this.writable(), loads, at, this.key);
  }

  rateSamples(start: number, end: number): RateSample[] {
    return rateSamples(this.connection, start, end);
  }

  closedSince(since: number): ClosedLoad[] {
    return closedSince(this.connection, since);
  }

  importLines(lines: AsyncIterable<string> | Iterable<string>, options: ImportOptions = {}): Promise<ImportCounts> {
    return importLines(this.writable(), lines, this.key, options);
  }

  loadCounts(): Pick<HistoryStats, 'loads' | 'open'> {
    return loadCounts(this.connection);
  }

  stats(): HistoryStats {
    return stats(this.connection);
  }

  rekey(): { posters: number; from: string | null } {
    return rekey(this.writable(), this.key);
  }

  save(): number {
    if (this.readOnly) throw new Error(`Board history ${this.file} was opened to read only`);
    if (this.working) {
      // Closing ends the connection's lock; with the journal in memory nothing but the copy itself is
      // on disk.
      this.connection.close();
      try {
        replaceWith(this.working, this.file);
      } catch (error) {
        // The file is as it was; the copy goes with the lock at close.
        this.connection = Connection.open(this.working, this.file, { readOnly: true });
        throw diskFullError(this.file, error) ?? error;
      }
      this.working = null;
      this.connection = Connection.open(this.file, this.file, { readOnly: true });
    }
    return fs.statSync(this.file).size;
  }

  close(): void {
    this.connection.close();
    if (this.working) fs.rmSync(this.working, { force: true });
    this.working = null;
    this.release?.();
    this.release = null;
  }

  /** The connection to change the history through: the working copy, made again after a save. */
  private writable(): Connection {
    if (this.readOnly) throw new Error(`Board history ${this.file} was opened to read only`);
    if (!this.working) {
      const working = workingCopyOf(this.file);
      try {
        fs.copyFileSync(this.file, working);
      } catch (error) {
        fs.rmSync(working, { force: true });
        throw asFileError(this.file, error);
      }
      this.connection.close();
      this.connection = Connection.open(working, this.file, { readOnly: false });
      configureWorkingCopy(this.connection);
      this.working = working;
    }
    return this.connection;
  }
}
