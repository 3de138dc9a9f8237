/**
 * The board history (issue 29) as the rest of the build sees it. The store (`store.ts`) is the only
 * module that speaks SQL; everything else (closed-load index, going rates) works with these records.
 *
 * No personal data: no names, phone numbers or usernames. The poster is a keyed hash of the phone the
 * load's `contactSource` names, so figures can count distinct posters without knowing who they are.
 */

/** One load as the history remembers it. Times are epoch milliseconds (UTC). */
export interface HistoryLoad {
  id: string;
  /** The gazetteer's slug when the place is known (`fromKnown`), else the API's name as sent. */
  from: string;
  fromKnown: boolean;
  to: string;
  toKnown: boolean;
  /** The cargo as posted, with anything that looks like a phone number removed. */
  title: string;
  vehicleType: string;
  weight: number | null;
  price: number | null;
  /** Upper-case currency code; empty when the API sent none. */
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
  'id' | 'from' | 'fromKnown' | 'to' | 'toKnown' | 'title' | 'weight' | 'loadingDate' | 'createdAt' | 'lastSeen' | 'closedAt'
>;

/**
 * One load of a route between two gazetteer places that was on the board in the going rates' window,
 * as the rates read it (src/rates/going-rate.ts): numbers and a few shared texts, no id, title or dates
 * as text. A window of the history holds half a million of them at a million past loads, so each field
 * left out here is time and memory saved: the window is applied where samples are made (the store's
 * query, `rateSampleOf`), and a sample needs no first-seen or closing time after it.
 * The store returns each load once (its key); a caller that builds samples itself must do the same.
 */
export interface RateSample {
  /** Gazetteer slugs, different from each other. */
  from: string;
  to: string;
  vehicleType: string;
  price: number | null;
  /** As stored: upper-case code, or empty. */
  currency: string;
  /** createdAt, else firstSeen, epoch ms. */
  posted: number;
  /** The same value for the same poster within one history, another for another; null without a phone. */
  poster: string | number | null;
}
