import { fetchLoads, fetchLoadsPage } from '../api-client/client';
import type { LoadList } from '../api-client/types';
import { PAGE_SIZE } from '../config/constants';
import type { FetchSpellingPage, SpellingPageCache } from '../loads/spelling-search';
import type { FacetCounts } from './filters';
import type { BoardQuery } from './query';

/** How fresh a filtered list is: the build's read, and when the API was last asked for newer loads. */
export interface Freshness {
  /** The newest posting the build read (null: the list is the API's own search, read now). */
  builtAt: number | null;
  /** When the API's newest loads were read for it; null when that failed (the list is the build's). */
  checkedAt: number | null;
  /** Every load posted since was read; false: there were more than the bound (counts say "at least"). */
  complete: boolean;
}

/** A page of a list as the board shows it: the API's shape, and for a filtered list how fresh it is. */
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
   * what was read for paging. An answer the offline worker kept (no network) carries `seenAt`. Rejects
   * on any failure (the board shows its error panel; `isUnreachable` tells a phone without a network);
   * ends at once when `signal` aborts.
   */
  page(query: BoardQuery, options: { signal: AbortSignal; fresh: boolean }): Promise<BoardList>;
}

/** The filter index of one list (src/board/filter-index.ts) and which loads belong to it, by place slug. */
export interface FilterScope {
  /** The index file's public path; empty when the build published none (a route with no open loads). */
  indexPath: string;
  from?: string;
  to?: string;
}

/** Filtered lists of one scope (filter-source.ts), and what each filter option would show. */
export interface FilteredLists extends LoadSource {
  facets(query: BoardQuery, signal: AbortSignal): Promise<FacetCounts & { complete: boolean }>;
  /** How many loads of the list `query` and `scope` name were posted after `since` (a kept search's new ones). */
  newSince(
    query: BoardQuery,
    scope: { from?: string; to?: string },
    since: number,
    signal: AbortSignal,
  ): Promise<{ count: number; complete: boolean }>;
}

/** Spelling pages from the API, noting the oldest kept copy among them (`seenAt`, offline). */
function spellingPages(seen: { at?: number }): FetchSpellingPage {
  return async (search, page, limit, signal) => {
    const answer = await fetchLoadsPage({ page, limit, search }, { signal });
    const { seenAt } = answer.list;
    if (seenAt !== undefined) seen.at = Math.min(seen.at ?? seenAt, seenAt);
    return answer;
  };
}

/** The merged pages of one search are reused while paging through it, for at most this long. */
const SPELLING_PAGES_MS = 60_000;

/**
 * The API, as the list screen reads it: one request for the plain list or a free text, and for a known
 * place one request per spelling the API uses for it, merged (loads/spelling-search.ts). `toApiSearches`
 * says which texts to send for what the visitor wrote (board/places-on-demand.ts).
 */
export function apiSource(toApiSearches: (search: string) => Promise<readonly string[]>): LoadSource {
  /** The spelling pages read for the last search, reused while paging through it (never by a refresh). */
  let recent: { searches: string; at: number; pages: SpellingPageCache } | null = null;
  const pagesFor = (searches: readonly string[], fresh: boolean): SpellingPageCache => {
    const key = searches.join('\u0000');
    if (!fresh && recent && recent.searches === key && Date.now() - recent.at < SPELLING_PAGES_MS) return recent.pages;
    recent = { searches: key, at: Date.now(), pages: new Map() };
    return recent.pages;
  };
  return {
    async page(query, { signal, fresh }) {
      const searches = await toApiSearches(query.search);
      if (signal.aborted) throw signal.reason ?? new Error('Aborted');
      if (searches.length > 1) {
        // Loaded with the place file (board/places-on-demand.ts), which is what finds several spellings:
        // not part of the page's first script.
        const { mergedSpellingPage } = await import('../loads/spelling-search');
        const seen: { at?: number } = {};
        const merged = await mergedSpellingPage(searches, query.page, PAGE_SIZE, spellingPages(seen), {
          signal,
          cache: pagesFor(searches, fresh),
        });
        return seen.at === undefined ? merged : { ...merged, seenAt: seen.at };
      }
      const search = searches[0] ?? '';
      return fetchLoads({ page: query.page, limit: PAGE_SIZE, search: search || undefined }, { signal });
    },
  };
}

/** Whether a source's failure means the API could not be reached at all (a phone without a network). */
export { isUnreachable } from '../api-client/client';

/** What the API is sent for a search when no place file says otherwise: the text as typed. */
export const searchAsTyped = (search: string): Promise<readonly string[]> => Promise.resolve([search]);
