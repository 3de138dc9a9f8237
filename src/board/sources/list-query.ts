import type { Load } from '../../api-client/types';
import { PAGE_SIZE } from '../../config/constants';
import { paginationState } from '../../loads/pagination';
import type { PlaceFileEntry } from '../../places/place-file';
import { abortable } from './abortable';
import { readNewestEnd, type NewestEnd } from './api-pages';
import { builtList, type BuiltList } from './built-list';
import { FileFailure } from './file-failure';
import { NEAR_INDEX_KM } from '../../search/filter-table';
import type { DecodedIndex } from './filter-index';
import type { BoardList, FacetView, ListFiles, WorkedLists } from '../list-types';
import { facetCounts, matchingRows, type ListMatch, type ListPlaces, type MatchContext } from '../../search/matcher';
import { loadPlaces } from './places-on-demand';
import { placeReader } from './place-reader';
import { postedSinceOf, readAgain, sharedRead, type SharedRead } from './posted-since';
import type { BoardQuery } from '../../search/query';
import { filterRow, tashkentToday, type FilterRow, type PlaceReader } from '../../search/rows';

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
  /** The API's kept copies stood in because it was slow to answer, not because the phone was offline. */
  slow?: boolean;
}

/** The API's answers a page's lists share: the loads posted and taken since the build, and free-text searches, each read once a minute at most. */
function apiReads(files: ListFiles) {
  const textSearches = new Map<string, SharedRead<NewestEnd>>();
  return {
    /** The loads posted and taken since the build (the page's one read, posted-since.ts), or why the API could not say. */
    readSince(builtAt: number, fresh: boolean, signal: AbortSignal) {
      return abortable(postedSinceOf(files, builtAt, fresh), signal);
    },
    textSearch(text: string, fresh: boolean, signal: AbortSignal) {
      let known = textSearches.get(text);
      if (!known || readAgain(known, fresh)) {
        const read = readNewestEnd({
          search: text,
          order: files.apiOrder,
          until: -Infinity,
          pages: TEXT_SEARCH_PAGES,
          totalHint: 0,
          signal: new AbortController().signal,
        });
        read.catch(() => textSearches.delete(text));
        known = sharedRead(read, (found) => found.seenAt !== null);
        textSearches.set(text, known);
      }
      return abortable(known.read, signal);
    },
  };
}

type ApiReads = ReturnType<typeof apiReads>;

/** The index a query is served from: its place's surroundings for a place search or `near`, else the list's own. */
function indexFor({ files, list }: ListQueryConfig, query: BoardQuery, searched: PlaceFileEntry | null): string {
  const far = Math.max(query.near ?? 0, query.nearTo ?? 0) > NEAR_INDEX_KM;
  if (!list.from && !list.to) return searched ? (far ? files.boardPath : (searched.around ?? '')) : files.indexPath;
  if (query.near === null && !query.nearTo) return files.indexPath;
  return far ? files.boardPath : (files.aroundPath ?? files.boardPath);
}

interface QueryRows {
  all: Rows;
  match: ListMatch;
  context: MatchContext;
}

/** Free text: the API's own search (it matches titles and more), matched on the phone. */
async function textSearchRows(reads: ApiReads, text: string, reader: PlaceReader, fresh: boolean, signal: AbortSignal): Promise<Rows> {
  const found = await reads.textSearch(text, fresh, signal);
  const loaded = new Map(found.loads.map((load) => [load.id, load]));
  const rows = found.loads.map((load) => filterRow(load, reader));
  // Copies the offline worker kept were read when they were seen, not now: the list says so.
  const kept = found.seenAt === null ? {} : { seenAt: found.seenAt, ...(found.slow ? { slow: true } : {}) };
  return { rows, loaded, index: null, complete: found.whole, builtAt: null, checkedAt: found.seenAt ?? Date.now(), ...kept };
}

/** The rows of the build's index, less the loads taken since and with those posted since. */
async function indexRows(reads: ApiReads, built: BuiltList, reader: PlaceReader, fresh: boolean, signal: AbortSignal): Promise<Rows> {
  const decoded = await built.index(signal);
  const builtAt = decoded.builtAt || Date.now();
  const read = await reads.readSince(builtAt, fresh, signal);
  const since = 'failed' in read ? null : read;
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
    ...(since?.kept && since.slow ? { slow: true } : {}),
  };
}

