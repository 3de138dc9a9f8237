import type { Load } from '../api-client/types';
import { PAGE_SIZE, WAY_BACK_NEAR_KM } from '../config/constants';
import { placeFromPath, placeRoutePath, placeToPath } from '../config/routes';
import { localizedPath } from '../i18n/paths';
import type { TFunction } from 'i18next';
import type { PlaceFallbackRoute } from '../loads/fallback-route';
import type { ListFiles } from '../loads/list-files';
import { formatNumber } from '../loads/format';
import type { PlaceLoadsPageContext, TripContext } from '../loads/place-page-context';
import { cardRouteKey } from '../loads/route-km';
import { placeNameFor, routeKmFor } from '../places/browser-places';
import { findEntry, searchedPlace, type PlaceFile, type PlaceFileEntry } from '../places/place-file';
import type { MapPoint, OutlinePieces } from '../places/trip-map-svg';
import { builtList, sharedJson, type BuiltList } from './sources/built-list';
import { workedListsModule } from './sources/sources';
import { cardChunkPath, loadFromTuple, type DecodedIndex } from './sources/filter-index';
import {
  countOf,
  decodeTripRoutes,
  firstPageOnTheWay,
  routesOnTheWay,
  routesShown,
  type DecodedTripRoutes,
  type TripRoutesFile,
} from './sources/trip-routes';
import { NO_FILTERS } from '../search/filter-table';
import { compileQuery, type MatchContext } from '../search/matcher';
import { detourLimitKm, onTheWay, slugDistance } from '../search/on-the-way';
import { EMPTY_QUERY } from '../search/query';
import { tashkentToday } from '../search/rows';

/**
 * What the 404 page does with a city or route path the build made no page for (CONTRACT.md, "Trips"
 * and Routes), from the page language's place file, which knows every spelling of every known place:
 * a slug in another spelling leads to the place's own path; a route of two known places is the trip page
 * the build would have made, worked out here from the board's filter index; anything else is not found.
 * Fetched with the fallback's own code, only on such a path, never with the 404 page's first script.
 */

export type PlaceFallbackAnswer =
  { kind: 'redirect'; path: string } | { kind: 'route'; from: PlaceFileEntry; to: PlaceFileEntry } | { kind: 'unknown' };

/** The known place a slug names: the slug itself, else any spelling of it (`samarkand`, `Самарканд`, `tashkent`). */
export function placeOfSlug(file: PlaceFile, slug: string): PlaceFileEntry | null {
  const exact = file.places.find((place) => place.slug === slug);
  if (exact) return exact;
  return searchedPlace(file, slug.replace(/[-_+]+/g, ' '));
}

/** Where a city or route path of the fallback leads: its canonical path, the trip page, or nowhere. */
export function answerPlaceFallback(route: PlaceFallbackRoute, file: PlaceFile): PlaceFallbackAnswer {
  const places = route.slugs.map((slug) => placeOfSlug(file, slug));
  const [from, to] = places;
  if (!from || places.some((place) => !place)) return { kind: 'unknown' };
  if (places.some((place, index) => place?.slug !== route.slugs[index])) {
    const path =
      route.kind === 'route' && to
        ? placeRoutePath(from.slug, to.slug)
        : route.kind === 'from'
          ? placeFromPath(from.slug)
          : placeToPath(from.slug);
    return { kind: 'redirect', path: route.routed ? localizedPath(path, route.language) : path };
  }
  // A city page the build did not make has no loads to list; a route from a place to itself is no trip.
  if (route.kind === 'route' && to && to.slug !== from.slug) return { kind: 'route', from, to };
  return { kind: 'unknown' };
}

/** The board's files as a route's own list reads them: the board's index holds every route's rows. */
export function routeFilesOf(board: ListFiles): ListFiles {
  return { ...board, indexPath: board.boardPath, aroundPath: undefined };
}

