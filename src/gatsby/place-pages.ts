import type { Actions } from 'gatsby';
import type { Load } from '../api-client/types';
import { LANGUAGES, type Language, type LanguagePrefix } from '../config/languages';
import { PAGE_SIZE, PLACE_LIST_MAX_PAGES } from '../config/constants';
import {
  listPagePath,
  placeFromFeedPath,
  placeFromPath,
  placeRouteFeedPath,
  placeRoutePath,
  placeToFeedPath,
  placeToPath,
} from '../config/routes';
import { pageVariants } from '../i18n/plugin';
import { placeBySlug, type Place } from '../places/gazetteer';
import { matchPlace } from '../places/match';
import { placeLabel } from '../places/names';
import { roadDistanceKm, routeDistance } from '../places/distance';
import { cardRouteKey } from '../loads/route-km';
import { pageCount } from '../loads/pagination';
import { busiestRoutes, neighbourRoutes, routeKey, type PlaceGroups, type RouteGroup } from '../loads/place-groups';
import type { DirectoryPlace, PlaceLink, PlaceLoadsPageContext, PlacesDirectoryContext } from '../loads/place-page-context';
import { newestPosting } from '../loads/built-time';
import { PLACE_LOADS_TEMPLATE } from './page-table';
import { rangesOf, type BuildRates, type RouteRateData } from '../rates/page-data';
import { pricePosition, type PricePosition } from '../loads/price-position';
import { rateBlockHtml } from './rate-html';
import { listFilesOf, type FilterFiles } from './filter-files';
import type { LanguageCode } from '../config/languages';
import { placeListJsonLd } from './board-json-ld';
import { buildTrips, type BuildTrip } from './trips';
import { WAY_BACK_NEAR_KM } from '../config/constants';
import { mapPlaces, tripMapSvg } from './trip-map';
import { buildTranslator } from './build-translator';
import { formatNumber } from '../loads/format';
import { detourLimitKm } from '../search/on-the-way';
import type { TripContext } from '../loads/place-page-context';
import { stepClock, type StepClock } from './build-steps';

/**
 * A load's place text matched to the gazetteer, once per text for the build: each card's places are
 * matched for its price position, its way back and the trip's map, on every page and language it shows in.
 */
const matchedTexts = new Map<string, Place | undefined>();

function placeOfText(text: string): Place | undefined {
  if (matchedTexts.has(text)) return matchedTexts.get(text);
  const place = matchPlace(text);
  matchedTexts.set(text, place);
  return place;
}

/** Neighbouring routes a page links to, and busiest routes the directory lists. */
const NEIGHBOUR_LINKS = 12;
const DIRECTORY_ROUTES = 30;

function placeName(place: Place, language: Language): string {
  return place.names[language.code];
}

/** A card's places in the page's language (`placeLabel`: unknown places as the API wrote them). */
function localizeLoad(load: Load, language: Language, cache: Map<string, string>): Load {
  const name = (text: string) => {
    const known = cache.get(text);
    if (known !== undefined) return known;
    const label = placeLabel(text, language.code);
    cache.set(text, label);
    return label;
  };
  // Contact and notes are not shown on a card; leaving them out keeps page data small. The owner's phone
  // is the history's alone.
  const { ownerPhone: _owner, ...shown } = load;
  return { ...shown, from: name(load.from), to: name(load.to), contact: null, additionalInfo: '' };
}

function namedLink(ref: PlaceRef, language: Language): PlaceLink {
  return {
    path: ref.path,
    from: ref.from ? placeName(ref.from, language) : '',
    to: ref.to ? placeName(ref.to, language) : '',
    count: ref.count,
  };
}

function routeLink(route: RouteGroup<Place>, language: Language): PlaceLink {
  return {
    path: placeRoutePath(route.from.slug, route.to.slug),
    from: placeName(route.from, language),
    to: placeName(route.to, language),
    count: route.loads.length,
  };
}

interface PlaceRef {
  path: string;
  from: Place | null;
  to: Place | null;
  count: number;
}

interface ListSpec {
  kind: PlaceLoadsPageContext['kind'];
  /** The list's filter index (empty for a route shown for its going rate alone). */
  filterIndex: (files: FilterFiles | null) => string;
  listPath: string;
  feedPath: (prefix: LanguagePrefix) => string;
  from: Place | null;
  to: Place | null;
  loads: Load[];
  reverse: PlaceRef | null;
  onward: PlaceRef | null;
  neighbours: RouteGroup<Place>[];
  rate: RouteRateData | null;
  /** A route's trip: its loads on the way and its way back (null on city pages). */
  trip: { data: BuildTrip; wayBackPath: string } | null;
}

