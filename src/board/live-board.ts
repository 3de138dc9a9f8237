import { useCallback, useMemo, useRef } from 'react';
import { navigate } from 'gatsby';
import type { Load, LoadList } from '../api-client/types';
import type { Language, LanguageCode } from '../config/languages';
import type { CardExtras } from '../loads/card-content';
import type { PricePosition } from '../loads/price-position';
import type { RouteDistances } from '../loads/route-distance';
import { usePlaceNames, usePricePositions } from './card-extras';
import { apiSearchTexts, loadPlaces, placeSuggestions, type PlaceFileEntry } from './places-on-demand';
import { boardHref, type BoardQuery } from './query';
import { apiSource } from './source';
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
}

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
}

const NO_NAMES: Readonly<Record<string, string>> = {};
const NO_DISTANCES: RouteDistances = {};
const NO_LOADS: readonly Load[] = [];

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
  const source = useMemo(() => apiSource((search) => apiSearchTexts(placeFilePath, search)), [placeFilePath]);
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
  const extras = useMemo(() => ({ placeName, routeKm, positions }), [placeName, routeKm, positions]);
  const hrefFor = (next: BoardQuery) => boardHref(language, next, { bare });
  // No scrolling here: the board moves focus (to the field or the results heading), which scrolls.
  const onQuery = (next: BoardQuery) => void navigate(hrefFor(next));
  const suggest = useCallback((typed: string) => placeSuggestions(placeFilePath, typed), [placeFilePath]);
  const warmSuggestions = useCallback(() => void loadPlaces(placeFilePath), [placeFilePath]);
  return { query, state, showsWanted, retry, extras, hrefFor, onQuery, suggest, warmSuggestions, builtCardAgesRef };
}
