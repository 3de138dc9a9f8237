import { scrubbedText } from '../record';
import type { Connection, SqlValue } from './connection';
import { HistoryFileError } from './errors';

/**
 * The history's tables, one migration per schema version. The version is SQLite's `PRAGMA
 * user_version`; a file of an older schema is migrated forward on the working copy when it is opened,
 * one transaction a step, and a file of a newer schema is refused.
 */

/** `PRAGMA user_version` of the newest schema this code writes; one migration per step below. */
export const SCHEMA_VERSION = 3;

/** The schema that added `meta` (the key's fingerprint) and `posters.number_rule`. */
export const FIRST_SCHEMA_WITH_META = 3;

/** How a poster's hash was made from its phone (`posters.number_rule`). */
export const NUMBER_RULE = {
  /** The digits as they were typed (schema 2 and before): `90 123 45 67` and `998901234567` differ. */
  digitsAsTyped: 1,
  /** The international number (src/history/phone.ts): one phone, one hash. */
  international: 2,
} as const;

/** A step of SQL, or one that needs JavaScript (the scrub of stored text). */
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
  // with); how each poster's hash was made, since hashes made from the digits as typed cannot be made
  // again without the phone (README, "Board history"); and the stored texts scrubbed again by today's
  // rule (scrub.ts), so a phone or a handle an older rule let through is gone from the file and from the
  // closed-load files the build writes from it.
  (connection) => {
    connection.exec(`CREATE TABLE meta (
       name TEXT PRIMARY KEY,
       value TEXT NOT NULL
     ) WITHOUT ROWID;
     ALTER TABLE posters ADD COLUMN number_rule INTEGER NOT NULL DEFAULT ${NUMBER_RULE.digitsAsTyped};`);
    scrubStoredTexts(connection);
  },
];

/** Every free text of the loads scrubbed again; rate groups whose texts became one are merged. */
function scrubStoredTexts(connection: Connection): void {
  connection.defineFunction('history_scrub', (text: SqlValue) => (typeof text === 'string' ? scrubbedText(text) : text));
  // Places the gazetteer knows are stored as its slugs, which hold nothing to scrub.
  connection.exec(`UPDATE loads SET title = history_scrub(title) WHERE history_scrub(title) <> title;
    UPDATE loads SET from_place = history_scrub(from_place) WHERE from_known = 0 AND history_scrub(from_place) <> from_place;
    UPDATE loads SET to_place = history_scrub(to_place) WHERE to_known = 0 AND history_scrub(to_place) <> to_place;
    UPDATE loads SET vehicle_type = history_scrub(vehicle_type) WHERE history_scrub(vehicle_type) <> vehicle_type;
    UPDATE loads SET currency = history_scrub(currency) WHERE history_scrub(currency) <> currency;`);
  const groups: Array<{ id: number; texts: string[] }> = [];
  connection.each<{ id: number; fromPlace: string; toPlace: string; currency: string; vehicleType: string }>(
    'SELECT id, from_place AS fromPlace, to_place AS toPlace, currency, vehicle_type AS vehicleType FROM rate_groups ORDER BY id',
    [],
    (group) => groups.push({ id: group.id, texts: [group.fromPlace, group.toPlace, group.currency, group.vehicleType] }),
  );
  const survivors = new Map<string, number>();
  const renamed: Array<{ id: number; texts: string[] }> = [];
  connection.exec('CREATE TEMP TABLE group_remap (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)');
  for (const group of groups) {
    const texts = group.texts.map(scrubbedText);
    const key = JSON.stringify(texts);
    const survivor = survivors.get(key);
    if (survivor !== undefined) {
      connection.statement('INSERT INTO temp.group_remap (old, new) VALUES (?, ?)').run(group.id, survivor);
      continue;
    }
    survivors.set(key, group.id);
    if (texts.some((text, index) => text !== group.texts[index])) renamed.push({ id: group.id, texts });
  }
  connection.exec(`UPDATE loads SET rate_group = (SELECT new FROM temp.group_remap WHERE old = loads.rate_group)
      WHERE rate_group IN (SELECT old FROM temp.group_remap);
    DELETE FROM rate_groups WHERE id IN (SELECT old FROM temp.group_remap);
    DROP TABLE temp.group_remap;`);
  for (const { id, texts } of renamed) {
    connection
      .statement('UPDATE rate_groups SET from_place = ?, to_place = ?, currency = ?, vehicle_type = ? WHERE id = ?')
      .run(...texts, id);
  }
}

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

export function migrate(connection: Connection): void {
  for (let step = userVersion(connection); step < SCHEMA_VERSION; step++) {
    const migration = MIGRATIONS[step] as Migration;
    connection.transaction(() => {
      if (typeof migration === 'string') connection.exec(migration);
      else migration(connection);
      connection.exec(`PRAGMA user_version = ${step + 1}`);
    });
  }
}