interface RoutePageInput {
  route: PlaceFallbackRoute;
  from: PlaceFileEntry;
  to: PlaceFileEntry;
  file: PlaceFile;
  placeFilePath: string;
  board: ListFiles;
  rangesPath?: string;
  /** The board's routes (trip-routes.ts) and a list with no loads, for a route the build has none of. */
  tripRoutesPath?: string;
  emptyListPath?: string;
  /** Namespace `places` of the page's language. */
  t: TFunction;
  /** The map's outlines, fetched with the fallback's code; null draws no map. */
  outlines: OutlinePieces | null;
  signal: AbortSignal;
}

const point = (entry: PlaceFileEntry): MapPoint => ({ slug: entry.slug, lat: entry.lat, lon: entry.lon, name: entry.label });

/** A load as a card of the page names it: its places in the page's language, nothing a card does not show. */
function namedLoad(load: Load, file: PlaceFile): Load {
  return { ...load, from: placeNameFor(file, load.from), to: placeNameFor(file, load.to), contact: null, additionalInfo: '' };
}

/** The trip's map in words and as SVG, as the build draws a route page's (src/gatsby/place-pages.ts). */
async function tripMapOf(input: RoutePageInput, stops: readonly PlaceFileEntry[], km: number): Promise<TripContext['map']> {
  if (!input.outlines) return null;
  const { mapPlaces, tripMapSvg } = await import('../places/trip-map-svg');
  const { from, to, t } = input;
  const places = mapPlaces(stops.map(point), [from.slug, to.slug]);
  const names = { from: from.label, to: to.label };
  return {
    svg: tripMapSvg(point(from), point(to), places, t('trip.map.title', names), input.outlines),
    text: places.length
      ? t('trip.map.text', { ...names, km: formatNumber(km), places: places.map((place) => place.name).join(', ') })
      : t('trip.map.textNoPlaces', { ...names, km: formatNumber(km) }),
  };
}

/** The cards' road distances (by their named places) and ways back (the reversed route, a page now whatever the pair). */
function cardExtrasOf(loads: readonly Load[], file: PlaceFile) {
  const routeDistances: Record<string, number> = {};
  const wayBacks: Record<string, string> = {};
  for (const load of loads) {
    const named = namedLoad(load, file);
    routeDistances[cardRouteKey(named.from, named.to)] = routeKmFor(file, load.from, load.to) ?? 0;
    const a = findEntry(file, load.from);
    const b = findEntry(file, load.to);
    if (a && b && a.slug !== b.slug) wayBacks[load.id] = placeRoutePath(b.slug, a.slug);
  }
  return { routeDistances, wayBacks };
}

interface TripParts {
  shown: Array<{ load: Load; detourKm: number }>;
  total: number;
  /** The places of the loads on the way, for the map. */
  stops: Array<string | null>;
  wayBackCount: number;
  reversedCount: number;
}

/** The trip's context from its worked parts, as the build makes a route page's (src/gatsby/trips.ts). */
async function tripFrom(input: RoutePageInput, parts: TripParts, km: number) {
  const { from, to, file } = input;
  const bySlug = new Map(file.places.map((place) => [place.slug, place]));
  const stops = parts.stops.flatMap((slug) => bySlug.get(slug ?? '') ?? []);
  const trip: Omit<TripContext, 'routeDistances'> = {
    loads: parts.shown.map(({ load }) => namedLoad(load, file)),
    total: parts.total,
    detours: Object.fromEntries(parts.shown.map(({ load, detourKm }) => [load.id, detourKm])),
    limitKm: detourLimitKm(km),
    positions: {},
    wayBack: {
      count: parts.wayBackCount,
      path: placeRoutePath(to.slug, from.slug),
      near: WAY_BACK_NEAR_KM,
      from: to.label,
      to: from.label,
    },
    map: await tripMapOf(input, stops, km),
    ends: { from: from.slug, to: to.slug },
  };
  return { trip, raw: parts.shown.map(({ load }) => load), reversedCount: parts.reversedCount };
}

