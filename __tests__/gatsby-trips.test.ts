/**
 * The build's trips (src/gatsby/trips.ts) on the route pages it makes (src/gatsby/place-pages.ts): the
 * loads on the way are the board's trip rule over every load the build read (src/search/on-the-way.ts),
 * smallest detour first, at most a page of them on the list's first page, with exact counts; the way back
 * counts the loads from around the destination to around the origin and links the reversed route.
 */
import type { Actions } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { NO_FILTERS } from '../src/search/filter-table';
import { onTheWay } from '../src/search/on-the-way';
import { dayNumber, filterRow } from '../src/search/rows';
import { gazetteerPlaces } from '../src/search/gazetteer-places';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import { PLACES } from '../src/places/gazetteer';

const BASE = Date.UTC(2026, 10, 20, 6, 0, 0);
let next = 0;
const load = (from: string, to: string, minutesAgo = 0): Load =>
  normalizeLoad({
    id: String((next += 1)),
    title: 'Yuk',
    createdAt: new Date(BASE - minutesAgo * 60_000).toISOString(),
    fromLocationName: from,
    toLocationName: to,
  });

function pages(loads: readonly Load[]): Map<string, PlaceLoadsPageContext> {
  const made = new Map<string, PlaceLoadsPageContext>();
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
    made.set(page.path, page.context)) as unknown as Actions['createPage'];
  createPlacePages(groupBuildLoads(loads), BASE, createPage);
  return made;
}

describe('a route page’s trip', () => {
  const board = [
    load('Toshkent', 'Samarqand'),
    load('Ташкент', 'Жиззах', 5),
    load('Jizzax', 'Самарканд', 1),
    load('Guliston', 'Jizzax'),
    load('Toshkent', 'Fargʻona'),
    load('Nomaʼlum qishloq', 'Samarqand'),
    load('Самарканд', 'Ташкент'),
    load('Urgut', 'Chirchiq'),
    load('Samarqand', 'Buxoro'),
  ];
  const made = pages(board);

  it('lists the loads on the way, smallest detour first, equal detours newest first, with their detours', () => {
    const trip = made.get('/ru/loads/route/toshkent/samarqand')?.trip;
    expect(trip?.loads.map((one) => [one.from, one.to])).toEqual([
      ['Джизак', 'Самарканд'],
      ['Ташкент', 'Джизак'],
    ]);
    expect(Object.values(trip?.detours ?? {})).toEqual([50, 50]);
    expect(trip?.total).toBe(2);
    expect(trip?.limitKm).toBe(60);
  });

  it('counts the way back around both ends and links the reversed route', () => {
    const wayBack = made.get('/ru/loads/route/toshkent/samarqand')?.trip?.wayBack;
    // Samarqand → Toshkent itself and Urgut → Chirchiq, each within 50 km of an end; not Samarqand → Buxoro.
    expect(wayBack).toEqual({ count: 2, path: '/loads/route/samarqand/toshkent', near: 50, from: 'Самарканд', to: 'Ташкент' });
    // The reversed route's own way back: no route page Toshkent → Buxoro, so no link.
    expect(made.get('/uz/loads/route/samarqand/buxoro')?.trip?.wayBack).toMatchObject({ count: 0, path: '' });
  });

  it('is on route pages only', () => {
    expect(made.get('/ru/loads/from/toshkent')?.trip).toBeUndefined();
    expect(made.get('/ru/loads/to/samarqand')?.trip).toBeUndefined();
  });

  it('equals the board’s trip rule over every load, on every route page, with a page of cards at most', () => {
    const many = Array.from({ length: 150 }, (_, index) => {
      const ends = [
        ['Toshkent', 'Jizzax'],
        ['Guliston', 'Samarqand'],
        ['Samarqand', 'Toshkent'],
        ['Olmaliq', 'Navoiy'],
        ['Toshkent', 'Samarqand'],
        ['Chirchiq', 'Guliston'],
      ][index % 6] as [string, string];
      return load(ends[0], ends[1], index % 7);
    });
    const built = pages(many);
    const rows = many.map((one) => filterRow(one, gazetteerPlaces()));
    const context = { today: dayNumber('2026-11-20'), places: PLACES };
    let checked = 0;
    for (const [path, page] of built) {
      const match = /^\/ru\/loads\/route\/([a-z-]+)\/([a-z-]+)$/.exec(path);
      if (!match) continue;
      const expected = onTheWay(rows, { from: match[1] as string, to: match[2] as string }, NO_FILTERS, context);
      expect(page.trip?.total).toBe(expected.length);
      expect(page.trip?.loads.map((one) => one.id)).toEqual(expected.slice(0, 20).map(({ row }) => row.id));
      expect(page.trip?.loads.map((one) => page.trip?.detours[one.id])).toEqual(expected.slice(0, 20).map(({ detourKm }) => detourKm));
      checked += 1;
    }
    expect(checked).toBe(6);
    expect(built.has('/ru/loads/route/toshkent/samarqand/2')).toBe(true);
    expect(built.get('/ru/loads/route/toshkent/samarqand/2')?.trip).toBeUndefined();
  });
});
