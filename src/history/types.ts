import type { Load } from '../api-client/types';

/**
 * The board history as the rest of the build sees it. The store (`store.ts` and the rooms of
 * `sqlite/`) is the only code that speaks SQL; everything else (closed-load index, going rates) works
 * with these records.
 *
 * No text a poster wrote (CONTRACT.md, "Where state is kept"): no title, note, contact or place as typed,
 * so no name, phone number or handle, however it was written. A place is the gazetteer's or unknown, a
 * vehicle type one of the API's dictionary or unknown, a currency a code or unknown. The poster is a
 * keyed hash of the phone of the account that owns the load (its contact's without one), so figures can
 * count distinct posters without knowing who they are.
 */

/** One load as the history remembers it. Times are epoch milliseconds (UTC). */
export interface HistoryLoad {
  id: string;
  /** The gazetteer's slug when the place is known (`fromKnown`); empty when it is not. */
  from: string;
  fromKnown: boolean;
  to: string;
  toKnown: boolean;
  /** A name of the API's dictionary of vehicle types (`/vehicle-types`), as it spells it; empty otherwise. */
  vehicleType: string;
  weight: number | null;
  /** Cubic metres. */
  volume: number | null;
  price: number | null;
  /** A currency's three-letter code (`UZS` for every spelling of the sum); empty when the API sent none or other text. */
  currency: string;
  /** ISO strings as the API sent them (normalized), or null. */
  loadingDate: string | null;
  createdAt: string | null;
  /** When a successful build's read (or an import) first and last saw it on the board. */
  firstSeen: number;
  lastSeen: number;
  /** When it left the board; null while it is open. A load that comes back is open again. */
  closedAt: number | null;
  /** HMAC-SHA256 (HISTORY_KEY) of the contact phone's digits, hex; null when the load had no phone. */
  posterHash: string | null;
}

/**
 * What the closed-load index keeps of a load (src/gatsby/closed-loads.ts). The store reads only these
 * columns: a month of closed loads is tens of thousands of rows, and every column read costs.
 */
export type ClosedLoad = Pick<
  HistoryLoad,
  | 'id'
  | 'from'
  | 'fromKnown'
  | 'to'
  | 'toKnown'
  | 'vehicleType'
  | 'weight'
  | 'volume'
  | 'price'
  | 'currency'
  | 'loadingDate'
  | 'createdAt'
  | 'lastSeen'
  | 'closedAt'
>;

/**
 * One load of a route between two gazetteer places that was on the board in the going rates' window,
 * as the rates read it (src/rates/going-rate.ts): numbers and a few shared texts, no id, title or dates
 * as text. A window of the history holds half a million of them at a million past loads, so each field
 * left out here is time and memory saved: the window is applied where samples are made (the store's
 * query, the one place that decides which loads are in a window and when each was posted), and a
 * sample needs no first-seen or closing time after it. The store returns each load once (its key).
 */
export interface RateSample {
  /** Gazetteer slugs, different from each other. */
  from: string;
  to: string;
  vehicleType: string;
  /** Tonnes, as stored; null when the load gave none. A figure's class of load (src/rates/weight-class.ts) reads it. */
  weight: number | null;
  price: number | null;
  /** As stored: upper-case code, or empty. */
  currency: string;
  /**
   * When it was posted, epoch ms: createdAt, but never later than the history first saw the load (an
   * API clock ahead of the build's, or a wrong date, cannot post a load after it was on the board);
   * firstSeen without a createdAt.
   */
  posted: number;
  /** The same value for the same poster within one history, another for another; null without a phone. */
  poster: string | number | null;
}

/** What a build's read did to the history. */
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

export interface ImportOptions {
  /** Called every few thousand lines and at the end. */
  onProgress?: (lines: number) => void;
  /** The import's own time, epoch ms (the clock when unset): no line may speak of a time after it. */
  now?: number;
}

export interface HistoryStats {
  loads: number;
  open: number;
  closed: number;
  /** Distinct from/to pairs. */
  routes: number;
  posters: number;
  /**
   * Of those, posters whose hash was made from the phone's digits as typed, before one phone became one
   * poster whatever its spelling: they become the international number's as their loads are read again.
   */
  postersAsTyped: number;
  /** Earliest first-seen and latest last-seen time, epoch ms; null for an empty history. */
  first: number | null;
  last: number | null;
  /** Fingerprint of the key the posters are hashed with; null while the file remembers none. */
  keyFingerprint: string | null;
}

/**
 * The board history as the build and the CLI use it (src/history/store.ts opens one). Moving to a server
 * database means another implementation of this interface: the callers see only it and the records
 * above.
 */
export interface BoardHistory {
  readonly file: string;
  /**
   * Adds the names of the API's dictionary of vehicle types (`/vehicle-types`) to the history's own: a
   * load's vehicle type is kept only when it is one of them. Before `recordRead` or `importLines`.
   */
  addVehicleTypes(names: readonly string[]): void;
  recordRead(loads: readonly Load[], at: number): RecordCounts;
  /** The loads between two known, different places on the board in [start, end], as the going rates read them. */
  rateSamples(start: number, end: number): RateSample[];
  /** Loads closed at `since` or later, newest departure first. */
  closedSince(since: number): ClosedLoad[];
  /** All or nothing: a bad line throws `ImportLineError` and nothing of the file stays in the history. */
  importLines(lines: AsyncIterable<string> | Iterable<string>, options?: ImportOptions): Promise<ImportCounts>;
  /** How many loads it holds, and how many of them are open: what a build logs (cheap, unlike `stats`). */
  loadCounts(): Pick<HistoryStats, 'loads' | 'open'>;
  /** Everything `npm run history -- stats` prints; reads the whole file. */
  stats(): HistoryStats;
  /**
   * Makes what was recorded the history in its file by renaming the working copy over it; returns the
   * file's size. The history stays open (and locked) to read; a later change starts a new working copy.
   */
  save(): number;
  /** Closes the history and gives its lock back; changes not saved are dropped with the working copy. */
  close(): void;
}
