import type { Load } from '../api-client/types';
import { isUnreachable } from '../api-client/unreachable';
import { PAGE_SIZE } from '../config/constants';
import { paginationState } from '../loads/pagination';
import type { PlaceFileEntry } from '../places/place-file';
import { abortable } from './abortable';
import { readNewestEnd } from './api-pages';
import { builtList, type BuiltList } from './built-list';
import { NEAR_INDEX_KM } from './filter-table';
import type { DecodedIndex } from './filter-index';
import type { BoardList, FacetView, ListFiles, WorkedLists } from './list-types';
import { facetCounts, matchingRows, type ListMatch, type ListPlaces, type MatchContext } from './matcher';
import { loadPlaces } from './places-on-demand';
import { POSTED_SINCE_MS, readPostedSince, type PostedSince } from './posted-since';
import type { BoardQuery } from './query';
import { filterRow, tashkentToday, type FilterRow, type PlaceReader } from './rows';

/**
 * Lists worked out on the phone (loaded on the first use of a filter or a place search, never with the
 * page's first script): the rows of the list's index as the build published it (built-list.ts), less
 * the loads taken since and with those posted since (posted-since.ts), through the board's one matcher
 * (matcher.ts). A free-text search, which no index holds, is the API's own search read from its newest
 * end to a bound and matched here. Pages, counts and a kept search's new loads all come from the same
 * rows: a page's list and its counts cannot disagree. See docs/board.md, "Every matching load".
 */

/** A free-text search with filters reads at most this many of the API's pages (the list screen's 20 a page). */
export const TEXT_SEARCH_PAGES = 10;

export interface ListQueryConfig {
  files: ListFiles;
  /** The page's own places: a city page's, a route's ends; none on the board. */
  list: ListPlaces;
  placeFilePath: string;
}

/** The rows a query is matched over, and what is known of them. */
interface Rows {
  rows: FilterRow[];
  /** Loads at hand (read from the API): their cards need no chunk. */
  loaded: Map<string, Load>;
  index: { built: BuiltList; decoded: DecodedIndex } | null;
  complete: boolean;
  builtAt: number | null;
  checkedAt: number | null;
  /** The API was not asked successfully: the rows are the build's (`seenAt` of the answer). */
  seenAt?: number;
}

type Places = NonNullable<Awaited<ReturnType<typeof loadPlaces>>>;

/** The API could not say what was posted since: no network (`unreachable`), or an error answer. */
interface SinceFailed {
  failed: 'unreachable' | 'answer';
}

function placeReader(places: Places | null): PlaceReader {
  if (!places) return { slugOf: () => null, slugOfKey: () => undefined };
  const slugOfKey = places.module.slugOfKeyIn(places.file);
  return { slugOf: (text) => places.module.findEntry(places.file, text)?.slug ?? null, slugOfKey };
}

/** Shared work is reused this long: every list and count of the page reads the same answers. */
function oncePerMinute<T>(read: () => Promise<T>): (fresh: boolean) => Promise<T> {
  let last: { at: number; read: Promise<T> } | null = null;
  return (fresh) => {
    const now = Date.now();
    if (!last || now - last.at > POSTED_SINCE_MS || (fresh && now - last.at > POSTED_SINCE_MS / 2)) last = { at: now, read: read() };
    return last.read;
  };
}

/** The loads posted and taken since the build, or why the API could not say. */
function sinceReader(files: ListFiles): (builtAt: number, fresh: boolean) => Promise<PostedSince | SinceFailed> {
  let builtAt = 0;
  const read = oncePerMinute(() =>
    readPostedSince(builtAt, files.apiOrder, files.apiTotal, new AbortController().signal).catch((error: unknown): SinceFailed => ({
      failed: isUnreachable(error) ? 'unreachable' : 'answer',
    })),
  );
  return (newest, fresh) => {
    builtAt = newest;
    return read(fresh);
  };
}

/** A free-text search: the API's own, read from its newest end to a bound, once a minute per text. */
function textSearcher(files: ListFiles): (text: string) => Promise<{ loads: Load[]; whole: boolean }> {
  const searches = new Map<string, (fresh: boolean) => Promise<{ loads: Load[]; whole: boolean }>>();
  return (text) => {
    let search = searches.get(text);
    if (!search) {
      search = oncePerMinute(() => {
        const read = readNewestEnd({
          search: text,
          order: files.apiOrder,
          until: -Infinity,
          pages: TEXT_SEARCH_PAGES,
          totalHint: 0,
          signal: new AbortController().signal,
        });
        read.catch(() => searches.delete(text));
        return read;
      });
      searches.set(text, search);
    }
    return search(false);
  };
}

/** The index a query is served from: its place's surroundings for a place search or `near`, else the list's own. */
function indexFor(files: ListFiles, list: ListPlaces, query: BoardQuery, searched: PlaceFileEntry | null): string {
  const far = query.near !== null && query.near > NEAR_INDEX_KM;
  if (!list.from && !list.to) return searched ? (far ? files.boardPath : (searched.around ?? '')) : files.indexPath;
  if (query.near === null) return files.indexPath;
  return far ? files.boardPath : (files.aroundPath ?? files.boardPath);
}

