import type { Load } from '../../api-client/types';
import { parseImportLine, type ImportEntry } from '../import-line';
import { historyFieldsOf, VehicleTypes, type HistoryFields } from '../record';
import type { ImportCounts, ImportOptions, RecordCounts } from '../types';
import { isoToMs } from './column-codec';
import type { Connection } from './connection';
import { loadRowValues, SELECT_LOAD_ROW, sameRow, UPSERT_LOAD_ROW, type LoadRow } from './loads-table';
import { NUMBER_RULE } from './schema';

/** The history's writes: a build's read of the board, and an import of past loads. */

const IMPORT_PROGRESS_EVERY = 5000;

/** What a read needs of a load it saw: whether it was there before, and open. */
const SELECT_SEEN = 'SELECT first_seen AS firstSeen, last_seen AS lastSeen, closed_at AS closedAt FROM loads WHERE id = ?';

/**
 * Rows as one transaction writes them: the poster's and the rate group's row ids looked up (or made)
 * once each. Made per transaction, so ids handed out in one that rolled back are never reused.
 */
class RowWriter {
  private readonly posterIds = new Map<string, number>();
  private readonly rateGroups = new Map<string, number>();

  constructor(private readonly connection: Connection) {}

  /** `posterId`: the row's poster when the load's own phone is not to be used. */
  row(
    fields: HistoryFields,
    times: Pick<LoadRow, 'firstSeen' | 'lastSeen' | 'closedAt'>,
    posterId = this.posterId(fields.poster),
  ): LoadRow {
    return {
      id: fields.id,
      fromPlace: fields.from,
      fromKnown: fields.fromKnown ? 1 : 0,
      toPlace: fields.to,
      toKnown: fields.toKnown ? 1 : 0,
      vehicleType: fields.vehicleType,
      weight: fields.weight,
      volume: fields.volume,
      price: fields.price,
      currency: fields.currency,
      loadingDate: isoToMs(fields.loadingDate),
      createdAt: isoToMs(fields.createdAt),
      firstSeen: times.firstSeen,
      lastSeen: times.lastSeen,
      closedAt: times.closedAt,
      posterId,
      rateGroup: this.rateGroup(fields),
    };
  }

  write(row: LoadRow): void {
    this.connection.statement(UPSERT_LOAD_ROW).run(...loadRowValues(row));
  }

  private rateGroup(fields: HistoryFields): number {
    const key = JSON.stringify([fields.from, fields.to, fields.currency, fields.vehicleType]);
    const cached = this.rateGroups.get(key);
    if (cached !== undefined) return cached;
    const values = [fields.from, fields.to, fields.currency, fields.vehicleType];
    // A lookup first, as for posters: a known group must not write a page.
    const found =
      this.connection.get<{ id: number }>(
        'SELECT id FROM rate_groups WHERE from_place = ? AND to_place = ? AND currency = ? AND vehicle_type = ?',
        ...values,
      ) ??
      this.connection.get<{ id: number }>(
        'INSERT INTO rate_groups (from_place, to_place, currency, vehicle_type) VALUES (?, ?, ?, ?) RETURNING id',
        ...values,
      );
    const id = Number(found?.id);
    this.rateGroups.set(key, id);
    return id;
  }

  posterId(hash: Buffer | null): number | null {
    if (!hash) return null;
    const hex = hash.toString('hex');
    const cached = this.posterIds.get(hex);
    if (cached !== undefined) return cached;
    // A lookup first: an upsert would write the page even when the poster is known, and importing the
    // same file twice must leave the file byte for byte as it was.
    const found = this.connection.get<{ id: number; rule: number }>('SELECT id, number_rule AS rule FROM posters WHERE hash = ?', hash);
    // A hash made from the digits as typed that is also the international number's: the same phone.
    if (found && found.rule !== NUMBER_RULE.international)
      this.connection.statement('UPDATE posters SET number_rule = ? WHERE id = ?').run(NUMBER_RULE.international, found.id);
    const id = Number(
      found?.id ??
        this.connection.get<{ id: number }>(
          'INSERT INTO posters (hash, number_rule) VALUES (?, ?) RETURNING id',
          hash,
          NUMBER_RULE.international,
        )?.id,
    );
    this.posterIds.set(hex, id);
    return id;
  }

