import { useCallback, useMemo, useRef, useState } from 'react';
import { navigate } from 'gatsby';
import type { Load, LoadList } from '../api-client/types';
import type { Language, LanguageCode } from '../config/languages';
import type { CardExtras } from '../loads/card-content';
import type { PricePosition } from '../loads/price-position';
import type { RouteDistances } from '../loads/route-km';
import { usePlaceNames, usePricePositions } from './card-extras';
import { apiSearchTexts, loadPlaces, placeSuggestions, type PlaceFileEntry } from './places-on-demand';
import { boardHref, type BoardQuery } from './query';
import { apiSource } from './source';
import { boardSource } from './board-source';
import type { KeepDetails } from './use-saved-searches';
import type { AlertsSource } from './alert-link';
import { keepable } from './extras-wanted';
import type { FilteredLists } from './source';
import { ROUTES } from '../config/routes';
import type { FacetCounts } from './filters';
import { type BoardState, type BuiltCardAges, useLoadBoard } from './use-load-board';

/** What the build gives the live board's page (src/gatsby/create-pages.ts). */
export interface LiveBoardContext {
  /** The first page of loads, read at build time and rendered into the HTML. */
  initial: LoadList | null;
  /**
   * What "posted … ago" is counted from until the browser has refreshed the list: the newest load's
   * posting time (create-pages.ts says why not the clock).
   */
  builtAt: number;
  /** The first page's place texts, as the API spelled them, named in the page's language. */
  placeNames: Record<string, string>;
  /** The first page's road distances, by cardRouteKey of its place texts (src/places/distance.ts). */
  routeDistances?: RouteDistances;
  /** Each language's place file (suggestions, and the API's spellings of a searched place). */
  placeFilePaths?: Partial<Record<LanguageCode, string>>;
  /** The routes' usual price ranges for the cards (docs/rates.md), and the first page's positions. */
  rangesPath?: string;
  positions?: Record<string, PricePosition>;
  /** The list's filter index and the vehicle types the filters offer (src/gatsby/filter-files.ts). */
  filters?: BoardFilters;
}

export interface BoardFilters {
  /** The filter index's public path; empty when the build published none for the list. */
  indexPath: string;
  vehicleTypes: string[];
  /** The API dictionary's id of each vehicle type it lists, by lower-case name: for the Telegram alerts link. */
  vehicleTypeIds?: Record<string, string>;
  /** Places with an Atom feed of their loads (by slug): a kept search for one offers it. */
  feedPlaces?: string[];
}

/** What each filter option would show: counts under the other filters, and whether they are exact. */
export type FacetView = FacetCounts & { complete: boolean };
export type FilterFacets = (query: BoardQuery, signal: AbortSignal) => Promise<FacetView>;

/** Everything the board's view shows and does, worked out here so the view only renders. */
export interface LiveBoard {
  query: BoardQuery;
  state: BoardState;
  /** False while a different query than the one on screen is loading. */
  showsWanted: boolean;
  retry: () => void;
  extras: CardExtras;
  /** The URL of a board state, for links that work before the script runs. */
  hrefFor: (query: BoardQuery) => string;
  onQuery: (query: BoardQuery) => void;
  /** The places to suggest for what was typed; `warmSuggestions` starts fetching what that needs. */
  suggest: (typed: string) => Promise<PlaceFileEntry[]>;
  warmSuggestions: () => void;
  builtCardAgesRef: BuiltCardAges;
  vehicleTypes: readonly string[];
  facets: FilterFacets;
  keeping: KeepingSearches;
}

/** What "keep this search" and the kept searches need of the page (their code loads on first use). */
export interface KeepingSearches extends AlertsSource {
  /** The page's list, unprefixed: `/loads`, or a city or route page's. */
  path: string;
  /** What a kept search of this list says it is, and where its feed and places are. */
  details: () => Promise<KeepDetails>;
  /** On the board: the filtered lists on which each kept search's new loads are counted. */
  lists: (() => Promise<FilteredLists>) | null;
  /** Whether a list with this query is worth keeping. */
  keepable: (query: BoardQuery) => boolean;
  /** The kept search on screen marks the loads posted after this as new (null: none). */
  onNewSince: (since: number | null) => void;
}