function listSpecs(groups: PlaceGroups<Place>, rates: BuildRates | null, tripOf: (from: Place, to: Place) => BuildTrip): ListSpec[] {
  const specs: ListSpec[] = [];
  for (const [slug, group] of groups.from) {
    const back = groups.to.get(slug);
    specs.push({
      kind: 'from',
      filterIndex: (files) => files?.from.get(slug) ?? '',
      listPath: placeFromPath(slug),
      feedPath: (prefix) => placeFromFeedPath(prefix, slug),
      from: group.place,
      to: null,
      loads: group.loads,
      reverse: back ? { path: placeToPath(slug), from: null, to: back.place, count: back.loads.length } : null,
      onward: null,
      neighbours: neighbourRoutes(groups, slug, null, NEIGHBOUR_LINKS),
      rate: null,
      trip: null,
    });
  }
  for (const [slug, group] of groups.to) {
    const back = groups.from.get(slug);
    specs.push({
      kind: 'to',
      filterIndex: (files) => files?.to.get(slug) ?? '',
      listPath: placeToPath(slug),
      feedPath: (prefix) => placeToFeedPath(prefix, slug),
      from: null,
      to: group.place,
      loads: group.loads,
      reverse: back ? { path: placeFromPath(slug), from: back.place, to: null, count: back.loads.length } : null,
      onward: null,
      neighbours: neighbourRoutes(groups, null, slug, NEIGHBOUR_LINKS),
      rate: null,
      trip: null,
    });
  }
  // A route with a going rate has its page even with none of its loads open now (docs/rates.md).
  const routes: Array<Pick<RouteGroup<Place>, 'from' | 'to' | 'loads'>> = [...groups.routes.values()];
  for (const rate of rates?.rated ?? []) {
    const from = placeBySlug(rate.from);
    const to = placeBySlug(rate.to);
    if (from && to && !groups.routes.has(routeKey(rate.from, rate.to))) routes.push({ from, to, loads: [] });
  }
  const built = new Set(routes.map((route) => routeKey(route.from.slug, route.to.slug)));
  for (const route of routes) {
    const back = groups.routes.get(routeKey(route.to.slug, route.from.slug));
    // No way back: the loads leaving the destination are what a driver arriving there looks for.
    const leaving = back ? undefined : groups.from.get(route.to.slug);
    specs.push({
      kind: 'route',
      filterIndex: (files) => files?.routes.get(routeKey(route.from.slug, route.to.slug)) ?? '',
      listPath: placeRoutePath(route.from.slug, route.to.slug),
      // A route with no open loads has no feed (feeds are written from the read's groups).
      feedPath: (prefix) => (route.loads.length ? placeRouteFeedPath(prefix, route.from.slug, route.to.slug) : ''),
      from: route.from,
      to: route.to,
      loads: route.loads,
      reverse: back ? { path: placeRoutePath(back.from.slug, back.to.slug), from: back.from, to: back.to, count: back.loads.length } : null,
      onward: leaving ? { path: placeFromPath(route.to.slug), from: leaving.place, to: null, count: leaving.loads.length } : null,
      neighbours: neighbourRoutes(groups, route.from.slug, route.to.slug, NEIGHBOUR_LINKS),
      rate: rates?.routes.get(routeKey(route.from.slug, route.to.slug)) ?? null,
      trip: {
        data: tripOf(route.from, route.to),
        // The way back's page: the reversed route, when the build makes it.
        wayBackPath: built.has(routeKey(route.to.slug, route.from.slug)) ? placeRoutePath(route.to.slug, route.from.slug) : '',
      },
    });
  }
  return specs;
}

/** Where each card's price sits against its route's usual range, for the cards a page pre-renders. */
export function cardPositions(loads: readonly Load[], rates: BuildRates | null): Record<string, PricePosition> {
  const positions: Record<string, PricePosition> = {};
  if (!rates) return positions;
  for (const load of loads) {
    const from = placeOfText(load.from);
    const to = placeOfText(load.to);
    const ranges = from && to ? rangesOf(rates.routes.get(routeKey(from.slug, to.slug))) : undefined;
    const position = pricePosition(load, ranges);
    if (position) positions[load.id] = position;
  }
  return positions;
}

/** The loads on the way a route page shows, at most a page of them. */
const ON_THE_WAY_SHOWN = PAGE_SIZE;

/** Each load's way back, by id: the reversed route's path, where the build makes that page. */
function wayBacksOf(loads: readonly Load[], routePaths: ReadonlySet<string>): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const load of loads) {
    const from = placeOfText(load.from);
    const to = placeOfText(load.to);
    const path = from && to ? placeRoutePath(to.slug, from.slug) : '';
    if (path && routePaths.has(path)) paths[load.id] = path;
  }
  return paths;
}

