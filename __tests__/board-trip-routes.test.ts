/**
 * A route page the build made no page for works its trip out from the board's routes (trip-routes.ts):
 * the count, the first page's loads in the rule's order, the way back's count and the reversed route's
 * must be what the rule and the matcher give over every row of the board's index.
 */
import { gzipSync } from 'node:zlib';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { decodeFilterIndex, loadFromTuple, type FilterIndexFile } from '../src/board/sources/filter-index';
import {
  countOf,
  decodeTripRoutes,
  firstPageOnTheWay,
  routesOnTheWay,
  routesShown,
  tripRows,
  type TripColumnsFile,
  type TripRoutesFile,
} from '../src/board/sources/trip-routes';
import { PAGE_SIZE, WAY_BACK_NEAR_KM } from '../src/config/constants';
import { filterFiles } from '../src/gatsby/filter-files';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { PLACES } from '../src/places/gazetteer';
import { NO_FILTERS } from '../src/search/filter-table';
import { compileQuery, type MatchContext } from '../src/search/matcher';
import { onTheWay, slugDistance } from '../src/search/on-the-way';
import { dayText, tashkentToday, type FilterRow } from '../src/search/rows';
import type { FilterValues } from '../src/search/filter-table';
import { gazetteerPlaces } from '../src/search/gazetteer-places';
import { filterRow } from '../src/search/rows';
import { generateLoads } from '../tools/sample-api/data';

const loads: Load[] = generateLoads(3000).map((raw) => normalizeLoad(raw) as Load);
const files = filterFiles(loads, groupBuildLoads(loads), [], Date.parse('2026-11-20T12:00:00Z'));
const board = decodeFilterIndex(JSON.parse(files.files.get(files.board) as string) as FilterIndexFile);
const routesFile = JSON.parse(files.files.get(files.tripRoutes) as string) as TripRoutesFile;
const routes = decodeTripRoutes(routesFile);
const context: MatchContext = { today: tashkentToday(Date.parse('2026-11-20T12:00:00Z')), places: PLACES };
const distance = slugDistance(PLACES);

function chunkLoads(hash: string): Load[] {
  const json = files.files.get(`/filters/cards/${hash}.json`);
  return (JSON.parse(json ?? '[]') as unknown[]).flatMap((tuple) => loadFromTuple(tuple) ?? []);
}

describe("a trip from the board's routes", () => {
  const places = PLACES.filter((place) => place.country === 'UZ');
  // Every 5th ordered pair: both directions of many trips, short and across the country.
  const pairs = places
    .flatMap((a) => places.filter((b) => b !== a).map((b) => ({ from: a.slug, to: b.slug })))
    .filter((_, i) => i % 5 === 0);

  it('counts, orders and shows the loads on the way as the rule over every load of the board', () => {
    let withLoads = 0;
    for (const trip of pairs) {
      const everyRow = onTheWay(board.rows, trip, NO_FILTERS, context, null, distance);
      const { found, total } = routesOnTheWay(routes, trip, context, distance);
      expect(total).toBe(everyRow.length);
      const shown = routesShown(found);
      const page = firstPageOnTheWay(shown, (route) => chunkLoads(route.chunk), trip, context, distance);
      expect(page.map(({ load, detourKm }) => [load.id, detourKm])).toEqual(
        everyRow.slice(0, PAGE_SIZE).map(({ row, detourKm }) => [row.id, detourKm]),
      );
      if (total > PAGE_SIZE) withLoads += 1;
    }
    expect(withLoads).toBeGreaterThan(10);
  });

  it("counts the way back and the reversed route's loads as the matcher over every load", () => {
    for (const { from, to } of pairs) {
      const reversedList = { list: { from: to, to: from }, searchPlace: null };
      for (const query of [{ ...NO_FILTERS, near: WAY_BACK_NEAR_KM }, NO_FILTERS]) {
        const matcher = compileQuery(query, reversedList, context);
        expect(countOf(routes.routes, matcher.matches)).toBe(board.rows.filter((row) => matcher.matches(row)).length);
      }
    }
  });

  it('an empty list of its own carries the build time, for the loads posted since', () => {
    const empty = decodeFilterIndex(JSON.parse(files.files.get(files.emptyList) as string) as FilterIndexFile);
    expect(empty.rows).toHaveLength(0);
    expect(empty.builtAt).toBe(routes.builtAt);
  });
});

