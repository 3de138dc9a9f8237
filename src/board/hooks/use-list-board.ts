import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from 'gatsby';
import { pushOwnAddress } from '../own-address';
import { afterNextPaint } from './after-paint';
import { TAP_SILENCE_MS } from '../../config/constants';
import { offlineNow } from '../failure';
import type { Load } from '../../api-client/types';
import type { Language } from '../../config/languages';
import type { CardExtras } from '../../loads/card-content';
import type { PricePosition } from '../../loads/price-position';
import type { RouteDistances } from '../../loads/route-km';
import { usePlaceNames, usePricePositions } from '../card-extras';
import { searchChosen } from '../saved/extras-wanted';
import type { ReadContext } from '../../search/filter-table';
import type { BoardList, FacetView, ListFiles, WorkedLists } from '../list-types';
import type { ListPlaces } from '../../search/matcher';
import { loadPlaces, placeSuggestions, type PlaceFileEntry } from '../sources/places-on-demand';
import { boardHref, boardSearchString, isFiltered, queryKey, type BoardQuery, type ListScope } from '../../search/query';
import { pageSource, type PageSource, type PlainList } from '../sources/sources';
import type { TripForm, TripTarget } from '../trip-search';
import { type BoardState, type BuiltCardAges, useLoadBoard } from './use-load-board';

/**
 * The one hook of a page with a list of loads: the board and every city and route page. A page chooses
 * its list (ListChoices: where its plain list comes from, its places and its scope) and gets back
 * everything its view shows and does.
 */

export interface ListChoices {
  /** The page's own answer for its plain list (the board's API list, or the build's page). */
  plain: PlainList;
  /** City and route pages: the plain list gives way to the worked lists once they have been used. */
  followWorked: boolean;
  /** The list the build rendered into the HTML. */
  initial: BoardList | null;
  /** What "posted … ago" counts from until the list is refreshed. */
  builtAt: number;
  /** The page a URL without `page` shows (a city page's later pages have paths of their own). */
  pathPage: number;
  /** The list's files and what the build learned of the API; null in tests of the static page. */
  files: ListFiles | null;
  /** The list's own places: a city page's, a route's ends; none on the board. */
  list: ListPlaces;
  scope: ListScope;
  placeFilePath: string;
  /** The cards' extras the build worked out for the loads it rendered (card-extras.ts). */
  placeNames: Readonly<Record<string, string>>;
  routeDistances: RouteDistances;
  rangesPath?: string;
  positions?: Record<string, PricePosition>;
  /** A card's way back under the list's vehicle filter (city and route pages: the build knows their routes). */
  wayBack?: (load: Load, vehicle: readonly string[]) => string | null;
  /** The board counts each kept search's new loads; a city or route page does not. */
  countsKept: boolean;
  /** A city or route page: a new query of its list changes the address without Gatsby (own-address.ts). */
  ownAddress?: boolean;
}

/** What "keep this search" and the kept searches need of the page (their code loads on first use). */
export interface KeepingSearches {
  /** The page's list, unprefixed: `/loads`, or a city or route page's. */
  path: string;
  /** On the board: the worked lists on which each kept search's new loads are counted. */
  lists: (() => Promise<WorkedLists>) | null;
  /** Whether this query asks for the filters' extras at once (a search or a filter is chosen). */
  keepable: (query: BoardQuery) => boolean;
  /**
   * A city or route page: worth keeping as it is, without a filter. Its "keep this search" is in the
   * build's HTML, and the saved searches' code comes when it is reached (focus, a pointer, a tap).
   */
  asIs: boolean;
  /** The kept search on screen marks the loads posted after this as new (null: none). */
  onNewSince: (since: number | null) => void;
  /** The page's place file: kept searches name their places in the reader's language from it. */
  placeFilePath: string;
  /** The API dictionary's id of each vehicle type, by lower-case name: a kept search's Telegram alerts token. */
  vehicleTypeIds?: Readonly<Record<string, string>>;
}

export type FilterFacets = (query: BoardQuery, signal: AbortSignal) => Promise<FacetView>;

/** Everything a list's view shows and does, worked out here so the view only renders. */
export interface ListBoard {
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
  /** Opens the city or route page the From and To fields (or a search naming a trip) name; null: none. */
  trip: (form: TripForm) => Promise<TripTarget>;
  builtCardAgesRef: BuiltCardAges;
  vehicleTypes: readonly string[];
  facets: FilterFacets;
  keeping: KeepingSearches;
  /** Pages of the plain list the build made at paths of their own: without script, the only ones a link can open. */
  builtPages: number;
  /** A list asked for offline that did not open (the URL stayed on the list on screen), and a way to ask again. */
  notOpened: NotOpened | null;
}

export interface NotOpened {
  query: BoardQuery;
  /** The network said nothing (the phone believes it is online); else the phone is offline. */
  silent: boolean;
  retry: () => void;
}