/**
 * Every load the query may show, before it is matched: the index's rows and the API's additions.
 * `widest`: rows for every radius the panel offers too (its counts).
 */
async function rowsOf(
  config: ListQueryConfig,
  reads: ApiReads,
  query: BoardQuery,
  fresh: boolean,
  signal: AbortSignal,
  widest = false,
): Promise<QueryRows> {
  const { list } = config;
  const places = await loadPlaces(config.placeFilePath);
  const reader = placeReader(places);
  const searched = query.search && places ? places.module.searchedPlace(places.file, query.search) : null;
  const match: ListMatch = { list, searchPlace: searched?.slug ?? null };
  const context: MatchContext = { today: tashkentToday(Date.now()), places: places?.file.places ?? [] };
  if (query.search && !searched) return { all: await textSearchRows(reads, query.search, reader, fresh, signal), match, context };
  const hasPlace = Boolean(searched || list.from || list.to);
  const indexQuery = widest && hasPlace ? { ...query, near: Math.max(query.near ?? 0, NEAR_INDEX_KM) } : query;
  const built = builtList(indexFor(config, indexQuery, searched));
  return { all: await indexRows(reads, built, reader, fresh, signal), match, context };
}

/** Page `query.page` of the rows that match: the cards of those the API did not send come from the index's chunks. */
async function pageOf({ all, match, context }: QueryRows, query: BoardQuery, signal: AbortSignal, readAt?: number): Promise<BoardList> {
  const matching = matchingRows(all.rows, query, match, context);
  const total = matching.length;
  const { pages } = paginationState(query.page, total, PAGE_SIZE);
  const extra = {
    // A list worked out from the build's index is as of the build's read; the API's own search, of now.
    freshness: { builtAt: all.builtAt === null ? null : (readAt ?? all.builtAt), checkedAt: all.checkedAt, complete: all.complete },
    ...(all.complete ? {} : { totalBound: 'atLeast' as const }),
    ...(all.seenAt === undefined ? {} : { seenAt: all.seenAt }),
    ...(all.slow ? { slow: true } : {}),
  };
  if (query.page > 1 && query.page > pages) return { loads: [], total, page: query.page, limit: PAGE_SIZE, beyond: 'end', ...extra };
  const shown = matching.slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE);
  const fromIndex = shown.filter((row) => !all.loaded.has(row.id));
  const cards =
    all.index && fromIndex.length > 0 ? await all.index.built.cards(fromIndex, all.index.decoded, signal) : new Map<string, Load>();
  const loads = shown.map((row) => all.loaded.get(row.id) ?? cards.get(row.id)).filter((load): load is Load => load !== undefined);
  if (loads.length < shown.length) throw new FileFailure('The list of loads could not be read in full: try again.', false);
  return { loads, total, page: query.page, limit: PAGE_SIZE, ...extra };
}

export function listQuery(config: ListQueryConfig): WorkedLists {
  const reads = apiReads(config.files);
  return {
    async page(query, { signal, fresh }): Promise<BoardList> {
      return pageOf(await rowsOf(config, reads, query, fresh, signal), query, signal, config.files.readAt);
    },
    async facets(query, signal): Promise<FacetView> {
      const { all, match, context } = await rowsOf(config, reads, query, false, signal, true);
      return { ...facetCounts(all.rows, query, match, context), complete: all.complete };
    },
    async newSince(query, kept, since, signal) {
      // On the board, whose rows hold every kept search's: the board's index, or a searched place's surroundings.
      const { all, match, context } = await rowsOf(config, reads, { ...query, page: 1 }, false, signal);
      const rows = all.rows.filter((row) => row.posted > since);
      const own = matchingRows(rows, query, { ...match, list: kept }, context).length;
      // A kept route is a trip: its new loads on the way are new to it too, by the trip's one rule (its
      // chunk, as a route page's filter fetches it: only for a kept route).
      const rule =
        kept.from !== undefined && kept.to !== undefined
          ? await import(/* webpackChunkName: "trip-filter" */ '../../search/on-the-way')
          : null;
      const trip = rule?.tripOfList(kept) ?? null;
      const way = rule && trip ? rule.onTheWay(rows, trip, query, context, match.searchPlace).length : 0;
      return { count: own + way, complete: all.complete };
    },
  };
}
