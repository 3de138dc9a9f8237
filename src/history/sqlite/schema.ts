import { currencyOfRecord } from '../record';
import type { Connection, SqlValue } from './connection';
import { HistoryFileError } from './errors';

/**
 * The history's tables, one migration per schema version. The version is SQLite's `PRAGMA
 * user_version`; a file of an older schema is migrated forward on the working copy when it is opened,
 * one transaction a step, and a file of a newer schema is refused.
 */

/** `PRAGMA user_version` of the newest schema this code writes; one migration per step below. */
export const SCHEMA_VERSION = 4;

/** The schema that added `meta` (the key's fingerprint) and `posters.number_rule`. */
export const FIRST_SCHEMA_WITH_META = 3;

/** How a poster's hash was made from its phone (`posters.number_rule`). */
export const NUMBER_RULE = {
  /** The digits as they were typed (schema 2 and before): `90 123 45 67` and `998901234567` differ. */
  digitsAsTyped: 1,
  /** The international number (src/history/phone.ts): one phone, one hash. */
  international: 2,
} as const;

/** A step of SQL, or one that needs JavaScript. */
type Migration = string | ((connection: Connection) => void);

export const MIGRATIONS: readonly Migration[] = [
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
  // 2 -> 3. What the file knows about itself (`meta`: the fingerprint of the key its posters were hashed
  // with), and how each poster's hash was made, since hashes made from the digits as typed cannot be
  // made again without the phone (README, "Board history"). (This step also scrubbed the stored texts
  // once; the next step removes them.)
  `CREATE TABLE meta (
     name TEXT PRIMARY KEY,
     value TEXT NOT NULL
   ) WITHOUT ROWID;
   ALTER TABLE posters ADD COLUMN number_rule INTEGER NOT NULL DEFAULT ${NUMBER_RULE.digitsAsTyped};`,
  // 3 -> 4. No text a poster wrote (CONTRACT.md, "Where state is kept"): the title goes with its
  // column, a place the gazetteer does not know becomes unknown, every vehicle type becomes unknown
  // until a build or an import reads it again against the API's dictionary (`vehicle_types`, which this
  // step adds: the older files kept whatever text the API sent), and a currency that is not a code
  // becomes unknown. The volume is kept from now on: a closed load is described from its fields. The
  // rate groups follow their loads. The file is compacted after it (COMPACTING_STEPS), so none of the
  // texts stays behind in a free page.
  (connection) => {
    connection.defineFunction('history_currency', (text: SqlValue) => (typeof text === 'string' ? currencyOfRecord(text) : ''));
    connection.exec(`CREATE TABLE vehicle_types (
       name TEXT PRIMARY KEY
     ) WITHOUT ROWID;
     ALTER TABLE loads DROP COLUMN title;
     ALTER TABLE loads ADD COLUMN volume REAL;
     UPDATE loads SET from_place = '' WHERE from_known = 0 AND from_place <> '';
     UPDATE loads SET to_place = '' WHERE to_known = 0 AND to_place <> '';
     UPDATE loads SET vehicle_type = '' WHERE vehicle_type <> '';
     UPDATE loads SET currency = history_currency(currency) WHERE history_currency(currency) <> currency;
     INSERT OR IGNORE INTO rate_groups (from_place, to_place, currency, vehicle_type)
       SELECT DISTINCT from_place, to_place, currency, vehicle_type FROM loads ORDER BY 1, 2, 3, 4;
     UPDATE loads SET rate_group = (SELECT g.id FROM rate_groups g WHERE g.from_place = loads.from_place
       AND g.to_place = loads.to_place AND g.currency = loads.currency AND g.vehicle_type = loads.vehicle_type);
     DELETE FROM rate_groups WHERE id NOT IN (SELECT DISTINCT rate_group FROM loads);`);
  },
];

/**
 * The steps after which the file is rewritten whole (store.ts, VACUUM INTO): they removed text, which
 * SQLite otherwise leaves in the pages it frees until something writes over them.
 */
const COMPACTING_STEPS: ReadonlySet<number> = new Set([3]);

/**
 * Per connection to a working copy. The copy is this process's own and is thrown away on any failure,
 * so SQLite's syncs and on-disk journal buy nothing here; a journal in memory still gives ROLLBACK (an
 * import that fails on a line rolls back). Saving syncs the copy once before renaming it.
 */
export function configureWorkingCopy(connection: Connection): void {
  connection.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768');
}

function userVersion(connection: Connection): number {
  return Number(connection.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
}

/** The file's schema version, once it is known to be a history this code can read. */
export function checkVersion(connection: Connection): number {
  const file = connection.file;
  // Reading the schema touches the pages: a damaged file fails here, not in the middle of a build.
  const version = userVersion(connection);
  const tables = new Set<string>();
  connection.each<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'", [], (row) => tables.add(row.name));
  if (version > SCHEMA_VERSION) {
    throw new HistoryFileError(file, `written by a newer schema (version ${version}; this code knows up to ${SCHEMA_VERSION})`);
  }
  if (version === 0 && tables.size > 0) throw new HistoryFileError(file, 'an SQLite database, but not a board history');
  if (version > 0 && !tables.has('loads')) throw new HistoryFileError(file, 'the loads table is missing');
  // No PRAGMA quick_check: it reads every page (seconds at a million loads). Damage deeper in the file
  // shows when a page is read, and Connection.damaged reports it as this error then, before anything
  // is saved.
  return version;
}

/**
 * Migrates the file forward; returns whether a step asks for the file to be compacted now. Foreign keys
 * are not enforced meanwhile (SQLite only lets that change outside a transaction): each step keeps its
 * references whole itself, and enforced, deleting the rate groups no load names any more made SQLite
 * scan every load for each of them (over 13 minutes at a million loads, measured, against seconds).
 */
export function migrate(connection: Connection): boolean {
  let compact = false;
  const from = userVersion(connection);
  if (from >= SCHEMA_VERSION) return false;
  connection.exec('PRAGMA foreign_keys = OFF');
  try {
    for (let step = from; step < SCHEMA_VERSION; step++) {
      const migration = MIGRATIONS[step] as Migration;
      connection.transaction(() => {
        if (typeof migration === 'string') connection.exec(migration);
        else migration(connection);
        connection.exec(`PRAGMA user_version = ${step + 1}`);
      });
      // A new file (version 0) has nothing to compact.
      if (from > 0 && COMPACTING_STEPS.has(step)) compact = true;
    }
  } finally {
    connection.exec('PRAGMA foreign_keys = ON');
  }
  return compact;
}