/** The rows of loads read from the API: free text, which no index holds. */
function textRows(found: { loads: Load[]; whole: boolean }, reader: PlaceReader): Rows {
  const loaded = new Map(found.loads.map((load) => [load.id, load]));
  const rows = found.loads.map((load) => filterRow(load, reader));
  return { rows, loaded, index: null, complete: found.whole, builtAt: null, checkedAt: Date.now() };
}

/** An index's rows less the loads taken since, with the loads posted since. */
function builtRows(built: BuiltList, decoded: DecodedIndex, read: PostedSince | SinceFailed, reader: PlaceReader): Rows {
  const since = 'failed' in read ? null : read;
  const builtAt = decoded.builtAt || Date.now();
  const loaded = new Map((since?.loads ?? []).map((load) => [load.id, load]));
  const rows = [
    ...[...loaded.values()].map((load) => filterRow(load, reader)),
    ...decoded.rows.filter((row) => !loaded.has(row.id) && !since?.taken(row)),
  ];
  // Offline, the kept copy's time, and with no network at all the build's: when these loads were seen.
  // An API that answered with an error leaves the build's list, which says new loads were not checked.
  const seenAt = since?.kept ? since.checkedAt : 'failed' in read && read.failed === 'unreachable' ? builtAt : undefined;
  return {
    rows,
    loaded,
    index: { built, decoded },
    complete: since?.complete ?? false,
    builtAt,
    checkedAt: since && !since.kept ? since.checkedAt : null,
    ...(seenAt === undefined ? {} : { seenAt }),
  };
}

/** Page `query.page` of matched rows, with the cards of the index's rows from their chunks. */
async function pageOf(all: Rows, query: BoardQuery, match: ListMatch, context: MatchContext, signal: AbortSignal): Promise<BoardList> {
  const matching = matchingRows(all.rows, query, match, context);
  const total = matching.length;
  const { pages } = paginationState(query.page, total, PAGE_SIZE);
  const extra = {
    freshness: { builtAt: all.builtAt, checkedAt: all.checkedAt, complete: all.complete },
    ...(all.complete ? {} : { totalBound: 'atLeast' as const }),
    ...(all.seenAt === undefined ? {} : { seenAt: all.seenAt }),
  };
  if (query.page > 1 && query.page > pages) return { loads: [], total, page: query.page, limit: PAGE_SIZE, beyond: 'end', ...extra };
  const shown = matching.slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE);
  const fromIndex = shown.filter((row) => !all.loaded.has(row.id));
  const cards =
    all.index && fromIndex.length > 0 ? await all.index.built.cards(fromIndex, all.index.decoded, signal) : new Map<string, Load>();
  const loads = shown.map((row) => all.loaded.get(row.id) ?? cards.get(row.id)).filter((load): load is Load => load !== undefined);
  if (loads.length < shown.length) throw new Error('The list of loads could not be read in full: try again.');
  return { loads, total, page: query.page, limit: PAGE_SIZE, ...extra };
}

export function listQuery({ files, list, placeFilePath }: ListQueryConfig): WorkedLists {
  const since = sinceReader(files);
  const textSearch = textSearcher(files);

  /**
   * Every load the query may show, before it is matched: the index's rows and the API's additions.
   * `widest`: rows for every radius the panel offers too (its counts).
   */
  const rowsOf = async (query: BoardQuery, fresh: boolean, signal: AbortSignal, widest = false) => {
    const places = await loadPlaces(placeFilePath);
    const reader = placeReader(places);
    const searched = query.search && places ? places.module.searchedPlace(places.file, query.search) : null;
    const match: ListMatch = { list, searchPlace: searched?.slug ?? null };
    const context: MatchContext = { today: tashkentToday(Date.now()), places: places?.file.places ?? [] };
    // Free text: the API's own search (it matches titles and more), matched here.
    if (query.search && !searched) return { all: textRows(await abortable(textSearch(query.search), signal), reader), match, context };
    const widen = widest && Boolean(searched || list.from || list.to);
    const built = builtList(indexFor(files, list, widen ? { ...query, near: Math.max(query.near ?? 0, NEAR_INDEX_KM) } : query, searched));
    const decoded = await built.index(signal);
    const read = await abortable(since(decoded.builtAt || Date.now(), fresh), signal);
    return { all: builtRows(built, decoded, read, reader), match, context };
  };

  return {
    async page(query, { signal, fresh }) {
      const { all, match, context } = await rowsOf(query, fresh, signal);
      return pageOf(all, query, match, context, signal);
    },
    async facets(query, signal): Promise<FacetView> {
      const { all, match, context } = await rowsOf(query, false, signal, true);
      return { ...facetCounts(all.rows, query, match, context), complete: all.complete };
    },
    async newSince(query, kept, since, signal) {
      // On the board, whose rows hold every kept search's: the board's index, or a searched place's surroundings.
      const { all, match, context } = await rowsOf({ ...query, page: 1 }, false, signal);
      const rows = all.rows.filter((row) => row.posted > since);
      return { count: matchingRows(rows, query, { ...match, list: kept }, context).length, complete: all.complete };
    },
  };
}
