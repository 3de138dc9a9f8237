import { normalizeLoad } from '../../src/api-client/normalize';
import type { Load } from '../../src/api-client/types';
import { alertScopeOf, encodeAlertToken, keptSearchOf } from '../../src/search/alert-token';
import { decodeFilterIndex, type FilterIndexFile } from '../../src/board/sources/filter-index';
import { matchingRows } from '../../src/search/matcher';
import { onTheWay, tripOfList } from '../../src/search/on-the-way';
import { tashkentToday } from '../../src/search/rows';
import { PLACES } from '../../src/places/gazetteer';
import { parseBoardQuery } from '../../src/search/query';
import { languageByPrefix, type LanguagePrefix } from '../../src/config/languages';
import { publishedBoard } from '../../src/feeds/published-board';
import type { BotFolder } from '../../tools/harness/bot-folder';
import { filterFiles } from '../../src/gatsby/filter-files';
import { groupBuildLoads } from '../../src/loads/gazetteer-groups';
import { routeKey } from '../../src/loads/place-groups';
import { postedAt } from '../../src/loads/posting-time';
import { matchPlace } from '../../src/places/match';
import { generateLoads, UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from '../../tools/sample-api/data';

/** The sample API's dictionary, as the build reads it from /vehicle-types. */
export const DICTIONARY = [...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES].map((type) => ({ id: String(type.id), name: type.name }));
export const VEHICLE_IDS = Object.fromEntries(DICTIONARY.map((type) => [type.name.toLowerCase(), type.id]));

/** The sample API's loads, newest first. */
export const SAMPLE: Load[] = generateLoads(130).map(normalizeLoad);

/** Publishes `loads` into `folder` as the build does, with the sample API's dictionary. */
export function writeBoard(folder: BotFolder, loads: readonly Load[]): void {
  folder.publish(publishedBoard(loads, DICTIONARY));
}

/** What a list's page reads its URL with: a place to widen on a city or route page, a destination's own radius on a route's. */
function listContext(scope: { from?: string; to?: string }) {
  return { placeList: Boolean(scope.from || scope.to), routeList: Boolean(scope.from && scope.to) };
}

/**
 * The token the board's link carries for a kept search: its list's path, its query string and the
 * page's language, made on `today` (src/board/saved/alert-link.ts, as the browser makes it).
 */
export function tokenFor(listPath: string, query: string, prefix: LanguagePrefix, today: string): string {
  const scope = alertScopeOf(listPath);
  const language = languageByPrefix(prefix);
  if (!scope || !language) throw new Error(`no list ${listPath} in ${prefix}`);
  const parsed = parseBoardQuery(query, listContext(scope));
  const place = parsed.search ? (matchPlace(parsed.search)?.slug ?? null) : null;
  const search = keptSearchOf(scope, parsed, place, language.prefix);
  if ('problem' in search) throw new Error(search.problem);
  const encoded = encodeAlertToken(search, today, VEHICLE_IDS);
  if (!('token' in encoded)) throw new Error(encoded.problem);
  return encoded.token;
}

/**
 * The ids the board lists for a list's URL, in its order, among the loads posted since `since` (after its
 * time, or at its time and not among its ids, as a subscription's cursor counts them): by the
 * build's own filter index of that list (src/gatsby/filter-files.ts), as the phone reads and matches it
 * (src/board/sources/list-query.ts), on the Tashkent day `today`. `place` is the slug of the place the search names.
 */
export function boardListIds(
  loads: readonly Load[],
  listPath: string,
  query: string,
  place: string | null,
  since: number | { at: number; ids: readonly string[] },
  today: string,
): string[] {
  const cursor = typeof since === 'number' ? { at: since, ids: [] } : since;
  const scope = alertScopeOf(listPath);
  if (!scope) throw new Error(listPath);
  const groups = groupBuildLoads(loads);
  const files = filterFiles(
    loads,
    groups,
    DICTIONARY.map((type) => type.name),
    0,
  );
  const indexPath =
    scope.from !== undefined && scope.to !== undefined
      ? files.routes.get(routeKey(scope.from, scope.to))
      : scope.from !== undefined
        ? files.from.get(scope.from)
        : scope.to !== undefined
          ? files.to.get(scope.to)
          : files.board;
  const parsed = parseBoardQuery(query, listContext(scope));
  // As the phone reads them (src/board/sources/list-query.ts): a place search and a radius up to 100 km (the
  // origin's or the destination's own) the loads around the place, a wider radius the board's whole index.
  const around = place ?? scope.from ?? scope.to;
  const widened = Boolean(place) || parsed.near !== null || Boolean(parsed.nearTo);
  const far = Math.max(parsed.near ?? 0, parsed.nearTo ?? 0) > 100;
  const read = !widened ? indexPath : far ? files.board : around ? files.around.get(around) : files.board;
  if (!read) return [];
  const index = decodeFilterIndex(JSON.parse(files.files.get(read) ?? '{}') as FilterIndexFile);
  const postedTimes = new Map(loads.map((load) => [load.id, postedAt(load)]));
  const posted = index.rows.filter((row) => {
    const time = postedTimes.get(row.id) ?? -Infinity;
    return time > cursor.at || (time === cursor.at && !cursor.ids.includes(row.id));
  });
  return matchingRows(
    posted,
    parsed,
    { list: scope, searchPlace: place },
    { today: tashkentToday(Date.parse(`${today}T12:00:00Z`)), places: PLACES },
  ).map((row) => row.id);
}

/**
 * The ids on the way of a kept route's trip among the loads posted since `since`, the smallest detour
 * first, as the route page's section lists them on the phone (src/board/hooks/use-trip-filter.ts): the
 * trip's rule over the board's whole index, under the list's filters. None for a list that is no trip.
 */
export function boardOnTheWayIds(
  loads: readonly Load[],
  listPath: string,
  query: string,
  place: string | null,
  since: { at: number; ids: readonly string[] },
  today: string,
): string[] {
  const trip = tripOfList(alertScopeOf(listPath) ?? {});
  if (!trip) return [];
  const files = filterFiles(
    loads,
    groupBuildLoads(loads),
    DICTIONARY.map((type) => type.name),
    0,
  );
  const index = decodeFilterIndex(JSON.parse(files.files.get(files.board) ?? '{}') as FilterIndexFile);
  const postedTimes = new Map(loads.map((load) => [load.id, postedAt(load)]));
  const posted = index.rows.filter((row) => {
    const time = postedTimes.get(row.id) ?? -Infinity;
    return time > since.at || (time === since.at && !since.ids.includes(row.id));
  });
  const context = { today: tashkentToday(Date.parse(`${today}T12:00:00Z`)), places: PLACES };
  return onTheWay(posted, trip, parseBoardQuery(query, { placeList: true, routeList: true }), context, place).map(({ row }) => row.id);
}
