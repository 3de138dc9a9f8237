/**
 * The filtered list the phone makes from the filter index the build publishes equals a plain filter of
 * the board, whatever the board holds: places in any spelling or unknown, loads missing the weight, the
 * loading day or the vehicle type, equal posting times, both orders (CONTRACT.md, "Filters"). The plain
 * filter below reads the loads themselves, with the gazetteer, as a person would check the list.
 */
import fc from 'fast-check';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { decodeFilterIndex, loadFromTuple, type FilterIndexFile } from '../src/board/filter-index';
import { facetCounts, rowFilter, rowMatches, rowOrder } from '../src/board/filters';
import { parseBoardQuery, type BoardQuery } from '../src/board/query';
import { filterFiles } from '../src/gatsby/filter-files';
import { groupBuildLoads } from '../src/gatsby/place-pages';
import { sameCardFields } from '../src/loads/card-content';
import { isoDay } from '../src/loads/format';
import { postedAt } from '../src/loads/posting-time';
import { PLACES } from '../src/places/gazetteer';
import { matchPlace, placeSpellings } from '../src/places/match';
import { placeFilesFromLoads } from '../src/places/place-file-from-loads';
import { searchedPlace } from '../src/places/place-file';

const LISTED = ['Tent', 'Refrijerator', 'Fura 20t', 'Labo', 'Isuzu'];
const BASE = Date.UTC(2026, 10, 20, 6, 0, 0);
const SOME_PLACES = PLACES.slice(0, 6);

/** A place as the API may send it: any spelling of a few known places, in any case, "City, region", or unknown. */
const placeText = fc.oneof(
  fc.constantFrom(...SOME_PLACES.flatMap(placeSpellings)),
  fc.constantFrom(...SOME_PLACES).map((place) => `${place.names.uz}, viloyat`),
  fc.constantFrom(...SOME_PLACES.map((place) => place.names.ru.toUpperCase())),
  fc.constantFrom('Nomaʼlum qishloq', 'Somewhere', ''),
);

/** Mostly absent: a query holds a few filters at once, as a person chooses them, and lists stay non-empty. */
const sometimes = <T>(value: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: value, weight: 1 });
/** Few values, so a load's weight is often exactly a filter's bound. */
const TONNES = [1, 5, 7.5, 10, 20, 22];

const rawLoad = (id: number) =>
  fc
    .record({
      minutes: fc.integer({ min: 0, max: 60 * 24 * 20 }),
      seconds: fc.boolean(),
      vehicle: fc.option(fc.oneof(fc.constantFrom(...LISTED), fc.constantFrom('tent', 'FURA 20T', 'Samosval')), { nil: null }),
      weight: fc.option(fc.constantFrom(...TONNES), { nil: null }),
      loadingIn: fc.option(fc.integer({ min: -2, max: 4 }), { nil: null }),
      dateOnly: fc.boolean(),
      from: placeText,
      to: placeText,
      undated: fc.constant(false).chain(() => fc.boolean().map((b) => b && id % 13 === 0)),
    })
    .map((raw) =>
      normalizeLoad({
        id: String(1000 + id),
        title: `Yuk ${id}`,
        createdAt: raw.undated ? null : new Date(BASE - raw.minutes * 60_000 - (raw.seconds ? 0 : 123)).toISOString(),
        weight: raw.weight,
        loadingDate:
          raw.loadingIn === null
            ? null
            : raw.dateOnly
              ? new Date(BASE + raw.loadingIn * 86_400_000).toISOString().slice(0, 10)
              : new Date(BASE + raw.loadingIn * 86_400_000 + 19 * 3_600_000).toISOString(),
        vehicleType: raw.vehicle === null ? null : { name: raw.vehicle },
        fromLocationName: raw.from,
        toLocationName: raw.to,
      }),
    );

const board = fc.integer({ min: 0, max: 70 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => rawLoad(i))));

const queryOf = fc
  .record({
    vehicles: fc.oneof(
      { arbitrary: fc.constant([]), weight: 2 },
      { arbitrary: fc.subarray([...LISTED, 'samosval', 'TENT', 'Avtovoz'], { maxLength: 3 }), weight: 1 },
    ),
    weightMin: sometimes(fc.constantFrom(...TONNES)),
    weightMax: sometimes(fc.constantFrom(...TONNES)),
    loadingFrom: sometimes(fc.integer({ min: -3, max: 5 })),
    loadingTo: sometimes(fc.integer({ min: -3, max: 5 })),
    sort: fc.constantFrom('newest' as const, 'loading' as const),
    search: sometimes(fc.constantFrom(...SOME_PLACES.flatMap(placeSpellings))),
  })
  .map((raw): BoardQuery => {
    const day = (offset: number | null) =>
      offset === null ? null : new Date(BASE + offset * 86_400_000 + 5 * 3_600_000).toISOString().slice(0, 10);
    return {
      page: 1,
      search: raw.search ?? '',
      vehicles: raw.vehicles,
      weightMin: raw.weightMin,
      weightMax: raw.weightMax,
      loadingFrom: day(raw.loadingFrom),
      loadingTo: day(raw.loadingTo),
      sort: raw.sort,
    };
  });

