import type { ListOrder } from '../api-client/list-order';

/** What the build tells a page about its list's files and the API (src/gatsby/filter-files.ts, create-pages.ts). */
export interface ListFiles {
  /** The list's filter index; empty when the build published none (a route with no open loads). */
  indexPath: string;
  /** The board's whole index: a kept search's new loads, and `near` past the around lists' reach. */
  boardPath: string;
  /** On a city or route page: the loads around its place (its route's start), for `near`. */
  aroundPath?: string;
  /**
   * On a route page the build did not make, worked out from the board's routes (trip-routes.ts): their file,
   * from which a filter on its trip reads the routes' columns instead of the board's index.
   */
  tripRoutesPath?: string;
  /** The vehicle types the filters offer, as the API spells them. */
  vehicleTypes: string[];
  /** The API dictionary's id of each vehicle type it lists, by lower-case name: for the Telegram alerts link. */
  vehicleTypeIds?: Record<string, string>;
  /**
   * When the build read the board (the history's clock, src/gatsby/board-read-time.ts): what a filtered
   * list says it is as of. Not the index's own time, its newest posting, which reads as a stale list on a
   * quiet route.
   */
  readAt?: number;
  /** The order in which the API lists its loads, as the build learned it. */
  apiOrder: ListOrder;
  /** How many loads the build read from the whole board: where an oldest-first list's newest end is. */
  apiTotal: number;
}
