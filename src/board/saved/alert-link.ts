import type { Language } from '../../config/languages';
import { site } from '../../config/site';
import { tashkentDay } from '../../config/time';
import { alertScopeOf, encodeAlertToken, keptSearchOf } from '../../search/alert-token';
import { loadPlaces } from '../sources/places-on-demand';
import { parseBoardQuery } from '../../search/query';

/**
 * The Telegram alerts link of a kept search (CONTRACT.md, "Telegram alerts"): `t.me/{bot}?start={token}`,
 * the token made by alert-token.ts from the search's list, its filters as the query holds them and the
 * page's language. Loaded with the kept searches' chunk, never with the board's first script.
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
export type AlertLinkProblem = 'freeText' | 'vehicle' | 'tooLong' | 'unknown';
export type AlertLink = { href: string; token: string } | { problem: AlertLinkProblem };

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
  const search = keptSearchOf(scope, query, place, language.prefix);
  if ('problem' in search) return search;
  const today = tashkentDay(now);
  const encoded = today ? encodeAlertToken(search, today, source.vehicleTypeIds) : ({ problem: 'badValue' } as const);
  if ('problem' in encoded) return { problem: encoded.problem === 'badValue' ? 'unknown' : encoded.problem };
  return { href: alertHref(bot, encoded.token), token: encoded.token };
}