/** The list as a person checks it against each load. */
function plainFilter(loads: readonly Load[], query: BoardQuery, scope: { from?: string; to?: string }): string[] {
  const slug = (text: string) => (text ? (matchPlace(text)?.slug ?? null) : null);
  const searched = query.search ? (matchPlace(query.search)?.slug ?? null) : null;
  const kept = loads.filter((load) => {
    const from = slug(load.from);
    const to = slug(load.to);
    if (scope.from && from !== scope.from) return false;
    if (scope.to && to !== scope.to) return false;
    if (searched && from !== searched && to !== searched) return false;
    if (query.vehicles.length && !query.vehicles.some((name) => name.toLowerCase() === load.vehicleType.toLowerCase())) return false;
    if ((query.weightMin !== null || query.weightMax !== null) && load.weight === null) return false;
    if (query.weightMin !== null && (load.weight as number) < query.weightMin) return false;
    if (query.weightMax !== null && (load.weight as number) > query.weightMax) return false;
    const day = isoDay(load.loadingDate) ?? null;
    if ((query.loadingFrom || query.loadingTo) && day === null) return false;
    if (query.loadingFrom && (day as string) < query.loadingFrom) return false;
    if (query.loadingTo && (day as string) > query.loadingTo) return false;
    return true;
  });
  const newest = (a: Load, b: Load) => postedAt(b) - postedAt(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const byDay = (a: Load, b: Load) => {
    const [x, y] = [isoDay(a.loadingDate) ?? null, isoDay(b.loadingDate) ?? null];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    return newest(a, b);
  };
  // Undated loads: postedAt is -Infinity for both, and -Infinity minus -Infinity is NaN.
  const safe = (order: (a: Load, b: Load) => number) => (a: Load, b: Load) => order(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return kept.sort(safe(query.sort === 'loading' ? byDay : newest)).map((load) => load.id);
}

function published(loads: Load[]) {
  const groups = groupBuildLoads(loads);
  const files = filterFiles(loads, groups, LISTED, BASE);
  const read = (path: string) => JSON.parse(files.files.get(path) as string) as FilterIndexFile;
  return { files, groups, read };
}

describe('the filter index', () => {
  it('filters, orders and counts a generated board exactly as a plain filter of its loads does', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(board, queryOf, fc.nat(), (loads, query, pick) => {
        const { files, read } = published(loads);
        const placeFile = placeFilesFromLoads(loads.flatMap((load) => [load.from, load.to])).uz;
        const scopes: Array<{ path: string; scope: { from?: string; to?: string } }> = [
          { path: files.board, scope: {} },
          ...[...files.from].map(([slug, path]) => ({ path, scope: { from: slug } })),
          ...[...files.to].map(([slug, path]) => ({ path, scope: { to: slug } })),
          ...[...files.routes].map(([key, path]) => ({ path, scope: { from: key.split('/')[0], to: key.split('/')[1] } })),
        ];
        // Half the time the board, else any city or route list.
        const { path, scope } = scopes[pick % 2 === 0 ? 0 : pick % scopes.length] as (typeof scopes)[number];
        const index = decodeFilterIndex(read(path));
        const place = query.search ? (searchedPlace(placeFile, query.search)?.slug ?? null) : null;
        const filter = rowFilter(query, place, scope.from || scope.to ? scope : null);
        const shown = index.rows.filter((row) => rowMatches(row, filter)).sort(rowOrder(query.sort));
        const expected = plainFilter(loads, query, scope);
        if (expected.length > 0) nonEmpty += 1;
        expect(shown.map((row) => row.id)).toEqual(expected);
        // Each option counts what choosing it would show, under the other filters.
        const counts = facetCounts(index.rows, filter);
        for (const name of LISTED) {
          const alone = { ...query, vehicles: [name] };
          expect(counts.vehicles.get(name.toLowerCase()) ?? 0).toBe(plainFilter(loads, alone, scope).length);
        }
      }),
      { numRuns: 400 },
    );
    // The property says little if the lists were empty: most of them hold loads.
    expect(nonEmpty).toBeGreaterThan(400 / 3);
  });

  it('holds every card of its list in its chunks, in each layout, as the API sent it', () => {
    fc.assert(
      fc.property(board, (loads) => {
        const { files, read } = published(loads);
        const index = read(files.board);
        const decoded = decodeFilterIndex(index);
        const byId = new Map(loads.map((load) => [load.id, load]));
        for (const layout of decoded.layouts) {
          const cards = new Map<string, Load>();
          for (const file of layout.files)
            for (const tuple of JSON.parse(files.files.get(`/filters/cards/${file}.json`) as string) as unknown[]) {
              const load = loadFromTuple(tuple) as Load;
              cards.set(load.id, load);
            }
          decoded.rows.forEach((row, number) => {
            const card = cards.get(row.id) as Load;
            expect(layout.chunkOfRow[number]).toBeGreaterThanOrEqual(0);
            expect(sameCardFields(card, byId.get(row.id) as Load)).toBe(true);
          });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('reads a filtered URL the same way (a shared link opens the same list)', () => {
    const loads = fc.sample(board, { numRuns: 1, seed: 7 })[0] as Load[];
    const { files, read } = published(loads);
    const index = decodeFilterIndex(read(files.board));
    const query = parseBoardQuery('?vehicle=tent&weightMin=10&sort=loading');
    const filter = rowFilter(query, null);
    expect(
      index.rows
        .filter((row) => rowMatches(row, filter))
        .sort(rowOrder('loading'))
        .map((row) => row.id),
    ).toEqual(plainFilter(loads, query, {}));
  });
});