/** A route page's map in its language, and its facts in words; null without two known ends. */
function tripMap(spec: ListSpec, onTheWay: BuildTrip['onTheWay'], language: Language): TripContext['map'] {
  const { from, to } = spec;
  if (!from || !to) return null;
  // The bare path and /uz show the same map: drawn once per list and language.
  const drawn = drawnMaps.get(spec) ?? new Map<string, TripContext['map']>();
  drawnMaps.set(spec, drawn);
  const known = drawn.get(language.code);
  if (known !== undefined) return known;
  const point = (place: Place) => ({ slug: place.slug, lat: place.lat, lon: place.lon, name: placeName(place, language) });
  const places = mapPlaces(
    // The smallest detours first: the places a map marks (at most MAP_PLACES) are among theirs.
    onTheWay
      .slice(0, MAP_LOADS)
      .flatMap(({ load }) => [placeOfText(load.from), placeOfText(load.to)])
      .flatMap((place) => (place ? [point(place)] : [])),
    [from.slug, to.slug],
  );
  const t = buildTranslator(language, ['places']);
  const names = { from: placeName(from, language), to: placeName(to, language) };
  const km = formatNumber(roadDistanceKm(from.slug, to.slug)?.km ?? 0);
  const map = {
    svg: tripMapSvg(point(from), point(to), places, t('trip.map.title', names)),
    text: places.length
      ? t('trip.map.text', { ...names, km, places: places.map((place) => place.name).join(', ') })
      : t('trip.map.textNoPlaces', { ...names, km }),
  };
  drawn.set(language.code, map);
  return map;
}

const MAP_LOADS = 200;

const drawnMaps = new WeakMap<ListSpec, Map<string, TripContext['map']>>();

/** A route page's trip in its language: the cards on the way, named and trimmed as the page's own. */
function tripContext(
  trip: NonNullable<ListSpec['trip']>,
  spec: ListSpec,
  language: Language,
  cache: Map<string, string>,
  rates: BuildRates | null,
): TripContext {
  const shown = trip.data.onTheWay.slice(0, ON_THE_WAY_SHOWN);
  const loads = shown.map(({ load }) => localizeLoad(load, language, cache));
  const routeDistances: Record<string, number> = {};
  const detours: Record<string, number> = {};
  shown.forEach(({ load, detourKm }, index) => {
    const named = loads[index] as Load;
    routeDistances[cardRouteKey(named.from, named.to)] = routeDistance(load.from, load.to)?.km ?? 0;
    detours[load.id] = detourKm;
  });
  const direct = spec.from && spec.to ? (roadDistanceKm(spec.from.slug, spec.to.slug)?.km ?? 0) : 0;
  return {
    loads,
    total: trip.data.total,
    map: tripMap(spec, trip.data.onTheWay, language),
    ends: { from: spec.from?.slug ?? '', to: spec.to?.slug ?? '' },
    detours,
    limitKm: detourLimitKm(direct),
    routeDistances,
    positions: cardPositions(
      shown.map(({ load }) => load),
      rates,
    ),
    wayBack: {
      count: trip.data.wayBack,
      path: trip.wayBackPath,
      near: WAY_BACK_NEAR_KM,
      from: spec.to ? placeName(spec.to, language) : '',
      to: spec.from ? placeName(spec.from, language) : '',
    },
  };
}

export interface PlacePageCounts {
  lists: number;
  pages: number;
}

/** What every list's pages share: the going rates, the live board's files, the route pages made, names. */
interface ListPageShared {
  boardTime: number;
  rates: BuildRates | null;
  live: { filters: FilterFiles; placeFiles: Partial<Record<LanguageCode, string>>; rangesPath: string } | null;
  routePaths: ReadonlySet<string>;
  caches: ReadonlyMap<LanguageCode, Map<string, string>>;
  createPage: Actions['createPage'];
}

/**
 * Every place and route page, in every language variant and page of its list. Each page's context holds
 * only its own twenty cards and named links, already in its language. A list is dated by its newest
 * load's posting (`boardTime`, the whole board's, when none of its loads has a date): the same loads
 * give the same pages whatever the clock or Gatsby's cache holds.
 */
export function createPlacePages(
  groups: PlaceGroups<Place>,
  boardTime: number,
  createPage: Actions['createPage'],
  rates: BuildRates | null = null,
  live: ListPageShared['live'] = null,
  trips: StepClock = stepClock('trips'),
): PlacePageCounts {
  const tripOf = trips.time(() => buildTrips(groups, boardTime));
  const specs = listSpecs(groups, rates, (from, to) => trips.time(() => tripOf(from, to)));
  const routePaths = new Set(specs.flatMap((spec) => (spec.kind === 'route' ? [spec.listPath] : [])));
  const caches = new Map(LANGUAGES.map((language) => [language.code, new Map<string, string>()]));
  const shared: ListPageShared = { boardTime, rates, live, routePaths, caches, createPage };
  const made = specs.reduce((sum, spec) => sum + createListPages(spec, shared), 0);
  return { lists: specs.length, pages: made };
}

