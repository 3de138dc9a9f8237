import type { Load } from '../api-client/types';
import type { PageContext } from '../i18n/runtime';
import type { PricePosition } from './price-position';
import type { RouteDistances } from './route-km';
import type { ListFiles } from './list-files';

/** A link to another place page, with its places already named in the page's language. */
export interface PlaceLink {
  path: string;
  from: string;
  to: string;
  count: number;
}

/**
 * A route page's trip besides its own loads (docs/trips.md), on the list's first page: the loads on the
 * way, as trimmed and named as the page's own cards, and the way back.
 */
export interface TripContext {
  /** The loads on the way with the smallest detour, at most a page of them, smallest first. */
  loads: Load[];
  /** Every load on the way in the build. */
  total: number;
  /** By load id, the km each adds to the trip. */
  detours: Record<string, number>;
  /** The most a load may add to this trip, km. */
  limitKm: number;
  routeDistances: RouteDistances;
  positions: Record<string, PricePosition>;
  /**
   * The open loads from the destination or within `near` km of it to the origin or within `near` km of
   * it, and where they are listed: the reversed route's page (`near` in its query), or, when the build
   * made none, the destination's page of loads leaving it. An empty path: no page lists them.
   */
  wayBack: { count: number; path: string; near: number; from: string; to: string };
  /**
   * The trip drawn (src/gatsby/trip-map.ts): an SVG the build wrote (role="img", named in the page's
   * language), and the same facts in words.
   */
  map: { svg: string; text: string } | null;
  /** The trip's two ends, by slug. */
  ends: { from: string; to: string };
}

/**
 * What a pre-built place page (`/loads/from/…`, `/loads/to/…`, `/loads/route/…/…`) receives: one page of
 * cards, their places already named in the page's language, and its links. Loads are trimmed to what a
 * card shows (no contact, no notes), as load pages are: there are thousands of these pages.
 */
export interface PlaceLoadsPageContext extends PageContext {
  kind: 'from' | 'to' | 'route';
  /** The list's unprefixed path on page 1; page N is `listPagePath(listPath, N)`. */
  listPath: string;
  /** This page's unprefixed path. */
  pagePath: string;
  /** The list's Atom feed in the page's language (`/feeds/ru/from/toshkent.atom`). */
  feedPath: string;
  /** The place(s) in the page's language; `from` is empty on a `to` page and `to` on a `from` page. */
  from: string;
  to: string;
  /** What the live board is searched with for this place: its name in the page's language. */
  search: string;
  loads: Load[];
  /** The cards' road distances, by cardRouteKey of their (named) place texts (src/places/distance.ts). */
  routeDistances: RouteDistances;
  page: number;
  /** Pre-built pages of the list (at most PLACE_LIST_MAX_PAGES; older loads are on the live board). */
  pages: number;
  /** Every load of the list in the build, pre-built or not. */
  total: number;
  /** The way back: the reverse route, or for one place the loads in the other direction. Null if none. */
  reverse: PlaceLink | null;
  /**
   * Where a driver goes on when there is no way back: on a route page, the loads leaving its
   * destination (`/loads/from/{to}`), when there are any. Null otherwise.
   */
  onward: PlaceLink | null;
  /** Routes sharing a place with this page, busiest first. */
  neighbours: PlaceLink[];
  /** The newest posting the build read: the cards' ages count from it ("updated …" is `readAt`, src/gatsby/board-read-time.ts). */
  builtAt: number;
  /**
   * A route page's going rate block (with its figures or "not enough loads yet") as the build rendered
   * it (src/gatsby/rate-html.tsx); empty on city pages and on pages 2 and on.
   */
  rateHtml: string;
  /** Where each card's price sits against its route's usual range, by load id (docs/rates.md). */
  positions: Record<string, PricePosition>;
  /**
   * By load id, the unprefixed path of each card's way back (the reversed route, which the page links
   * with `near` and the list's vehicle filter): for the cards the build rendered whose reversed route it made.
   */
  wayBacks: Record<string, string>;
  /** A route page's loads on the way and its way back, on the list's first page only. */
  trip?: TripContext;
  /** The list's places by slug: which loads posted since the build belong to it. */
  scope: { from?: string; to?: string };
  /** The list's files and what the build learned of the API; absent in tests of the static page. */
  filters?: ListFiles;
  /** The page language's place file: names places of loads the build did not name. */
  placeFilePath?: string;
  /** The routes' usual price ranges, for the cards of a filtered list the build did not position. */
  rangesPath?: string;
}

/** One place of the directory, named in every language (the directory is one page per language). */
export interface DirectoryPlace {
  slug: string;
  names: Record<'uz' | 'uz-Cyrl' | 'ru', string>;
  outgoing: number;
  incoming: number;
}

export interface DirectoryRoute {
  from: string;
  to: string;
  count: number;
}

export interface PlacesDirectoryContext {
  places: DirectoryPlace[];
  routes: DirectoryRoute[];
  builtAt: number;
}
