import type { Load } from '../../api-client/types';
import { DAY_MS } from '../../config/time';
import type { FilterRow } from '../../search/rows';

/**
 * The filter index the build publishes for one list (the board, a city from or to, a route): one
 * compact file of columns, one row per load, newest first, from which the phone filters, counts and
 * pages every load the build read without asking the API; and the cards' data in chunk files, laid
 * out in more than one order so that a page of any filter needs few of them (docs: "Filters").
 * Pure: the build encodes (src/gatsby/filter-files.ts), the phone decodes (built-list.ts).
 */

export const FILTER_INDEX_VERSION = 2;

/** How the rows are laid out into card chunks: in the list's order, or grouped by a column first. */
export type LayoutKey = 'newest' | 'vehicle';

export interface ChunkLayout {
  key: LayoutKey;
  /** Row count at the end of each chunk, along the layout's sequence of rows. */
  ends: number[];
  /** Each chunk's file name (its content's hash), in the same order. */
  files: string[];
}

export interface FilterIndexFile {
  v: typeof FILTER_INDEX_VERSION;
  /** The newest posting the build read: loads posted after it come from the API (the top-up). */
  builtAt: number;
  /** Vehicle types as the API spells them; a row's `vehicle` is an index into this, plus one (0: none). */
  vehicles: string[];
  /** Slugs of the known places; a row's `from` and `to` are an index into this, plus one (0: unknown). */
  places: string[];
  /** Ids: as text, or, when every id is a plain whole number, the first and then each one's difference. */
  ids: string[] | { first: number; deltas: number[] };
  /**
   * Posting times in units of `postedUnit` ms (1000 when every time is a whole second): the first
   * whole, then each one's difference from the one before (0 or more); null for none (those come last).
   */
  postedUnit: number;
  posted: Array<number | null>;
  vehicle: number[];
  /** Tonnes, or null. */
  weight: Array<number | null>;
  /** Loading day minus the posting day (days), or the day number itself for a row without a posting time. */
  day: Array<number | null>;
  from: number[];
  to: number[];
  /**
   * The places a row's title names (named-places.ts), only for rows that name any: the row, then each
   * place's index into `places`, plus one.
   */
  named: number[][];
  layouts: ChunkLayout[];
}

/** What a card chunk holds per load: the fields a card shows, in this order. */
export type CardTuple = [
  id: string,
  title: string,
  weight: number | null,
  volume: number | null,
  trucksNeeded: number | null,
  price: number | null,
  currency: string,
  loadingDate: string | null,
  createdAt: string | null,
  vehicleType: string,
  from: string,
  to: string,
];

export function cardTuple(load: Load): CardTuple {
  return [
    load.id,
    load.title,
    load.weight,
    load.volume,
    load.trucksNeeded,
    load.price,
    load.currency,
    load.loadingDate,
    load.createdAt,
    load.vehicleType,
    load.from,
    load.to,
  ];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A card's load from its tuple; a damaged tuple gives a card with what it has (never a crash). */
export function loadFromTuple(tuple: unknown): Load | null {
  if (!Array.isArray(tuple) || typeof tuple[0] !== 'string' || !tuple[0]) return null;
  return {
    id: tuple[0],
    title: text(tuple[1]),
    weight: numberOrNull(tuple[2]),
    volume: numberOrNull(tuple[3]),
    trucksNeeded: numberOrNull(tuple[4]),
    price: numberOrNull(tuple[5]),
    currency: text(tuple[6]),
    loadingDate: textOrNull(tuple[7]),
    createdAt: textOrNull(tuple[8]),
    additionalInfo: '',
    vehicleType: text(tuple[9]),
    from: text(tuple[10]),
    to: text(tuple[11]),
    contactSource: 'contact',
    contact: null,
  };
}

/** The layout's sequence of rows: rows in list order, grouped by the layout's column (stable). */
export function layoutSequence(key: LayoutKey, vehicle: ArrayLike<number>, count: number): number[] {
  const rows = Array.from({ length: count }, (_, row) => row);
  if (key === 'vehicle') rows.sort((a, b) => (vehicle[a] ?? 0) - (vehicle[b] ?? 0) || a - b);
  return rows;
}

/** The rows of a decoded index, with what the phone needs to fetch a row's card. */
export interface DecodedIndex {
  builtAt: number;
  vehicles: string[];
  rows: FilterRow[];
  /** Per layout: the chunk (index into `files`) each row's card is in. */
  layouts: Array<{ key: LayoutKey; chunkOfRow: Int32Array; files: string[] }>;
}

function ids(file: FilterIndexFile, count: number): string[] {
  if (Array.isArray(file.ids)) return file.ids.map(String);
  const { first, deltas } = file.ids;
  const out: string[] = [];
  let id = first;
  for (let row = 0; row < count; row += 1) {
    if (row > 0) id += deltas[row - 1] ?? 0;
    out.push(String(id));
  }
  return out;
}

/** Reads a file the build wrote; throws on a file that is not one (the board then says it could not filter). */
export function decodeFilterIndex(file: FilterIndexFile): DecodedIndex {
  if (!file || file.v !== FILTER_INDEX_VERSION || !Array.isArray(file.vehicle)) throw new Error('Not a filter index of this site');
  const count = file.vehicle.length;
  const idList = ids(file, count);
  const lowerVehicles = file.vehicles.map((name) => name.trim().toLowerCase());
  const rows: FilterRow[] = [];
  const unit = file.postedUnit > 0 ? file.postedUnit : 1;
  let units = NaN;
  for (let row = 0; row < count; row += 1) {
    const step = file.posted[row];
    let posted = -Infinity;
    if (step !== null && step !== undefined) {
      units = Number.isFinite(units) ? units - step : step;
      posted = units * unit;
    } else units = NaN;
    const dayStep = file.day[row];
    const day =
      dayStep === null || dayStep === undefined ? null : Number.isFinite(posted) ? Math.floor(posted / DAY_MS) + dayStep : dayStep;
    const place = (index: number | undefined) => (index ? (file.places[index - 1] ?? null) : null);
    rows.push({
      id: idList[row] ?? '',
      posted,
      vehicle: lowerVehicles[(file.vehicle[row] ?? 0) - 1] ?? '',
      weight: file.weight[row] ?? null,
      day,
      from: place(file.from[row]),
      to: place(file.to[row]),
      named: [],
    });
  }
  for (const [row, ...places] of Array.isArray(file.named) ? file.named : []) {
    const target = rows[row ?? -1];
    if (target) target.named = places.flatMap((index) => (index && file.places[index - 1] ? [file.places[index - 1] as string] : []));
  }
  const layouts = file.layouts.map((layout) => {
    const chunkOfRow = new Int32Array(count).fill(-1);
    const sequence = layoutSequence(layout.key, file.vehicle, count);
    let chunk = 0;
    sequence.forEach((row, position) => {
      while (chunk < layout.ends.length && position >= (layout.ends[chunk] ?? 0)) chunk += 1;
      chunkOfRow[row] = chunk < layout.ends.length ? chunk : -1;
    });
    return { key: layout.key, chunkOfRow, files: layout.files };
  });
  return { builtAt: file.builtAt, vehicles: file.vehicles, rows, layouts };
}

/** Public path of a filter index or card chunk file, by its content hash. */
export function filterFilePath(hash: string): string {
  return `/filters/${hash}.json`;
}

export function cardChunkPath(hash: string): string {
  return `/filters/cards/${hash}.json`;
}