describe("a filter on a trip from the board's routes", () => {
  const columns = JSON.parse(files.files.get(routesFile.columns ?? '') ?? 'null') as TripColumnsFile;
  const places = PLACES.filter((place) => place.country === 'UZ');
  const pairs = places
    .flatMap((a) => places.filter((b) => b !== a).map((b) => ({ from: a.slug, to: b.slug })))
    .filter((_, i) => i % 23 === 0);
  const today = tashkentToday(Date.parse('2026-11-20T12:00:00Z'));
  const queries: FilterValues[] = [
    { ...NO_FILTERS, vehicle: ['Tent'] },
    { ...NO_FILTERS, vehicle: ['Tent', 'Refrijerator'], weight: { min: 10, max: 20 } },
    { ...NO_FILTERS, loading: { from: dayText(today - 3), to: dayText(today + 2) } },
    { ...NO_FILTERS, vehicle: ['Kamaz'], near: 50 },
  ];
  /** The first page's cards of the trip, as the fallback shows them before a filter. */
  const shownOf = (trip: { from: string; to: string }): FilterRow[] => {
    const { found } = routesOnTheWay(routes, trip, context, distance);
    return firstPageOnTheWay(routesShown(found), (route) => chunkLoads(route.chunk), trip, context, distance).map(({ load }) =>
      filterRow(load, gazetteerPlaces()),
    );
  };

  it('is written by the build beside the routes, much smaller than the board index', () => {
    expect(columns?.vehicle).toHaveLength(loads.length);
    const gzip = (json: string) => gzipSync(json).length;
    expect(gzip(JSON.stringify(columns))).toBeLessThan(gzip(files.files.get(files.board) as string) / 2);
  });

  it("counts every filter's loads on the way and keeps the shown cards that match, as the rule over every load", () => {
    let counted = 0;
    for (const trip of pairs) {
      const shown = shownOf(trip);
      const rows = tripRows(routesFile, columns, shown, () => false);
      expect(rows).not.toBeNull();
      for (const query of queries) {
        const everyRow = onTheWay(board.rows, trip, query, context, null, distance);
        const found = onTheWay(rows ?? [], trip, query, context, null, distance);
        expect(found.length).toBe(everyRow.length);
        const shownIds = new Set(shown.map((row) => row.id));
        expect(found.filter(({ row }) => shownIds.has(row.id)).map(({ row, detourKm }) => [row.id, detourKm])).toEqual(
          everyRow.filter(({ row }) => shownIds.has(row.id)).map(({ row, detourKm }) => [row.id, detourKm]),
        );
        counted += found.length;
      }
    }
    expect(counted).toBeGreaterThan(100);
  });

  it("leaves out the board's newest loads taken since, and hands over to the index when older ones may be taken", () => {
    const trip = pairs.find((pair) => shownOf(pair).length >= PAGE_SIZE) ?? { from: '', to: '' };
    const newest = [...board.rows].sort((a, b) => b.posted - a.posted);
    const gone = new Set(newest.slice(0, 30).map((row) => row.id));
    const coveredFrom = newest[60]?.posted ?? 0;
    const taken = (row: FilterRow) => row.posted > coveredFrom && gone.has(row.id);
    const rows = tripRows(routesFile, columns, shownOf(trip), taken) ?? [];
    const everyRow = onTheWay(
      board.rows.filter((row) => !taken(row)),
      trip,
      NO_FILTERS,
      context,
      null,
      distance,
    );
    expect(onTheWay(rows, trip, NO_FILTERS, context, null, distance).length).toBe(everyRow.length);
    // A read that reaches past the board's newest the file names cannot tell the older loads taken.
    expect(tripRows(routesFile, columns, [], (row) => row.posted > 0 && !gone.has(row.id))).toBeNull();
  });
});
