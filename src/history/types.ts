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
