/**
 * The browser tests' oracle (e2e/expected-list.ts) and the board's one matcher are written apart from
 * each other; here they must agree on the sample API's loads for every kind of query, so a browser test
 * that fails points at the page, not at a drifted oracle.
 */
import { normalizeLoadList } from '../src/api-client/normalize';
import { parseBoardQuery } from '../src/search/query';
import { filterRow, tashkentToday } from '../src/search/rows';
import { matchingRows, type ListPlaces } from '../src/search/matcher';
import { gazetteerPlaces } from '../src/search/gazetteer-places';
import { PLACES } from '../src/places/gazetteer';
import { matchPlace } from '../src/places/match';
import { generateLoads, VEHICLE_TYPES } from '../tools/sample-api/data';
import { expectedIds } from '../e2e/expected-list';

const loads = normalizeLoadList({ data: generateLoads(1200) }).loads;
const rows = loads.map((load) => filterRow(load, gazetteerPlaces()));

function matcherIds(search: string, list: ListPlaces): string[] {
  const query = parseBoardQuery(search, { placeList: Boolean(list.from || list.to) });
  const searchPlace = query.search ? (matchPlace(query.search)?.slug ?? null) : null;
  const context = { today: tashkentToday(Date.now()), places: PLACES };
  return matchingRows(rows, query, { list, searchPlace }, context).map((row) => row.id);
}

const FILTERS = ['', '&near=50', '&near=100', '&sort=loading', '&weightMin=10&weightMax=3', '&loadingFrom=2026-11-18&loadingTo=2026-11-25'];
const cases: Array<[string, ListPlaces]> = [
  ...['Toshkent', 'Ташкент', 'Buxoro', 'Samarqand', 'Fargʻona'].flatMap((place) =>
    FILTERS.map((filter): [string, ListPlaces] => [`?search=${encodeURIComponent(place)}${filter}`, {}]),
  ),
  ...VEHICLE_TYPES.map((type): [string, ListPlaces] => [`?vehicle=${encodeURIComponent(type.name)}&near=25`, { from: 'toshkent' }]),
  ...['fargona', 'samarqand', 'buxoro'].flatMap((slug) =>
    ['', '?near=100', '?near=25&sort=loading'].flatMap((query): Array<[string, ListPlaces]> => [
      [query, { from: slug }],
      [query, { to: slug }],
      [query, { from: slug, to: 'toshkent' }],
    ]),
  ),
  ['?sort=loading', {}],
  ['?weightMin=5', {}],
];

it.each(cases)('%s on %j lists what the contract says, in its order', (search, list) => {
  const expected = expectedIds(loads, search, list);
  expect(matcherIds(search, list)).toEqual(expected);
});

it('refuses a free-text search, which only the API can answer', () => {
  expect(() => expectedIds(loads, '?search=sement')).toThrow(/place searches only/);
});
