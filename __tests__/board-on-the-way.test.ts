/**
 * The loads on the way of a trip (src/search/on-the-way.ts) equal a brute-force check of every open load by
 * CONTRACT.md's rule ("Trips"), for generated boards: places in any script or unknown, equal distances
 * and equal posting times, trips in both directions, with the page's filters. The plain check reads the
 * loads themselves with the gazetteer's road distances (src/places/distance.ts), as a person would.
 */
import fc from 'fast-check';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { NEAR_OPTIONS } from '../src/search/filter-table';
import { DETOUR_FLOOR_KM, detourLimitKm, detourOf, onTheWay, slugDistance } from '../src/search/on-the-way';
import type { BoardQuery } from '../src/search/query';
import { dayNumber, filterRow } from '../src/search/rows';
import { gazetteerPlaces } from '../src/search/gazetteer-places';
import { PLACES, placeBySlug, type Place } from '../src/places/gazetteer';
import { placeSpellings } from '../src/places/match';
import { plainOnTheWay } from './support/on-the-way-oracle';

const BASE = Date.UTC(2026, 10, 20, 6, 0, 0);
const CONTEXT = { today: dayNumber('2026-11-20'), places: PLACES };
const VEHICLES = ['Tent', 'Refrijerator', 'Isuzu'];
/** Along the M39 and off it, near each other and far: on the way, just off it, and far from it. */
const SLUGS = [
  'toshkent',
  'chirchiq',
  'olmaliq',
  'guliston',
  'jizzax',
  'samarqand',
  'kattaqorgon',
  'buxoro',
  'navoiy',
  'qarshi',
  'nukus',
  'fargona',
];
const SOME_PLACES = SLUGS.map((slug) => placeBySlug(slug) as Place);

const placeText = fc.oneof(
  { arbitrary: fc.constantFrom(...SOME_PLACES.flatMap(placeSpellings)), weight: 6 },
  { arbitrary: fc.constantFrom(...SOME_PLACES).map((place) => `${place.names.ru.toUpperCase()}, обл.`), weight: 1 },
  { arbitrary: fc.constantFrom('Nomaʼlum qishloq', 'Somewhere', ''), weight: 1 },
);

const rawLoad = (id: number): fc.Arbitrary<Load> =>
  fc
    .record({
      // Few distinct minutes, so equal posting times (and equal detours) are common.
      minutes: fc.integer({ min: 0, max: 5 }),
      vehicle: fc.option(fc.constantFrom(...VEHICLES, 'tent'), { nil: null }),
      weight: fc.option(fc.constantFrom(5, 10, 20), { nil: null }),
      loadingIn: fc.option(fc.integer({ min: -1, max: 2 }), { nil: null }),
      from: placeText,
      to: placeText,
    })
    .map((raw) =>
      normalizeLoad({
        id: String(500 + id),
        title: 'Yuk',
        createdAt: new Date(BASE - raw.minutes * 60_000).toISOString(),
        weight: raw.weight,
        loadingDate: raw.loadingIn === null ? null : new Date(BASE + raw.loadingIn * 86_400_000).toISOString().slice(0, 10),
        vehicleType: raw.vehicle === null ? null : { name: raw.vehicle },
        fromLocationName: raw.from,
        toLocationName: raw.to,
      }),
    );

const board = fc.integer({ min: 0, max: 60 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => rawLoad(i))));

const sometimes = <T>(value: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: value, weight: 1 });

const queryOf = fc
  .record({
    vehicle: fc.oneof(
      { arbitrary: fc.constant([] as string[]), weight: 2 },
      { arbitrary: fc.subarray(VEHICLES, { maxLength: 2 }), weight: 1 },
    ),
    min: sometimes(fc.constantFrom(5, 10)),
    loadingFrom: sometimes(fc.integer({ min: -1, max: 1 })),
    near: sometimes(fc.constantFrom(...NEAR_OPTIONS)),
    nearTo: sometimes(fc.constantFrom(0, ...NEAR_OPTIONS)),
  })
  .map((raw): BoardQuery => ({
    nearTo: raw.nearTo,
    page: 1,
    search: '',
    vehicle: raw.vehicle,
    weight: { min: raw.min, max: null },
    loading: { from: raw.loadingFrom === null ? null : new Date(BASE + raw.loadingFrom * 86_400_000).toISOString().slice(0, 10), to: null },
    near: raw.near,
    sort: 'newest',
  }));

