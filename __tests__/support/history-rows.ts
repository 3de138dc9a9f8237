import { DatabaseSync } from '@photostructure/sqlite';
import type { HistoryLoad } from '../../src/history/types';

/**
 * Every load of a saved history file as a record, read by the tests themselves straight from the file
 * (read-only), so what the store wrote is checked apart from how the store reads it. By id.
 */
export function historyRows(file: string): HistoryLoad[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db
      .prepare(
        `SELECT l.id, l.from_place, l.from_known, l.to_place, l.to_known, l.vehicle_type, l.weight, l.volume, l.price, l.currency,
           l.loading_date, l.created_at, l.first_seen, l.last_seen, l.closed_at, lower(hex(p.hash)) AS poster
         FROM loads l LEFT JOIN posters p ON p.id = l.poster_id ORDER BY l.id`,
      )
      .all() as Array<Record<string, string | number | null>>;
    const iso = (ms: string | number | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());
    const number = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));
    return rows.map((row) => ({
      id: String(row.id),
      from: String(row.from_place),
      fromKnown: row.from_known === 1,
      to: String(row.to_place),
      toKnown: row.to_known === 1,
      vehicleType: String(row.vehicle_type),
      weight: number(row.weight),
      volume: number(row.volume),
      price: number(row.price),
      currency: String(row.currency),
      loadingDate: iso(row.loading_date),
      createdAt: iso(row.created_at),
      firstSeen: Number(row.first_seen),
      lastSeen: Number(row.last_seen),
      closedAt: number(row.closed_at),
      posterHash: row.poster === null || row.poster === '' ? null : String(row.poster),
    }));
  } finally {
    db.close();
  }
}
