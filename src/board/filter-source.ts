import { fetchLoadsPage } from '../api-client/client';
import type { Load } from '../api-client/types';
import { PAGE_SIZE } from '../config/constants';
import { paginationState } from '../loads/pagination';
import { cardChunkPath, decodeFilterIndex, loadFromTuple, type DecodedIndex, type FilterIndexFile } from './filter-index';
import { facetCounts, filterRow, rowFilter, rowMatches, rowOrder, type FacetCounts, type FilterRow, type RowFilter } from './filters';
import { loadPlaces } from './places-on-demand';
import type { BoardQuery } from './query';
import type { BoardList, FilterScope, FilteredLists } from './source';

/**
 * Filtered lists, on the phone (loaded on the first use of a filter, never with the page's first
 * script). A list is the filter index the build published for its scope (the board, a city, a route)
 * and the loads posted since, read from the API's newest pages once a minute (the top-up); a free-text
 * search, which no index holds, is the API's own search for the text, read to a bound and filtered
 * here. Cards come from the index's card chunks, as few files as the page needs. See docs "Filters".
 */

/** The API's newest pages read for loads posted since the build: at most this many, once a minute. */
const TOP_UP_PAGES = 5;
const TOP_UP_MS = 60_000;
/** A free-text search with filters reads at most this many of the API's pages (the list screen's 20 a page). */
const TEXT_SEARCH_PAGES = 10;

interface Candidates {
  /** Rows in the scope's index (cards in chunks) and rows of loads read from the API (cards at hand). */
  rows: FilterRow[];
  loaded: Map<string, Load>;
  /** Every load is counted; false: the API had more than was read (counts say "at least"). */
  complete: boolean;
  /** When the list's newest loads were last read from the API (null: never, or it failed). */
  checkedAt: number | null;
  builtAt: number | null;
  index: DecodedIndex | null;
}

const EMPTY_INDEX: DecodedIndex = { builtAt: 0, vehicles: [], rows: [], layouts: [] };

