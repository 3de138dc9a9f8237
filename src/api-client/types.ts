/**
 * Types for the marketplace API. Two layers:
 *  - `Api*` types describe a load as the API may send it (SPEC.md section 3): loose, every field
 *    optional, because a real response can miss anything. The sample API makes its data with them;
 *    `normalize.ts` reads responses as `unknown` and knows the list shapes (CONTRACT.md).
 *  - `Load`, `LoadList` are what the rest of the site works with: complete, with resolved names.
 */

export interface ApiPlace {
  /** Id in the API's own place dictionary; the site matches places by name, not by this id. */
  id?: number | string | null;
  name?: string | null;
}

export interface ApiVehicleType {
  id?: number | string;
  name?: string | null;
}

export interface ApiContact {
  name?: string | null;
  phoneNumber?: string | null;
  telegramUsername?: string | null;
}

export interface ApiUser {
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  username?: string | null;
}

export type ContactSource = 'contact' | 'user';

export interface ApiLoad {
  id?: string | number;
  title?: string | null;
  weight?: number | string | null;
  volume?: number | string | null;
  trucksNeeded?: number | string | null;
  price?: number | string | null;
  currency?: string | null;
  loadingDate?: string | null;
  createdAt?: string | null;
  additionalInfo?: string | null;
  vehicleType?: ApiVehicleType | null;
  fromLocation?: ApiPlace | null;
  toLocation?: ApiPlace | null;
  fromLocationName?: string | null;
  toLocationName?: string | null;
  contactSource?: ContactSource | string | null;
  contact?: ApiContact | null;
  user?: ApiUser | null;
}

/** A person to contact about a load, already chosen by `contactSource`. */
export interface LoadContact {
  name: string;
  phone: string;
  telegram: string;
}

/** A load as the site uses it: every field present, text trimmed, numbers finite or null. */
export interface Load {
  id: string;
  title: string;
  weight: number | null;
  volume: number | null;
  trucksNeeded: number | null;
  price: number | null;
  /** ISO 4217-like code, upper-cased; empty when the API sent none. */
  currency: string;
  /** ISO date-time string, or null when absent or unparseable. */
  loadingDate: string | null;
  createdAt: string | null;
  additionalInfo: string;
  vehicleType: string;
  /** Place names with the API's fallback fields already applied. */
  from: string;
  to: string;
  contactSource: ContactSource;
  contact: LoadContact | null;
  /**
   * The phone number of the account that owns the load (the API's `user.phoneNumber`), as the API gave
   * it: the board history's poster (src/history/record.ts), whatever contact numbers the load names.
   * Never shown or published (src/feeds/published-board.ts and the place pages leave it out); absent
   * for a load without a user, and on loads made from the build's own files.
   */
  ownerPhone?: string;
}

export interface LoadList {
  loads: Load[];
  /**
   * The API's total; for a list the board worked out from what it could read (src/board/), a bound
   * where it could not read everything: `totalBound` then says which.
   */
  total: number;
  totalBound?: 'atLeast' | 'atMost';
  /** Set when the page asked for is past the list's last page. `loads` is then empty. */
  beyond?: 'end';
  page: number;
  limit: number;
  /**
   * Set when the answer is a copy the offline worker kept (src/offline/) because the network did not
   * answer: when that copy was fetched (ms since 1970).
   */
  seenAt?: number;
  /** The kept copy stood in because the API did not answer in time, not because the request failed. */
  slow?: boolean;
}

export interface LoadQuery {
  page?: number;
  limit?: number;
  search?: string;
}

export interface VehicleType {
  id: string;
  name: string;
}