/** The way back's matcher (the reversed route with `near`) and the reversed route's own. */
function reversedMatchers(input: RoutePageInput, context: MatchContext) {
  const reversedList = { list: { from: input.to.slug, to: input.from.slug }, searchPlace: null };
  return {
    back: compileQuery({ ...NO_FILTERS, near: WAY_BACK_NEAR_KM }, reversedList, context),
    reversed: compileQuery(NO_FILTERS, reversedList, context),
  };
}

/** The trip of the route's ends over the board's rows: a route the build has loads of, or an older build's files. */
async function tripOfIndex(input: RoutePageInput, index: DecodedIndex, built: BuiltList) {
  const { from, to, file, signal } = input;
  const context: MatchContext = { today: tashkentToday(Date.now()), places: file.places };
  const distance = slugDistance(file.places);
  const found = onTheWay(index.rows, { from: from.slug, to: to.slug }, NO_FILTERS, context, null, distance);
  const shownRows = found.slice(0, PAGE_SIZE);
  const cards = await built.cards(
    shownRows.map(({ row }) => row),
    index,
    signal,
  );
  const { back, reversed } = reversedMatchers(input, context);
  const parts: TripParts = {
    shown: shownRows.flatMap(({ row, detourKm }) => {
      const load = cards.get(row.id);
      return load ? [{ load, detourKm }] : [];
    }),
    total: found.length,
    stops: found.flatMap(({ row }) => [row.from, row.to]),
    wayBackCount: index.rows.filter((row) => back.matches(row)).length,
    reversedCount: index.rows.filter((row) => reversed.matches(row)).length,
  };
  return tripFrom(input, parts, distance(from.slug, to.slug) ?? 0);
}

/** The trip from the board's routes (trip-routes.ts): one small file and the shown routes' first card chunks. */
async function tripOfRoutes(input: RoutePageInput, routes: DecodedTripRoutes, routesUrl: string) {
  const { from, to, file, signal } = input;
  const context: MatchContext = { today: tashkentToday(Date.now()), places: file.places };
  const distance = slugDistance(file.places);
  const ends = { from: from.slug, to: to.slug };
  const { found, total } = routesOnTheWay(routes, ends, context, distance);
  const shownRoutes = routesShown(found);
  const chunks = await Promise.all(shownRoutes.map((route) => cardChunk(new URL(cardChunkPath(route.chunk), routesUrl).href, signal)));
  const cardsOf = new Map(shownRoutes.map((route, i) => [route, chunks[i] ?? []]));
  const { back, reversed } = reversedMatchers(input, context);
  const parts: TripParts = {
    shown: firstPageOnTheWay(shownRoutes, (route) => cardsOf.get(route) ?? [], ends, context, distance),
    total,
    stops: found.flatMap(({ route }) => [route.row.from, route.row.to]),
    wayBackCount: countOf(routes.routes, back.matches),
    reversedCount: countOf(routes.routes, reversed.matches),
  };
  return tripFrom(input, parts, distance(from.slug, to.slug) ?? 0);
}

