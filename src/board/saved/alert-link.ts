import type { Language } from '../../config/languages';
import { listOfPath, listPathOf } from '../../config/routes';
import { site } from '../../config/site';
import { tashkentDay } from '../../config/time';
import { encodeAlertToken, type AlertSearch } from '../../search/alert-token';
import { loadPlaces } from '../sources/places-on-demand';
import { parseBoardQuery, type BoardQuery } from '../../search/query';

/**
 * The Telegram alerts link of a kept search (CONTRACT.md, "Telegram alerts"): `t.me/{bot}?start={token}`,
 * the token made by alert-token.ts from the search's list, its filters and the page's language. Loaded
 * with the kept searches' chunk, never with the board's first script.
 */

/** What the page gives for the links: the build's vehicle type ids, and its place file for a search. */
export interface AlertsSource {
  /** The API dictionary's id of each vehicle type, by its name in lower case (the build's /vehicle-types). */
  vehicleTypeIds?: Readonly<Record<string, string>>;
  /** The page's place file, which says which known place a search names. */
  placeFilePath?: string;
}

/**
 * Why a kept search has no link: `freeText`, a search that names no known place (only the API's own
 * search can match it); `vehicle`, a vehicle type the API's dictionary does not list (it has no id);
 * `tooLong`, more than Telegram's 64 characters; `unknown`, a list that is not a board, city or route.
 */
export type AlertLinkProblem = 'freeText' | 'vehicle' | 'tooLong' | 'radius' | 'unknown';
export type AlertLink = { href: string; token: string } | { problem: AlertLinkProblem };

/** The list of a kept search's path (unprefixed), by its places; null for any other path. */
export function alertScopeOf(path: string): AlertSearch['scope'] | null {
  const list = listOfPath(path);
  if (!list) return null;
  if (list.kind === 'route') return { from: list.from, to: list.to };
  if (list.kind === 'from') return { from: list.from };
  if (list.kind === 'to') return { to: list.to };
  return {};
}

/** The unprefixed path of a list: the board, a city's loads from or to it, or a route. */
export function alertListPath({ from, to }: AlertSearch['scope']): string {
  if (from !== undefined && to !== undefined) return listPathOf({ kind: 'route', from, to });
  if (from !== undefined) return listPathOf({ kind: 'from', from });
  if (to !== undefined) return listPathOf({ kind: 'to', to });
  return listPathOf({ kind: 'board' });
}

/**
 * The search a token carries for a list and its query, the search's place already found (`place`);
 * a problem when it cannot be one.
 */
export function alertSearchOf(
  scope: AlertSearch['scope'],
  query: BoardQuery,
  place: string | null,
  language: Language,
  vehicleTypeIds: Readonly<Record<string, string>>,
): AlertSearch | { problem: AlertLinkProblem } {
  if (query.search && !place) return { problem: 'freeText' };
  // The token holds one radius for a list's places.
  if (query.nearTo !== null) return { problem: 'radius' };
  const vehicleIds: string[] = [];
  for (const name of query.vehicle) {
    const key = name.trim().toLowerCase();
    const id = Object.prototype.hasOwnProperty.call(vehicleTypeIds, key) ? vehicleTypeIds[key] : undefined;
    if (!id) return { problem: 'vehicle' };
    vehicleIds.push(id);
  }
  return {
    language: language.prefix,
    scope,
    place: query.search ? place : null,
    vehicleIds,
    weightMin: query.weight.min,
    weightMax: query.weight.max,
    loadingFrom: query.loading.from,
    loadingTo: query.loading.to,
    near: query.near,
    sort: query.sort,
  };
}

export function alertHref(bot: string, token: string): string {
  return `${site.telegramLinks}/${bot}?start=${token}`;
}

/** The link of a kept search (`path` unprefixed, `query` its query string), made at `now`. */
export async function alertLinkFor(
  entry: { path: string; query: string },
  source: AlertsSource,
  language: Language,
  bot: string,
  now: number,
): Promise<AlertLink> {
  const scope = alertScopeOf(entry.path);
  if (!scope) return { problem: 'unknown' };
  const query = parseBoardQuery(entry.query, { placeList: Boolean(scope.from || scope.to), routeList: Boolean(scope.from && scope.to) });
  let place: string | null = null;
  if (query.search) {
    const places = await loadPlaces(source.placeFilePath ?? '');
    place = places?.module.searchedPlace(places.file, query.search)?.slug ?? null;
  }
  const search = alertSearchOf(scope, query, place, language, source.vehicleTypeIds ?? {});
  if ('problem' in search) return search;
  const today = tashkentDay(now);
  const encoded = today ? encodeAlertToken(search, today) : ({ problem: 'badValue' } as const);
  if ('problem' in encoded) return { problem: encoded.problem === 'tooLong' ? 'tooLong' : 'unknown' };
  return { href: alertHref(bot, encoded.token), token: encoded.token };
}
