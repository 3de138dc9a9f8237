import { createHmac } from 'node:crypto';
import { DatabaseSync } from '@photostructure/sqlite';
import { MIGRATIONS } from '../../src/history/sqlite/schema';

/** A load as the code of schema 2 stored it. */
export interface OldRow {
  id: string;
  from: string;
  fromKnown: boolean;
  to: string;
  toKnown: boolean;
  title: string;
  vehicleType?: string;
  price?: number | null;
  currency?: string;
  createdAt: number;
  firstSeen: number;
  lastSeen: number;
  closedAt: number | null;
  /** The phone as the API sent it: schema 2 hashed its digits as typed. */
  phone: string | null;
}

/**
 * Writes `file` as the code of schema 2 left it, before the international-number rule, the key's
 * fingerprint and today's scrub: texts as they were stored then, posters hashed from the digits as
 * typed. The migrations of the store itself make the tables, so the file is what that code wrote.
 */
export function writeSchemaTwoHistory(file: string, rows: readonly OldRow[], key: string): void {
  const db = new DatabaseSync(file);
  db.exec(MIGRATIONS[0] as string);
  db.exec(MIGRATIONS[1] as string);
  const poster = db.prepare('INSERT INTO posters (hash) VALUES (?) ON CONFLICT(hash) DO UPDATE SET hash = hash RETURNING id');
  const group = db.prepare(
    `INSERT INTO rate_groups (from_place, to_place, currency, vehicle_type) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET currency = currency RETURNING id`,
  );
  const insert = db.prepare(
    `INSERT INTO loads (id, from_place, from_known, to_place, to_known, title, vehicle_type, weight, price, currency,
       loading_date, created_at, first_seen, last_seen, closed_at, poster_id, rate_group)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of rows) {
    const digits = (row.phone ?? '').replace(/\D/g, '');
    const posterId = digits ? (poster.get(createHmac('sha256', key).update(digits).digest()) as { id: number }).id : null;
    const vehicleType = row.vehicleType ?? 'Tent';
    const currency = row.currency ?? 'UZS';
    const groupId = (group.get(row.from, row.to, currency, vehicleType) as { id: number }).id;
    insert.run(
      row.id,
      row.from,
      row.fromKnown ? 1 : 0,
      row.to,
      row.toKnown ? 1 : 0,
      row.title,
      vehicleType,
      row.price ?? 5_000_000,
      currency,
      row.createdAt,
      row.firstSeen,
      row.lastSeen,
      row.closedAt,
      posterId,
      groupId,
    );
  }
  db.exec('PRAGMA user_version = 2');
  db.close();
}

/**
 * Writes `file` as the code of schema 3 left it: its free texts (titles, places the gazetteer did not
 * know, vehicle types) as that code's scrub let them through, which is whatever `rows` say.
 */
export function writeSchemaThreeHistory(file: string, rows: readonly OldRow[], key: string): void {
  writeSchemaTwoHistory(file, rows, key);
  const db = new DatabaseSync(file);
  db.exec(MIGRATIONS[2] as string);
  db.exec('PRAGMA user_version = 3');
  db.close();
}
