/**
 * A row of the `loads` table by name: each field is one column (`LOAD_COLUMNS` says which), so a query
 * reads `before.lastSeen`, never a position in a list of values.
 */
export interface LoadRow {
  id: string;
  /** The gazetteer's slug, or '' for a place it does not know. */
  fromPlace: string;
  /** 1 when `fromPlace` is a gazetteer slug, 0 when the place is unknown. */
  fromKnown: number;
  toPlace: string;
  toKnown: number;
  vehicleType: string;
  weight: number | null;
  volume: number | null;
  price: number | null;
  currency: string;
  /** Epoch ms. */
  loadingDate: number | null;
  createdAt: number | null;
  firstSeen: number;
  lastSeen: number;
  closedAt: number | null;
  /** Row of `posters`; null when the load named no phone. */
  posterId: number | null;
  /** Row of `rate_groups`. */
  rateGroup: number;
}

/** Each field of `LoadRow` and its column. */
export const LOAD_COLUMNS = {
  id: 'id',
  fromPlace: 'from_place',
  fromKnown: 'from_known',
  toPlace: 'to_place',
  toKnown: 'to_known',
  vehicleType: 'vehicle_type',
  weight: 'weight',
  volume: 'volume',
  price: 'price',
  currency: 'currency',
  loadingDate: 'loading_date',
  createdAt: 'created_at',
  firstSeen: 'first_seen',
  lastSeen: 'last_seen',
  closedAt: 'closed_at',
  posterId: 'poster_id',
  rateGroup: 'rate_group',
} as const satisfies Record<keyof LoadRow, string>;

const FIELDS = Object.keys(LOAD_COLUMNS) as Array<keyof LoadRow>;

/** SQL: a whole row of the load `?`, by the fields' names. */
export const SELECT_LOAD_ROW = `SELECT ${FIELDS.map((field) => `${LOAD_COLUMNS[field]} AS ${field}`).join(', ')} FROM loads WHERE id = ?`;

/** SQL: writes a `LoadRow` given as `loadRowValues`, new or over the row of its id. */
export const UPSERT_LOAD_ROW = `INSERT INTO loads (${FIELDS.map((field) => LOAD_COLUMNS[field]).join(', ')})
  VALUES (${FIELDS.map(() => '?').join(', ')})
  ON CONFLICT(id) DO UPDATE SET ${FIELDS.filter((field) => field !== 'id')
    .map((field) => `${LOAD_COLUMNS[field]} = excluded.${LOAD_COLUMNS[field]}`)
    .join(', ')}`;

/**
 * The row's values in the order of `UPSERT_LOAD_ROW`'s columns. Bound by position, not by name: SQLite
 * finds a named parameter by a lookup per value, which doubled the cost of recording a read.
 */
export function loadRowValues(row: LoadRow): Array<string | number | null> {
  return FIELDS.map((field) => row[field]);
}

/** Whether two rows hold the same values, field by field. */
export function sameRow(a: LoadRow, b: LoadRow): boolean {
  return FIELDS.every((field) => a[field] === b[field]);
}