async function fetchJson(path: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(path, { credentials: 'omit', headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** Reads the API's list for `search` newest first, page by page, until `enough` says stop or `pages` are read. */
async function readApiPages(
  search: string,
  pages: number,
  signal: AbortSignal,
  enough: (loads: readonly Load[]) => boolean,
): Promise<{ loads: Load[]; complete: boolean }> {
  const loads: Load[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const { list, reportedTotal, received } = await fetchLoadsPage({ page, limit: PAGE_SIZE, search: search || undefined }, { signal });
    loads.push(...list.loads);
    const ended = received < PAGE_SIZE || (reportedTotal !== null && page * PAGE_SIZE >= reportedTotal);
    if (ended || enough(list.loads)) return { loads, complete: true };
  }
  return { loads, complete: false };
}

export function filteredLists(scope: FilterScope, placeFilePath: string): FilteredLists {
  let index: Promise<DecodedIndex> | null = null;
  let topUp: { at: number; read: Promise<{ loads: Load[]; complete: boolean } | null> } | null = null;
  const textSearches = new Map<string, { at: number; read: Promise<{ loads: Load[]; complete: boolean }> }>();
  const chunks = new Map<string, Promise<Map<string, Load>>>();

  const indexOf = (signal: AbortSignal): Promise<DecodedIndex> => {
    if (!scope.indexPath) return Promise.resolve(EMPTY_INDEX);
    if (!index) {
      // Not tied to one request's signal: a change made while it loads still wants it.
      index = fetchJson(scope.indexPath, new AbortController().signal).then((file) => decodeFilterIndex(file as FilterIndexFile));
      index.catch(() => (index = null));
    }
    return abortable(index, signal);
  };

  /** The loads posted since the build, once a minute at most; null when the API could not be read. */
  const newLoads = (builtAt: number, fresh: boolean, signal: AbortSignal) => {
    const now = Date.now();
    if (!topUp || now - topUp.at > TOP_UP_MS || (fresh && now - topUp.at > TOP_UP_MS / 2)) {
      const posted = (load: Load) => (load.createdAt ? Date.parse(load.createdAt) : -Infinity);
      topUp = {
        at: now,
        read: readApiPages('', TOP_UP_PAGES, new AbortController().signal, (page) => page.some((load) => posted(load) <= builtAt))
          .then(({ loads, complete }) => ({ loads: loads.filter((load) => posted(load) > builtAt), complete }))
          .catch(() => null),
      };
    }
    return abortable(topUp.read, signal);
  };

  const textSearch = (text: string, signal: AbortSignal) => {
    const known = textSearches.get(text);
    if (!known || Date.now() - known.at > TOP_UP_MS) {
      const read = readApiPages(text, TEXT_SEARCH_PAGES, new AbortController().signal, () => false);
      read.catch(() => textSearches.delete(text));
      textSearches.set(text, { at: Date.now(), read });
    }
    return abortable((textSearches.get(text) as { read: Promise<{ loads: Load[]; complete: boolean }> }).read, signal);
  };

  /** Every load the query may show, before its filters: what the index has and what the API adds. */
  const candidates = async (query: BoardQuery, fresh: boolean, signal: AbortSignal): Promise<{ all: Candidates; place: string | null }> => {
    const places = await loadPlaces(placeFilePath);
    const slugOf = (text: string) => (places ? (places.module.findEntry(places.file, text)?.slug ?? null) : null);
    const named = query.search && places ? places.module.searchedPlace(places.file, query.search) : null;
    if (query.search && !named) {
      // Free text: the API's own search (it matches titles too), filtered here.
      const found = await textSearch(query.search, signal);
      const loaded = new Map(found.loads.map((load) => [load.id, load]));
      return {
        all: {
          rows: [...loaded.values()].map((load) => filterRow(load, slugOf)),
          loaded,
          complete: found.complete,
          checkedAt: Date.now(),
          builtAt: null,
          index: null,
        },
        place: null,
      };
    }
    const built = await indexOf(signal);
    const builtAt = built.builtAt || Date.now();
    const added = await newLoads(builtAt, fresh, signal);
    const loaded = new Map((added?.loads ?? []).map((load) => [load.id, load]));
    const rows = [...[...loaded.values()].map((load) => filterRow(load, slugOf)), ...built.rows.filter((row) => !loaded.has(row.id))];
    return {
      all: { rows, loaded, complete: added?.complete ?? false, checkedAt: added ? (topUp?.at ?? null) : null, builtAt, index: built },
      place: named ? named.slug : null,
    };
  };

  /** The cards of index rows: from whichever layout needs the fewest chunk files for them. */
  const cardsOf = async (rows: readonly FilterRow[], built: DecodedIndex, signal: AbortSignal): Promise<Map<string, Load>> => {
    const rowNumber = new Map(built.rows.map((row, i) => [row, i]));
    let best: string[] | null = null;
    for (const layout of built.layouts) {
      const files = new Set<string>();
      for (const row of rows) {
        const chunk = layout.chunkOfRow[rowNumber.get(row) ?? -1] ?? -1;
        const file = layout.files[chunk];
        if (file) files.add(chunkUrl(file));
      }
      const needed = [...files];
      const cached = needed.filter((path) => chunks.has(path)).length;
      if (!best || needed.length - cached < best.length - best.filter((path) => chunks.has(path)).length) best = needed;
    }
    const maps = await Promise.all(
      (best ?? []).map((path) => {
        let chunk = chunks.get(path);
        if (!chunk) {
          chunk = fetchJson(path, new AbortController().signal).then((tuples) => {
            const byId = new Map<string, Load>();
            if (Array.isArray(tuples))
              for (const tuple of tuples) {
                const load = loadFromTuple(tuple);
                if (load) byId.set(load.id, load);
              }
            return byId;
          });
          chunk.catch(() => chunks.delete(path));
          chunks.set(path, chunk);
        }
        return abortable(chunk, signal);
      }),
    );
    const cards = new Map<string, Load>();
    for (const map of maps) map.forEach((load, id) => cards.set(id, load));
    return cards;
  };

  /** Card chunks live beside the index: resolved against its URL (a path of the site, or a full URL). */
  const chunkUrl = (hash: string) =>
    new URL(cardChunkPath(hash), new URL(scope.indexPath, globalThis.location?.href ?? 'http://localhost/')).href;

  const filterOf = (query: BoardQuery, place: string | null): RowFilter =>
    rowFilter(query, place, scope.from || scope.to ? { from: scope.from, to: scope.to } : null);

  return {
    async page(query, { signal, fresh }): Promise<BoardList> {
      const { all, place } = await candidates(query, fresh, signal);
      const filter = filterOf(query, place);
      const matching = all.rows.filter((row) => rowMatches(row, filter)).sort(rowOrder(query.sort));
      const total = matching.length;
      const { pages } = paginationState(query.page, total, PAGE_SIZE);
      const freshness = { builtAt: all.builtAt, checkedAt: all.checkedAt, complete: all.complete };
      const bound = all.complete ? {} : { totalBound: 'atLeast' as const };
      if (query.page > 1 && query.page > pages) {
        return { loads: [], total, page: query.page, limit: PAGE_SIZE, beyond: 'end', freshness, ...bound };
      }
      const shown = matching.slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE);
      const fromIndex = shown.filter((row) => !all.loaded.has(row.id));
      const cards = all.index && fromIndex.length > 0 ? await cardsOf(fromIndex, all.index, signal) : new Map<string, Load>();
      const loads = shown.map((row) => all.loaded.get(row.id) ?? cards.get(row.id)).filter((load): load is Load => load !== undefined);
      if (loads.length < shown.length) throw new Error('The list of loads could not be read in full: try again.');
      return { loads, total, page: query.page, limit: PAGE_SIZE, freshness, ...bound };
    },
    async newSince(query, listScope, since, signal) {
      const { all, place } = await candidates(query, false, signal);
      const filter = rowFilter(query, place, listScope.from || listScope.to ? listScope : null);
      return { count: all.rows.filter((row) => row.posted > since && rowMatches(row, filter)).length, complete: all.complete };
    },
    async facets(query, signal): Promise<FacetCounts & { complete: boolean }> {
      const { all, place } = await candidates(query, false, signal);
      return { ...facetCounts(all.rows, filterOf(query, place)), complete: all.complete };
    },
  };
}

/** `work`, or the abort of `signal`, whichever comes first: shared work goes on for the next caller. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason ?? new Error('Aborted'));
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason ?? new Error('Aborted'));
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