  /** Whether the poster's hash was made from the phone's digits as typed, before the international-number rule. */
  madeFromDigitsAsTyped(posterId: number): boolean {
    const found = this.connection.get<{ rule: number }>('SELECT number_rule AS rule FROM posters WHERE id = ?', posterId);
    return found?.rule === NUMBER_RULE.digitsAsTyped;
  }
}

/** The API's dictionary of vehicle types as the history holds it (`vehicle_types`). */
export function vehicleTypesOf(connection: Connection): VehicleTypes {
  const names: string[] = [];
  connection.each<{ name: string }>('SELECT name FROM vehicle_types ORDER BY name', [], (row) => names.push(row.name));
  return new VehicleTypes(names);
}

/** Adds the names the dictionary lacks; a name it has already writes nothing (an unchanged import is a no-op). */
export function addVehicleTypes(connection: Connection, names: readonly string[]): void {
  const known = vehicleTypesOf(connection);
  const added = names.filter((name) => known.add(name)).map((name) => name.trim().replace(/\s+/g, ' '));
  if (added.length === 0) return;
  connection.transaction(() => {
    for (const name of added) connection.statement('INSERT OR IGNORE INTO vehicle_types (name) VALUES (?)').run(name);
  });
}

/**
 * Records a build's successful read at `at`: a load not seen before is new, one seen again is updated
 * and seen now, an open load missing from the read left the board now, a closed one read again is open
 * again.
 */
export function recordRead(connection: Connection, loads: readonly Load[], at: number, key: string): RecordCounts {
  const counts: RecordCounts = { new: 0, seen: 0, closed: 0, back: 0 };
  const vehicleTypes = vehicleTypesOf(connection);
  connection.transaction(() => {
    const writer = new RowWriter(connection);
    connection.exec('CREATE TEMP TABLE IF NOT EXISTS read_ids (id TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM temp.read_ids');
    const mark = connection.statement('INSERT OR IGNORE INTO temp.read_ids (id) VALUES (?)');
    for (const load of loads) {
      mark.run(load.id);
      const before = connection.get<Pick<LoadRow, 'firstSeen' | 'lastSeen' | 'closedAt'>>(SELECT_SEEN, load.id);
      if (!before) counts.new += 1;
      else if (before.closedAt === null) counts.seen += 1;
      else counts.back += 1;
      writer.write(
        writer.row(historyFieldsOf(load, key, vehicleTypes), {
          firstSeen: before ? Number(before.firstSeen) : at,
          lastSeen: before ? Math.max(Number(before.lastSeen), at) : at,
          closedAt: null,
        }),
      );
    }
    const closed = connection
      .statement('UPDATE loads SET closed_at = ? WHERE closed_at IS NULL AND id NOT IN (SELECT id FROM temp.read_ids)')
      .run(at);
    counts.closed = Number(closed.changes);
    connection.exec('DROP TABLE temp.read_ids');
  });
  return counts;
}

/** What importing a line did to its load, against the history before the import. */
type ImportOutcome = 'new' | 'updated' | 'unchanged';

/** The loads an import has met, each with what it did to it and, when it changed one, the row before. */
const IMPORT_SEEN_TABLE =
  'CREATE TEMP TABLE IF NOT EXISTS import_seen (id TEXT PRIMARY KEY, outcome TEXT NOT NULL, before TEXT) WITHOUT ROWID';

/**
 * All or nothing: a bad line throws `ImportLineError` and nothing of the file stays in the history. Of
 * several lines for one id the later holds, as it would alone: the load is put back as it was before the
 * import and the later line applied to that. Counts are of loads. An import that changed no load leaves
 * the file as it was, byte for byte, whatever it did on the way.
 */
