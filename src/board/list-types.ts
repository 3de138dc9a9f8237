import type { LoadList } from '../api-client/types';
import type { FacetCounts, ListPlaces } from '../search/matcher';
import type { BoardQuery } from '../search/query';

/**
 * The types the board's floor shares between where its loads come from (sources.ts, list-query.ts),
 * the page hook (use-list-board.ts) and the views.
 */

/** How fresh a list worked out on the phone is: the build's read, and when the API was last asked for newer loads. */
export interface Freshness {
  /** The newest posting the build read (null: the list is the API's own search, read now). */
  builtAt: number | null;
  /** When the API's newest loads were read for it; null when that failed (the list is the build's). */
  checkedAt: number | null;
  /** Every load posted since was read; false: there were more than the bound (counts say "at least"). */
  complete: boolean;
}

/** A page of a list as the board shows it: the API's shape, and for a list worked out on the phone how fresh it is. */
export interface BoardList extends LoadList {
  freshness?: Freshness;
}

/**
 * Where the board's loads come from. The board asks a source for one page of the list a query names
 * and renders what it answers; it does not know whether the answer came from the API, from files the
 * build published, or from what the phone saw last.
 */
export interface LoadSource {
  /**
   * Page `query.page` of the list `query` names. `fresh`: a refresh, which reads anew rather than reuse
   * what was read for paging. An answer from a copy the offline worker kept, or from the build's files
   * alone because the API did not answer, carries `seenAt`. Rejects on any other failure (the board
   * shows its error panel); ends at once when `signal` aborts.
   */
  page(query: BoardQuery, options: { signal: AbortSignal; fresh: boolean }): Promise<BoardList>;
}

/** What each filter option would show: counts under the other filters, and whether they are exact. */
export type FacetView = FacetCounts & { complete: boolean };

/** Lists worked out on the phone (list-query.ts): their pages, their options' counts, a kept search's new loads. */
export interface WorkedLists extends LoadSource {
  facets(query: BoardQuery, signal: AbortSignal): Promise<FacetView>;
  /** How many loads of the list `query` and `list` name were posted after `since` (a kept search's new ones). */
  newSince(query: BoardQuery, list: ListPlaces, since: number, signal: AbortSignal): Promise<{ count: number; complete: boolean }>;
}

export type { ListFiles } from '../loads/list-files';
