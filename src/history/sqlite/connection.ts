import { DatabaseSync, type DatabaseSyncInstance, type StatementSyncInstance } from '@photostructure/sqlite';
import { asFileError, diskFullError, HistoryFileError } from './errors';

/** What SQLite takes and gives: node:sqlite's value types. */
export type SqlValue = null | number | bigint | string | Uint8Array;
/** A row by its columns' names (as the query names them with `AS`). */
export type SqlRecord = Record<string, SqlValue>;

/** SQLite's result codes for a damaged file and for a file that is no database. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/**
 * One open SQLite file of the history: its statements prepared once, its reads and its transactions, and
 * SQLite's damaged-file errors turned into the one line the build reports. `file` is the history the
 * messages name, which is not the working copy the connection may have open.
 */
export class Connection {
  private readonly statements = new Map<string, StatementSyncInstance>();

  private constructor(
    private readonly db: DatabaseSyncInstance,
    readonly file: string,
  ) {}

  static open(where: string, file: string, options: { readOnly: boolean }): Connection {
    try {
      return new Connection(new DatabaseSync(where, { readOnly: options.readOnly }), file);
    } catch (error) {
      throw asFileError(file, error);
    }
  }

  /** A JavaScript function SQL can call, the same value for the same arguments. */
  defineFunction(name: string, run: (...values: SqlValue[]) => SqlValue): void {
    this.db.function(name, { deterministic: true }, run);
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** Prepared once per connection. */
  statement(sql: string): StatementSyncInstance {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** The first row of a query, by its columns' names; undefined when there is none. */
  get<Row extends object = SqlRecord>(sql: string, ...params: SqlValue[]): Row | undefined {
    try {
      return this.statement(sql).get(...params) as Row | undefined;
    } catch (error) {
      throw this.damaged(error);
    }
  }

  each<Row extends object = SqlRecord>(sql: string, params: SqlValue[], take: (row: Row) => void): void {
    try {
      for (const row of this.statement(sql).iterate(...params)) take(row as Row);
    } catch (error) {
      throw this.damaged(error);
    }
  }

  /** `work` inside one transaction: all of it, or none of it when it throws. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.rollback();
      throw this.damaged(error);
    }
  }

  /** As `transaction`, for work that awaits (an import reads its file as it goes). */
  /** `keep`: whether to commit what `work` did; false rolls it back (it changed nothing that stays). */
  async transactionAsync<T>(work: () => Promise<T>, keep: (result: T) => boolean = () => true): Promise<T> {
    this.db.exec('BEGIN');
    try {
      const result = await work();
      this.db.exec(keep(result) ? 'COMMIT' : 'ROLLBACK');
      return result;
    } catch (error) {
      this.rollback();
      throw this.damaged(error);
    }
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }

  private rollback(): void {
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // A damaged file can fail the rollback too; the error that led here is the one to report.
    }
  }

  /** SQLite's damaged-file and full-disk errors, as the one-line error the build and the CLI report. */
  damaged(error: unknown): unknown {
    const full = diskFullError(this.file, error);
    if (full) return full;
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
