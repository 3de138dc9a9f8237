import fc from 'fast-check';
import { NEAR_MAX_KM } from '../../src/search/filter-table';
import type { BoardQuery } from '../../src/search/query';

/** Any day the board may be filtered by. */
export const anyDay = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Tonnes to a thousandth, up to the board's limit. */
export const anyTonnes = fc.integer({ min: 0, max: 1_000_000 }).map((thousandths) => thousandths / 1000);

/** A vehicle type's name as the API may spell it: letters of any script, digits and the marks names use. */
export const anyVehicleName = fc
  .stringMatching(/^[A-Za-zА-Яа-яЎўҚқҒғҲҳЁё0-9][A-Za-zА-Яа-я0-9 ./-]{0,24}$/)
  .filter((name) => name.trim() === name);

const range = <T extends number | string>(value: fc.Arbitrary<T>): fc.Arbitrary<[T | null, T | null]> =>
  fc
    .tuple(fc.option(value, { nil: null }), fc.option(value, { nil: null }))
    .map(([a, b]): [T | null, T | null] => (a !== null && b !== null && a > b ? [b, a] : [a, b]));

/**
 * Every query the board can express (CONTRACT.md, "Filters"), as its URL would read back: ranges in
 * order, `near` only with a search (on the board) or on a list with a place (`placeList`).
 */
export function boardQueries({
  placeList = false,
  routeList = false,
}: { placeList?: boolean; routeList?: boolean } = {}): fc.Arbitrary<BoardQuery> {
  return fc
    .record({
      page: fc.integer({ min: 1, max: 999_999 }),
      search: fc.string({ maxLength: 40 }).map((text) => text.trim()),
      vehicle: fc.uniqueArray(anyVehicleName, { maxLength: 5, selector: (name) => name.toLowerCase() }),
      weight: range(anyTonnes).map(([min, max]) => ({ min, max })),
      loading: range(anyDay).map(([from, to]) => ({ from, to })),
      near: fc.option(fc.integer({ min: 1, max: NEAR_MAX_KM }), { nil: null }),
      sort: fc.constantFrom('newest' as const, 'loading' as const),
      nearTo: fc.option(fc.integer({ min: 0, max: NEAR_MAX_KM }), { nil: null }),
    })
    .map((query) => ({ ...query, near: placeList || query.search ? query.near : null, nearTo: routeList ? query.nearTo : null }));
}
