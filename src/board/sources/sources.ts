import type { BoardList, LoadSource, WorkedLists } from '../list-types';
import type { ListQueryConfig } from './list-query';
import type { BoardQuery } from '../../search/query';

/**
 * Where a page's loads come from, query by query. A page's plain list comes as the page has it (the
 * board: the API's own list, read as the list screen reads it, api-list.ts; a city or route page: the
 * build's page); everything else (filters, a place search, an API with no order of posting) is worked
 * out on the phone (list-query.ts, a chunk of its own fetched on first use, never with the page's first
 * script). Once the worked lists have read the loads posted since (a filter's counts asked for them), a
 * city or route page's plain list comes from them too, so the list and its counts say the same.
 */

/** A page's own answer for a query, or null when it has none (the worked lists answer). */
export type PlainList = (query: BoardQuery, options: { signal: AbortSignal; fresh: boolean }) => Promise<BoardList | null>;

export interface PageSource extends LoadSource {
  worked(): Promise<WorkedLists>;
  /**
   * Calls `listener` once the page's plain list gives way to the worked lists (city and route pages,
   * after their first use), so the page can read its plain list again from them. Returns the unsubscribe.
   */
  onFollowWorked(listener: () => void): () => void;
}

type ListQueryModule = typeof import('./list-query');
let listQueryModule: Promise<ListQueryModule> | null = null;

/** The worked lists' code, fetched on first use. */
export function workedListsModule(): Promise<ListQueryModule> {
  if (!listQueryModule) {
    listQueryModule = import(/* webpackChunkName: "board-tap-list-query" */ './list-query');
    listQueryModule.catch(() => (listQueryModule = null));
  }
  return listQueryModule;
}

/**
 * `plain`: the page's own answer. `followWorked`: the page's plain list gives way to the worked lists
 * once they have been used (city and route pages).
 */
export function pageSource(config: ListQueryConfig, plain: PlainList, followWorked = false): PageSource {
  let lists: Promise<WorkedLists> | null = null;
  let used = false;
  const listeners = new Set<() => void>();
  const worked = () => {
    if (!lists) {
      lists = workedListsModule().then(({ listQuery }) => listQuery(config));
      lists.catch(() => (lists = null));
    }
    return lists;
  };
  const usedWorked = (): Promise<WorkedLists> =>
    worked().then((found) => {
      if (!used) {
        used = true;
        if (followWorked) for (const listener of listeners) listener();
      }
      return found;
    });
  return {
    worked: usedWorked,
    onFollowWorked(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async page(query, options) {
      const own = followWorked && used ? null : await plain(query, options);
      if (own) return own;
      return (await usedWorked()).page(query, options);
    },
  };
}
