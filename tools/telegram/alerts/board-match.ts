/**
 * The one door between the alerts and the board's own rules: which loads a kept search's list holds,
 * in which order, and its URL, all by the board's code (src/board/, src/places/), never a copy of it,
 * so an alert lists exactly what the board lists for that URL. Every import from src/board/ and
 * src/places/ that matching needs is here and nowhere else in tools/telegram/alerts/: when the board's
 * query or its filters change shape, this file is re-pointed and the rest of the alerts follow.
 *
 * Today the board has one matcher, the filters' row predicate (src/board/filters.ts): a load's row is
 * made as the build makes it for the filter indexes (src/gatsby/filter-files.ts: `filterRow` with the
 * gazetteer's `matchPlace` slugs), the list's filter from its query, its search's place and its scope.
 * And as the phone does, a city or route list tests the loads of its own filter index only, which the
 * build makes from its grouping of the loads by place (`groupBuildLoads`); the board's list tests them all.
 */
import type { Load } from '../../../src/api-client/types';
import type { Language } from '../../../src/config/languages';
import type { PublishedLoad } from '../../../src/feeds/published-board';
import { absoluteUrl } from '../../../src/i18n/paths';
import { filterRow, rowFilter, rowMatches, rowOrder, type FilterRow } from '../../../src/board/filters';
import { boardHref, FIRST_PAGE, type BoardQuery } from '../../../src/board/query';
import { alertListPath } from '../../../src/board/alert-link';
import { matchPlace } from '../../../src/places/match';
import { groupBuildLoads } from '../../../src/gatsby/place-pages';
import { routeKey } from '../../../src/loads/place-groups';
import { type KeptList, placeName } from './kept-list';

/** The board's query of a kept list: what its URL says (its search is its place's name in its language). */
export function listQuery(list: KeptList): BoardQuery {
  return {
    ...FIRST_PAGE,
    search: list.place ? placeName(list.place, list.language) : '',
    vehicles: list.vehicles,
    weightMin: list.weightMin,
    weightMax: list.weightMax,
    loadingFrom: list.loadingFrom,
    loadingTo: list.loadingTo,
    sort: list.sort,
  };
}

/** The list's page on the site, in its language, filtered as it was kept. */
export function listUrl(list: KeptList, siteUrl: string, language: Language = list.language): string {
  return absoluteUrl(siteUrl, boardHref(language, listQuery(list), { scope: { path: alertListPath(list.scope), builtPages: 1 } }));
}

const slugs = new Map<string, string | null>();
function slugOf(text: string): string | null {
  if (!slugs.has(text)) slugs.set(text, matchPlace(text)?.slug ?? null);
  return slugs.get(text) ?? null;
}

/** A load as the board's matcher reads it: made once per load, tested by every list. */
export interface BoardRow {
  load: PublishedLoad;
  /** The board's own reading of the load (src/board/filters.ts): what its lists test. */
  readonly row: FilterRow;
}

/** A list's loads before its filters, oldest first, with their posting times (for finding a cursor). */
export interface ListRows {
  rows: readonly BoardRow[];
  times: readonly number[];
}

/** The board as the alerts read it: every dated load's row once, and each list's loads before its filters. */
export interface PreparedBoard {
  /** The loads of a list's filter index: the board's, a city's from or to, a route's. */
  rowsOf(scope: KeptList['scope']): ListRows;
}

function oldestFirst(rows: BoardRow[]): ListRows {
  const dated = rows.filter((one) => Number.isFinite(one.row.posted)).sort((a, b) => a.row.posted - b.row.posted);
  return { rows: dated, times: dated.map((one) => one.row.posted) };
}

export function prepareBoard(loads: readonly PublishedLoad[]): PreparedBoard {
  // The published board has no contacts; rows and groups read none.
  const wholes = loads.map((load): Load => ({ ...load, contactSource: 'contact', contact: null }));
  const rowOf = new Map(wholes.map((whole, index) => [whole, { load: loads[index] as PublishedLoad, row: filterRow(whole, slugOf) }]));
  const all = oldestFirst([...rowOf.values()]);
  const groups = groupBuildLoads(wholes);
  const lists = new Map<string, ListRows>();
  const rowsOfGroup = (key: string, group: { loads: Load[] } | undefined): ListRows => {
    let found = lists.get(key);
    if (!found) lists.set(key, (found = oldestFirst((group?.loads ?? []).map((whole) => rowOf.get(whole) as BoardRow))));
    return found;
  };
  return {
    rowsOf({ from, to }) {
      if (from !== undefined && to !== undefined) return rowsOfGroup(`route:${from}/${to}`, groups.routes.get(routeKey(from, to)));
      if (from !== undefined) return rowsOfGroup(`from:${from}`, groups.from.get(from));
      if (to !== undefined) return rowsOfGroup(`to:${to}`, groups.to.get(to));
      return all;
    },
  };
}

/** Whether a load is on the list's page: the board's own predicate. */
export function listMatcher(list: KeptList): (load: BoardRow) => boolean {
  if (list.vehicles.length === 0 && list.unknownVehicles > 0) return () => false;
  const filter = rowFilter(listQuery(list), list.place, list.scope.from || list.scope.to ? list.scope : null);
  return (load) => rowMatches(load.row, filter);
}

/** The list's order on the board (newest first, or soonest loading day first). */
export function listOrder(list: KeptList): (a: BoardRow, b: BoardRow) => number {
  const order = rowOrder(list.sort);
  return (a, b) => order(a.row, b.row);
}

/**
 * What identifies a list whatever its language and the reader: lists with the same key hold the same
 * loads, so a run tests each such list once however many chats keep it.
 */
export function listKey(list: KeptList): string {
  const { language: _language, ...rest } = list;
  return JSON.stringify({ ...rest, vehicles: [...rest.vehicles].map((name) => name.toLowerCase()).sort() });
}