/**
 * Where a change of the list goes: its URL, except offline for a page of the list the build made at a
 * path of its own (`/loads/from/toshkent/2`). Gatsby would leave for that path, which the offline worker
 * may not have kept, and the browser would show its own offline page instead of this one: offline, that
 * page is asked for on this path (`?page=2`), from the list's files, and the list on screen stays when
 * they are not here either.
 */
function whereTo(href: string, next: BoardQuery, pathPage: number, offline: boolean): string {
  const here = window.location.pathname;
  if (!offline || new URL(href, window.location.href).pathname === here) return href;
  const query = boardSearchString({ ...next, page: 1 });
  return next.page === pathPage ? `${here}${query}` : `${here}${query}${query ? '&' : '?'}page=${next.page}`;
}

/** Goes to a list: its URL through Gatsby, or on a page the build did not make, the page's own address. */
function goingTo(choices: ListChoices, hrefFor: (next: BoardQuery) => string, offline: () => boolean) {
  return (next: BoardQuery) => {
    const href = whereTo(hrefFor(next), next, choices.pathPage, offline());
    if (choices.ownAddress && new URL(href, location.href).pathname === location.pathname) pushOwnAddress(href);
    else void navigate(href);
  };
}

/**
 * Offline, a new list is opened before the URL names it: from what the phone kept, or not at all, and
 * then the URL, the field and the panel stay on the list on screen (`notOpened` says which did not open).
 * Online the URL changes at once and the board follows it (use-load-board.ts); a tap whose list has not
 * come after TAP_SILENCE_MS (a network that says "online" and answers nothing holds the list's request,
 * Gatsby's for another page's data, or the code the tap needs) is told the same way, `silent`, and the
 * list follows if the network answers after all. `answeredKey` is the query the board has answered on
 * screen (with its list or its error), '' while it is still waiting; `reload` asks the URL's list again.
 */
function useOpenQuery(
  source: PageSource,
  go: (next: BoardQuery) => void,
  answeredKey: string,
  urlKey: string,
  offline: () => boolean,
  reload: () => void,
) {
  const [notOpened, setNotOpened] = useState<{ query: BoardQuery; silent: boolean } | null>(null);
  const lastTap = useRef(0);
  const answered = useRef(answeredKey);
  // Any other answer on screen (a tap that opened, Back, Forward, an error) ends the line.
  useEffect(() => {
    answered.current = answeredKey;
    startTransition(() => setNotOpened(null));
  }, [answeredKey]);
  const watch = (next: BoardQuery) => {
    const tap = (lastTap.current += 1);
    // A tap asking for the list on screen is answered already, and nothing failed.
    setTimeout(() => {
      if (lastTap.current === tap && answered.current !== queryKey(next))
        startTransition(() => setNotOpened({ query: { ...next }, silent: true }));
    }, TAP_SILENCE_MS);
  };
  const open = (next: BoardQuery) => {
    if (!offline()) return (watch(next), go(next));
    const tap = (lastTap.current += 1);
    let settled = false;
    // What the phone kept is read through a network that may say nothing at all: told as a silent one.
    setTimeout(() => {
      if (!settled && lastTap.current === tap) startTransition(() => setNotOpened({ query: { ...next }, silent: true }));
    }, TAP_SILENCE_MS);
    source.page(next, { signal: new AbortController().signal, fresh: false }).then(
      () => ((settled = true), startTransition(() => setNotOpened(null)), go(next)),
      // A new object each time: a second failure of the same list is told again.
      () => ((settled = true), startTransition(() => setNotOpened({ query: { ...next }, silent: false }))),
    );
  };
  // A new tap ends the line of the last at once (no render when there is none), so it never speaks for this one.
  const clear = () => setNotOpened(null);
  // The URL names the list already (only its answer did not come): the board asks for it again.
  const retry = (asked: BoardQuery) => (clear(), queryKey(asked) === urlKey ? (watch(asked), reload()) : open(asked));
  return { open, clear, watch, notOpened: notOpened ? { ...notOpened, retry: () => retry(notOpened.query) } : null };
}

/** What keeping searches needs of the page, and the time after which the kept search on screen marks loads new. */
function useKeeping(choices: ListChoices, source: PageSource): { keeping: KeepingSearches; newSince: number | null } {
  const [newSince, setNewSince] = useState<number | null>(null);
  const { scope, countsKept, placeFilePath } = choices;
  const asIs = Boolean(choices.list.from || choices.list.to);
  const vehicleTypeIds = choices.files?.vehicleTypeIds;
  const keeping = useMemo<KeepingSearches>(
    () => ({
      path: scope.path,
      lists: countsKept ? source.worked : null,
      keepable: searchChosen,
      asIs,
      onNewSince: setNewSince,
      placeFilePath,
      ...(vehicleTypeIds ? { vehicleTypeIds } : {}),
    }),
    [scope.path, countsKept, source, placeFilePath, vehicleTypeIds, asIs],
  );
  return { keeping, newSince };
}