async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { credentials: 'omit', headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function cardChunk(url: string, signal: AbortSignal): Promise<Load[]> {
  const tuples = await fetchJson(url, signal);
  return Array.isArray(tuples) ? tuples.flatMap((tuple) => loadFromTuple(tuple) ?? []) : [];
}

/**
 * The board's routes, when the build wrote them and the route is none of its own (a route with loads of the
 * build has a page, so this is the fallback's usual case): else null, and the board's index serves.
 */
async function tripRoutesFor(input: RoutePageInput): Promise<{ routes: DecodedTripRoutes; url: string } | null> {
  if (!input.tripRoutesPath || !input.emptyListPath) return null;
  const url = new URL(input.tripRoutesPath, globalThis.location?.href ?? 'http://localhost/').href;
  // Read once for the page and its filters (trip-since.ts reads the same file for the routes' columns).
  const routes = decodeTripRoutes((await sharedJson(url, input.signal)) as TripRoutesFile);
  const own = routes.routes.some(({ row }) => row.from === input.from.slug && row.to === input.to.slug);
  return own ? null : { routes, url };
}

/** The trip and the route's own list: from the board's routes and an empty list of its own, or from the board's index. */
async function tripAndOwn(input: RoutePageInput) {
  const { from, to, board, signal } = input;
  const ends = { from: from.slug, to: to.slug };
  const routes = await tripRoutesFor(input);
  const files: ListFiles = routes
    ? { ...board, indexPath: input.emptyListPath ?? '', aroundPath: undefined, tripRoutesPath: input.tripRoutesPath }
    : routeFilesOf(board);
  // The worked lists' own chunk, which the board's taps fetch too: not a second copy in the fallback's.
  const lists = (await workedListsModule()).listQuery({ files, list: ends, placeFilePath: input.placeFilePath });
  const own = lists.page(EMPTY_QUERY, { signal, fresh: true });
  if (routes) return { files, own: await own, builtAt: routes.routes.builtAt, ...(await tripOfRoutes(input, routes.routes, routes.url)) };
  const built = builtList(files.boardPath);
  const index = await built.index(signal);
  return { files, own: await own, builtAt: index.builtAt, ...(await tripOfIndex(input, index, built)) };
}

/**
 * The context of a route page the build made no page for, as the build makes a route page's: its own
 * loads (the worked list of the board's index and the loads posted since), its loads on the way by the
 * trip's one rule and matcher (on-the-way.ts), its way back's count and link, and its map.
 */
export async function fallbackRoutePage(input: RoutePageInput): Promise<PlaceLoadsPageContext> {
  const { route, from, to, file } = input;
  const ends = { from: from.slug, to: to.slug };
  const { files, own, builtAt, trip, raw, reversedCount } = await tripAndOwn(input);
  const { routeDistances, wayBacks } = cardExtrasOf([...own.loads, ...raw], file);
  const listPath = placeRoutePath(from.slug, to.slug);
  const prefix = route.language.prefix;
  return {
    language: prefix,
    i18n: {
      language: prefix,
      languages: [],
      defaultLanguage: 'uz',
      generateDefaultLanguagePage: true,
      routed: route.routed,
      originalPath: listPath,
      path: route.routed ? localizedPath(listPath, route.language) : listPath,
    },
    kind: 'route',
    listPath,
    pagePath: listPath,
    feedPath: '',
    from: from.label,
    to: to.label,
    search: from.label,
    loads: own.loads.map((load) => namedLoad(load, file)),
    routeDistances,
    page: 1,
    pages: 1,
    total: own.total,
    reverse: { path: trip.wayBack.path, from: to.label, to: from.label, count: reversedCount },
    onward: null,
    neighbours: [],
    builtAt,
    rateHtml: '',
    positions: {},
    wayBacks,
    trip: { ...trip, routeDistances },
    scope: ends,
    filters: files,
    placeFilePath: input.placeFilePath,
    ...(input.rangesPath ? { rangesPath: input.rangesPath } : {}),
  };
}

/** The region's outlines the build wrote (src/gatsby/trip-map.ts), fetched on such a path only; null without a path. */
export async function mapOutlines(path: string): Promise<OutlinePieces | null> {
  if (!path) return null;
  const response = await fetch(path, { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const lines = (await response.json()) as unknown;
  if (!Array.isArray(lines)) throw new Error(`${path}: not a list of lines`);
  const { pieceOf } = await import('../places/trip-map-svg');
  const pieces = (lines as Array<Array<[number, number]>>).filter((line) => Array.isArray(line) && line.length > 1).map(pieceOf);
  return () => pieces;
}