/** One list's pages in every language variant; how many were made. */
function createListPages(spec: ListSpec, shared: ListPageShared): number {
  const { rates, live, routePaths, caches, createPage } = shared;
  const total = spec.loads.length;
  const builtAt = newestPosting(spec.loads) ?? shared.boardTime;
  // At least one page: a route shown for its going rate alone has no loads open.
  const pages = Math.max(1, Math.min(pageCount(total), PLACE_LIST_MAX_PAGES));
  const named = (place: Place | null, language: Language) => (place ? placeName(place, language) : '');
  // Once per language: the bare path and /uz show the same block.
  const rateHtmls = new Map<string, string>();
  const around = spec.from ?? spec.to;
  const filters = live
    ? listFilesOf(live.filters, spec.filterIndex(live.filters), around ? live.filters.around.get(around.slug) : undefined)
    : undefined;
  const scope = { ...(spec.from ? { from: spec.from.slug } : {}), ...(spec.to ? { to: spec.to.slug } : {}) };
  const rateHtmlIn = (rate: RouteRateData, language: Language) => {
    const html = rateHtmls.get(language.code) ?? rateBlockHtml(rate, language);
    rateHtmls.set(language.code, html);
    return html;
  };
  let made = 0;
  for (let page = 1; page <= pages; page += 1) {
    const path = listPagePath(spec.listPath, page);
    const slice = spec.loads.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const positions = cardPositions(slice, rates);
    const kms = slice.map((load) => routeDistance(load.from, load.to)?.km ?? 0);
    const wayBacks = wayBacksOf(
      [...slice, ...(page === 1 && spec.trip ? spec.trip.data.onTheWay.slice(0, ON_THE_WAY_SHOWN).map(({ load }) => load) : [])],
      routePaths,
    );
    for (const variant of pageVariants(path)) {
      const language = variant.language;
      const cache = caches.get(language.code) as Map<string, string>;
      const from = named(spec.from, language);
      const to = named(spec.to, language);
      const loads = slice.map((load) => localizeLoad(load, language, cache));
      // Keyed by the cards' own (named) place texts, which are what the card looks its distance up by.
      const routeDistances: Record<string, number> = {};
      loads.forEach((load, index) => (routeDistances[cardRouteKey(load.from, load.to)] = kms[index] ?? 0));
      const context: PlaceLoadsPageContext = {
        ...variant.context,
        kind: spec.kind,
        listPath: spec.listPath,
        pagePath: path,
        feedPath: spec.feedPath(language.prefix),
        from,
        to,
        search: from || to,
        loads,
        routeDistances,
        page,
        pages,
        total,
        reverse: spec.reverse ? namedLink(spec.reverse, language) : null,
        onward: spec.onward ? namedLink(spec.onward, language) : null,
        neighbours: spec.neighbours.map((route) => routeLink(route, language)),
        builtAt,
        // On the list's first page: the chart is the page's largest part, and once is enough.
        rateHtml: page === 1 && spec.rate ? rateHtmlIn(spec.rate, language) : '',
        positions,
        wayBacks,
        ...(page === 1 && spec.trip ? { trip: tripContext(spec.trip, spec, language, cache, rates) } : {}),
        scope,
        ...(filters ? { filters, placeFilePath: live?.placeFiles[language.code] ?? '', rangesPath: live?.rangesPath } : {}),
      };
      createPage({
        path: variant.path,
        component: PLACE_LOADS_TEMPLATE,
        context: { ...context, jsonLd: placeListJsonLd(context, language) },
      });
      made += 1;
    }
  }
  return made;
}

/** The directory's data: every place with loads, named in every language, and the busiest routes. */
export function placesDirectoryContext(groups: PlaceGroups<Place>, boardTime: number): PlacesDirectoryContext {
  const places = new Map<string, DirectoryPlace>();
  const entry = (place: Place): DirectoryPlace => {
    const known = places.get(place.slug);
    if (known) return known;
    const created: DirectoryPlace = {
      slug: place.slug,
      names: { uz: place.names.uz, 'uz-Cyrl': place.names['uz-Cyrl'], ru: place.names.ru },
      outgoing: 0,
      incoming: 0,
    };
    places.set(place.slug, created);
    return created;
  };
  for (const group of groups.from.values()) entry(group.place).outgoing = group.loads.length;
  for (const group of groups.to.values()) entry(group.place).incoming = group.loads.length;
  return {
    places: [...places.values()].sort((a, b) => b.outgoing + b.incoming - (a.outgoing + a.incoming) || a.slug.localeCompare(b.slug)),
    routes: busiestRoutes(groups, DIRECTORY_ROUTES).map((route) => ({
      from: route.from.slug,
      to: route.to.slug,
      count: route.loads.length,
    })),
    builtAt: boardTime,
  };
}