const NO_NAMES: Readonly<Record<string, string>> = {};
const NO_DISTANCES: RouteDistances = {};
const NO_LOADS: readonly Load[] = [];
const NO_TYPES: readonly string[] = [];

/**
 * The live board of one page: its query from the URL (`locationSearch`), its list from the API, and its
 * cards' extras. `bare`: the page is the bare alias of the Uzbek Latin board, whose links stay bare.
 */
export function useLiveBoard(
  context: LiveBoardContext,
  locationSearch: string,
  language: Language,
  bare: boolean,
  fallbackMessage: string,
): LiveBoard {
  const placeFilePath = context.placeFilePaths?.[language.code] ?? '';
  const indexPath = context.filters?.indexPath ?? '';
  const source = useMemo(
    () =>
      boardSource(
        apiSource((search) => apiSearchTexts(placeFilePath, search)),
        { indexPath },
        placeFilePath,
      ),
    [placeFilePath, indexPath],
  );
  const facets = useCallback<FilterFacets>((query, signal) => source.filtered().then((lists) => lists.facets(query, signal)), [source]);
  const builtCardAgesRef: BuiltCardAges = useRef<((loadedAt: number) => boolean) | null>(null);
  const { query, state, showsWanted, retry } = useLoadBoard(
    context.initial,
    context.builtAt,
    locationSearch,
    fallbackMessage,
    source,
    builtCardAgesRef,
  );
  const { placeName, routeKm } = usePlaceNames(
    state.list,
    context.placeNames ?? NO_NAMES,
    context.routeDistances ?? NO_DISTANCES,
    placeFilePath,
  );
  const positions = usePricePositions(state.list, context.rangesPath, context.positions, context.initial?.loads ?? NO_LOADS);
  const feedPlaces = context.filters?.feedPlaces ?? NO_TYPES;
  const details = useCallback(async (): Promise<KeepDetails> => {
    const places = query.search ? await loadPlaces(placeFilePath) : null;
    const slug = places?.module.searchedPlace(places.file, query.search)?.slug;
    return { place: '', scope: {}, feed: slug && feedPlaces.includes(slug) ? `/from/${slug}` : '' };
  }, [query.search, placeFilePath, feedPlaces]);
  const [newSince, setNewSince] = useState<number | null>(null);
  const vehicleTypeIds = context.filters?.vehicleTypeIds;
  const keeping = useMemo<KeepingSearches>(
    () => ({
      path: ROUTES.loads,
      details,
      lists: source.filtered,
      keepable: (query) => keepable(query),
      onNewSince: setNewSince,
      vehicleTypeIds,
      placeFilePath,
    }),
    [details, source, vehicleTypeIds, placeFilePath],
  );
  const extras = useMemo(() => ({ placeName, routeKm, positions, newSince }), [placeName, routeKm, positions, newSince]);
  const hrefFor = (next: BoardQuery) => boardHref(language, next, { bare });
  // No scrolling here: the board moves focus (to the field or the results heading), which scrolls.
  const onQuery = (next: BoardQuery) => void navigate(hrefFor(next));
  const suggest = useCallback((typed: string) => placeSuggestions(placeFilePath, typed), [placeFilePath]);
  const warmSuggestions = useCallback(() => void loadPlaces(placeFilePath), [placeFilePath]);
  const vehicleTypes = context.filters?.vehicleTypes ?? NO_TYPES;
  return {
    query,
    state,
    showsWanted,
    retry,
    extras,
    hrefFor,
    onQuery,
    suggest,
    warmSuggestions,
    builtCardAgesRef,
    vehicleTypes,
    facets,
    keeping,
  };
}