/**
 * The board's way to a trip: the form's From and To fields, or a search naming a trip, open the city or
 * route page with the filters kept; a board URL whose search names one (a shared link, the form sent
 * before the script ran) is replaced by that page.
 */
/** Reading a trip comes with the place file's code, on the first search: the first paint needs none of it. */
const tripSearch = () => import(/* webpackChunkName: "board-tap-places" */ '../trip-search');

function useTrip(
  query: BoardQuery,
  placeFilePath: string,
  language: Language,
  bare: boolean,
  onBoard: boolean,
  watch: (next: BoardQuery) => void,
) {
  const where = [query, placeFilePath, language, bare] as const;
  // Watched from the tap: the place file's code may be what a silent network holds.
  const trip = (form: TripForm): Promise<TripTarget> => (
    watch({ ...query, search: form.search, page: 1 }),
    tripSearch().then(
      (module) => module.openTrip(form, ...where),
      () => null,
    )
  );
  const search = onBoard ? query.search : '';
  useEffect(() => {
    if (search)
      void tripSearch().then(
        (module) => module.openTrip({ search, from: '', to: '', fromKm: null, toKm: null }, ...where, true),
        () => null,
      );
    // Once per search the URL carries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  return trip;
}

/** What a URL of this list is read against: the page's vehicle types, and whether it has a place, or a route's two. */
function readContextOf(vehicleTypes: readonly string[] | undefined, list: ListPlaces): ReadContext {
  return { vehicleTypes, placeList: Boolean(list.from || list.to), routeList: Boolean(list.from && list.to) };
}

const NO_LOADS: readonly Load[] = [];
const NO_TYPES: readonly string[] = [];

export function useListBoard(
  choices: ListChoices,
  locationSearch: string,
  language: Language,
  bare: boolean,
  fallbackMessage: string,
): ListBoard {
  const { files, list, scope, placeFilePath } = choices;
  const source = useMemo(
    () =>
      pageSource(
        {
          files: files ?? { indexPath: '', boardPath: '', vehicleTypes: [], apiOrder: 'none', apiTotal: 0 },
          list,
          placeFilePath,
        },
        choices.plain,
        choices.followWorked,
      ),
    // The choices are made once per page context.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [choices],
  );
  const vehicleTypes = files?.vehicleTypes ?? NO_TYPES;
  const readContext = useMemo(() => readContextOf(files ? vehicleTypes : undefined, list), [files, vehicleTypes, list]);
  const builtCardAgesRef: BuiltCardAges = useRef<((loadedAt: number) => boolean) | null>(null);
  const { query, state, showsWanted, retry, refresh } = useLoadBoard(
    choices.initial,
    choices.builtAt,
    locationSearch,
    fallbackMessage,
    source,
    readContext,
    builtCardAgesRef,
    choices.pathPage,
  );
  // A city or route page's plain list, read again from the worked lists once they are in use.
  const plainShown = !query.search && !isFiltered(query);
  useEffect(() => source.onFollowWorked(() => plainShown && refresh()), [source, plainShown, refresh]);
  const { placeName, routeKm } = usePlaceNames(state.list, choices.placeNames, choices.routeDistances, placeFilePath);
  const positions = usePricePositions(state.list, choices.rangesPath, choices.positions, choices.initial?.loads ?? NO_LOADS);
  const facets = useCallback<FilterFacets>((next, signal) => source.worked().then((lists) => lists.facets(next, signal)), [source]);
  const { keeping, newSince } = useKeeping(choices, source);
  const vehicle = query.vehicle.join('\n');
  const wayBack = useMemo(() => {
    const back = choices.wayBack;
    return back ? (load: Load) => back(load, vehicle ? vehicle.split('\n') : []) : undefined;
  }, [choices.wayBack, vehicle]);
  const extras = useMemo(() => ({ placeName, routeKm, positions, newSince, wayBack }), [placeName, routeKm, positions, newSince, wayBack]);
  const hrefFor = (next: BoardQuery) => boardHref(language, next, { scope, bare });
  // No scrolling here: the board moves focus (to the field or the results heading), which scrolls. The
  // tap that asked is drawn first (after-paint.ts); the list follows.
  const offline = () => offlineNow(state);
  const go = goingTo(choices, hrefFor, offline);
  const urlKey = queryKey(query);
  const answeredKey = showsWanted || state.status !== 'loading' ? urlKey : '';
  const { open, clear, watch, notOpened } = useOpenQuery(source, go, answeredKey, urlKey, offline, retry);
  const onQuery = (next: BoardQuery) => (clear(), void afterNextPaint(() => open(next)));
  const suggest = useCallback((typed: string) => placeSuggestions(placeFilePath, typed), [placeFilePath]);
  const warmSuggestions = useCallback(() => void loadPlaces(placeFilePath), [placeFilePath]);
  const trip = useTrip(query, placeFilePath, language, bare, !list.from && !list.to, watch);
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
    trip,
    builtCardAgesRef,
    vehicleTypes,
    facets,
    keeping,
    builtPages: scope.builtPages,
    notOpened,
  };
}
