/** Every route of the site, defined once. Paths here are unprefixed; `src/i18n/paths.ts` localizes them. */

import type { LanguagePrefix } from './languages';

export const ROUTES = {
  home: '/',
  loads: '/loads',
  features: '/features',
  howItWorks: '/how-it-works',
  help: '/help',
  pricing: '/pricing',
  privacy: '/privacy',
  terms: '/terms',
  applink: '/applink',
  auth: '/auth',
  places: '/loads/places',
  rates: '/loads/rates',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The help page's part on the two-sided scam, which a card whose price is well above the usual links. */
export const SCAM_HELP_ID = 'two-sided-scam';

/** The one 404 page (Gatsby copies it to 404.html, which the host serves for every unknown path). */
export const NOT_FOUND_PATH = '/404';

/** Header navigation, in order (SPEC.md section 2). */
export const NAV_ROUTES = ['home', 'loads', 'features', 'howItWorks', 'help'] as const satisfies readonly RouteName[];

/** Footer quick links (SPEC.md section 2). */
export const FOOTER_ROUTES = ['features', 'howItWorks', 'help', 'places', 'privacy', 'terms'] as const satisfies readonly RouteName[];

/** Pages that must not be indexed: they only hand visitors over to the app. */
export const NOINDEX_ROUTES: readonly string[] = [ROUTES.applink, ROUTES.auth];

export function loadPath(id: string): string {
  return `/load/${encodeURIComponent(id)}`;
}

/** Loads leaving a place, by the place's slug (CONTRACT.md, Routes: place pages). */
export function placeFromPath(slug: string): string {
  return `/loads/from/${encodeURIComponent(slug)}`;
}

export function placeToPath(slug: string): string {
  return `/loads/to/${encodeURIComponent(slug)}`;
}

export function placeRoutePath(fromSlug: string, toSlug: string): string {
  return `/loads/route/${encodeURIComponent(fromSlug)}/${encodeURIComponent(toSlug)}`;
}

/** A list of loads by what its path names: the board, a city's loads from or to it, a route's. */
export type ListPath =
  { kind: 'board' } | { kind: 'from'; from: string } | { kind: 'to'; to: string } | { kind: 'route'; from: string; to: string };

/** A list's unprefixed path on its first page. */
export function listPathOf(list: ListPath): string {
  if (list.kind === 'from') return placeFromPath(list.from);
  if (list.kind === 'to') return placeToPath(list.to);
  if (list.kind === 'route') return placeRoutePath(list.from, list.to);
  return ROUTES.loads;
}

const SLUG = '([a-z0-9-]{1,60})';
const LIST_PATH = new RegExp(`^/loads(?:/from/${SLUG}|/to/${SLUG}|/route/${SLUG}/${SLUG})?$`);

/** The list an unprefixed path names on its first page, or null for any other path. */
export function listOfPath(path: string): ListPath | null {
  const match = LIST_PATH.exec(path);
  if (!match) return null;
  const [, from, to, routeFrom, routeTo] = match;
  if (from) return { kind: 'from', from };
  if (to) return { kind: 'to', to };
  if (routeFrom && routeTo) return { kind: 'route', from: routeFrom, to: routeTo };
  return { kind: 'board' };
}

/** Page 2 and on of a pre-built list: `/loads/from/toshkent/2`; page 1 is the path itself. */
export function listPagePath(path: string, page: number): string {
  return page <= 1 ? path : `${path}/${page}`;
}

/**
 * Atom feeds (plain files the build writes, no Gatsby pages): one per language for the board and for
 * every city and route page. The language is always in the path: a feed has no bare alias.
 */
export const FEEDS_DIR = '/feeds';

export function boardFeedPath(prefix: LanguagePrefix): string {
  return `${FEEDS_DIR}/${prefix}/loads.atom`;
}

export function placeFromFeedPath(prefix: LanguagePrefix, slug: string): string {
  return `${FEEDS_DIR}/${prefix}/from/${encodeURIComponent(slug)}.atom`;
}

export function placeToFeedPath(prefix: LanguagePrefix, slug: string): string {
  return `${FEEDS_DIR}/${prefix}/to/${encodeURIComponent(slug)}.atom`;
}

export function placeRouteFeedPath(prefix: LanguagePrefix, fromSlug: string, toSlug: string): string {
  return `${FEEDS_DIR}/${prefix}/route/${encodeURIComponent(fromSlug)}/${encodeURIComponent(toSlug)}.atom`;
}

/** A list's Atom feed in a language (the board's, a city's, a route's). */
export function listFeedPath(list: ListPath, prefix: LanguagePrefix): string {
  if (list.kind === 'from') return placeFromFeedPath(prefix, list.from);
  if (list.kind === 'to') return placeToFeedPath(prefix, list.to);
  if (list.kind === 'route') return placeRouteFeedPath(prefix, list.from, list.to);
  return boardFeedPath(prefix);
}

/**
 * The closed-load index: plain files the build writes (`public/closed-loads/{shard}.json`), fetched by
 * the 404 page for a load id the API no longer has (src/loads/closed-index.ts).
 */
export const CLOSED_LOADS_DIR = '/closed-loads';

export function closedLoadShardPath(shard: number): string {
  return `${CLOSED_LOADS_DIR}/${shard}.json`;
}