export async function importLines(
  connection: Connection,
  lines: AsyncIterable<string> | Iterable<string>,
  key: string,
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const counts: ImportCounts = { lines: 0, new: 0, updated: 0, unchanged: 0 };
  const now = options.now ?? Date.now();
  const vehicleTypes = vehicleTypesOf(connection);
  await connection.transactionAsync(
    async () => {
      const writer = new RowWriter(connection);
      connection.exec(`${IMPORT_SEEN_TABLE}; DELETE FROM temp.import_seen`);
      for await (const text of lines) {
        counts.lines += 1;
        const entry = parseImportLine(text, counts.lines, now);
        if (entry) importEntry(connection, writer, entry, key, vehicleTypes, counts);
        if (counts.lines % IMPORT_PROGRESS_EVERY === 0) options.onProgress?.(counts.lines);
      }
      connection.exec('DROP TABLE temp.import_seen');
    },
    () => counts.new > 0 || counts.updated > 0,
  );
  options.onProgress?.(counts.lines);
  return counts;
}

/** One entry, after the lines of its id met before in this import are undone. */
function importEntry(
  connection: Connection,
  writer: RowWriter,
  entry: ImportEntry,
  key: string,
  vehicleTypes: VehicleTypes,
  counts: ImportCounts,
): void {
  const { id } = entry.load;
  const seen = connection.get<{ outcome: ImportOutcome; before: string | null }>(
    'SELECT outcome, before FROM temp.import_seen WHERE id = ?',
    id,
  );
  if (seen) {
    counts[seen.outcome] -= 1;
    if (seen.outcome === 'new') connection.statement('DELETE FROM loads WHERE id = ?').run(id);
    else if (seen.outcome === 'updated' && seen.before !== null) writer.write(JSON.parse(seen.before) as LoadRow);
  }
  const { outcome, before } = importOne(connection, writer, entry, key, vehicleTypes);
  counts[outcome] += 1;
  connection
    .statement(
      'INSERT INTO temp.import_seen (id, outcome, before) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET outcome = excluded.outcome, before = excluded.before',
    )
    .run(id, outcome, outcome === 'updated' && before ? JSON.stringify(before) : null);
}

/**
 * One line of an import. An import never rewrites what the builds saw: it adds what the history lacks (a
 * load it does not hold; for one it holds, a creation time, a poster, or the poster's hash made again
 * from the phone where the stored one was made from the digits as typed), and
 * corrects a load only with what the line says later than the history last saw it: its fields, and its
 * closing when the history still holds it open. It never reopens a load and never moves a closing date.
 * Applying a line twice changes nothing the second time. Returns what it did, and the row it found.
 */
function importOne(
  connection: Connection,
  writer: RowWriter,
  entry: ImportEntry,
  key: string,
  vehicleTypes: VehicleTypes,
): { outcome: ImportOutcome; before: LoadRow | undefined } {
  const fields = historyFieldsOf(entry.load, key, vehicleTypes);
  // parseImportLine guarantees one of the two.
  const firstSeen = (isoToMs(fields.createdAt) ?? entry.closedAt) as number;
  // The latest time the line speaks of: its closing, else its creation.
  const said = entry.closedAt ?? firstSeen;
  const before = connection.get<LoadRow>(SELECT_LOAD_ROW, fields.id);
  if (!before) {
    writer.write(writer.row(fields, { firstSeen, lastSeen: said, closedAt: entry.closedAt }));
    return { outcome: 'new', before };
  }
  const row: LoadRow =
    before.closedAt === null && said > before.lastSeen
      ? writer.row(
          fields,
          { firstSeen: before.firstSeen, lastSeen: said, closedAt: entry.closedAt },
          fields.poster ? undefined : before.posterId,
        )
      : { ...before };
  row.createdAt ??= isoToMs(fields.createdAt);
  if (fields.poster && (row.posterId === null || writer.madeFromDigitsAsTyped(row.posterId))) row.posterId = writer.posterId(fields.poster);
  if (sameRow(before, row)) return { outcome: 'unchanged', before };
  writer.write(row);
  return { outcome: 'updated', before };
}