/** A trip between two of the places, in either direction. */
const tripOf = fc
  .tuple(fc.constantFrom(...SLUGS), fc.constantFrom(...SLUGS), fc.boolean())
  .filter(([a, b]) => a !== b)
  .map(([a, b, back]) => (back ? { from: b, to: a } : { from: a, to: b }));

describe('the loads on the way of a trip', () => {
  it('are exactly the open loads a brute-force check of the rule keeps, smallest detour first', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(board, tripOf, queryOf, (loads, trip, query) => {
        const rows = loads.map((load) => filterRow(load, gazetteerPlaces()));
        const shown = onTheWay(rows, trip, query, CONTEXT).map(({ row, detourKm }) => [row.id, detourKm]);
        const expected = plainOnTheWay(loads, trip, query);
        if (expected.length > 0) nonEmpty += 1;
        expect(shown).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    // The generated boards do put loads on the way, or the property would hold of empty lists alone.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('allows the larger of 50 km and a fifth of the trip', () => {
    expect(detourLimitKm(100)).toBe(DETOUR_FLOOR_KM);
    expect(detourLimitKm(250)).toBe(50);
    expect(detourLimitKm(1090)).toBe(218);
  });

  it('puts Toshkent to Jizzax on the way from Toshkent to Samarqand, and not Toshkent to Fargʻona', () => {
    const distance = slugDistance(PLACES);
    const trip = { from: 'toshkent', to: 'samarqand' };
    // 0 + 230 + 120 − 300: the estimate's legs against the published 300 km of the trip.
    expect(detourOf(trip, 'toshkent', 'jizzax', distance)).toBe(50);
    expect(detourOf(trip, 'jizzax', 'samarqand', distance)).toBe(50);
    expect(detourOf(trip, 'toshkent', 'fargona', distance)).toBeNull();
    // The same load the other way round goes against the trip.
    expect(detourOf(trip, 'jizzax', 'toshkent', distance)).toBeNull();
  });

  it('never puts a load with an unknown place on the way, nor lists one of the route itself', () => {
    const load = (id: string, from: string, to: string) =>
      normalizeLoad({ id, title: 'Yuk', createdAt: new Date(BASE).toISOString(), fromLocationName: from, toLocationName: to });
    const loads = [load('1', 'Toshkent', 'Samarqand'), load('2', 'Ташкент', 'Nomaʼlum qishloq'), load('3', 'Тошкент', 'Жиззах')];
    const rows = loads.map((one) => filterRow(one, gazetteerPlaces()));
    const trip = { from: 'toshkent', to: 'samarqand' };
    expect(onTheWay(rows, trip, { ...queryBase(), near: null }, CONTEXT).map(({ row }) => row.id)).toEqual(['3']);
  });

  it("counts a load to a place within the destination's own radius as the route's own, not as on its way", () => {
    const load = (id: string, from: string, to: string) =>
      normalizeLoad({ id, title: 'Yuk', createdAt: new Date(BASE).toISOString(), fromLocationName: from, toLocationName: to });
    // Jizzax lies on the way from Toshkent to Samarqand, and within 100 km of Samarqand; a load from it
    // leaves a place no radius of the destination widens.
    const rows = [load('1', 'Toshkent', 'Jizzax'), load('2', 'Jizzax', 'Samarqand')].map((one) => filterRow(one, gazetteerPlaces()));
    const trip = { from: 'toshkent', to: 'samarqand' };
    const ids = (nearTo: number | null) => onTheWay(rows, trip, { ...queryBase(), nearTo }, CONTEXT).map(({ row }) => row.id);
    expect(ids(null)).toEqual(['1', '2']);
    expect(ids(0)).toEqual(['1', '2']);
    expect(ids(100)).toEqual(['2']);
  });
});

function queryBase(): BoardQuery {
  return {
    nearTo: null,
    page: 1,
    search: '',
    vehicle: [],
    weight: { min: null, max: null },
    loading: { from: null, to: null },
    near: null,
    sort: 'newest',
  };
}
