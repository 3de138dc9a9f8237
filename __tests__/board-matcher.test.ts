/**
 * The board's one matcher (src/search/matcher.ts) over the filter index the build publishes equals a plain
 * check of each load, whatever the board holds: places in any spelling or unknown, titles that name a
 * place with a case ending, loads missing the weight, the loading day or the vehicle type, equal posting
 * times, both orders, every list and every radius (CONTRACT.md, "Filters"). The plain check below reads
 * the loads themselves, with the gazetteer and its coordinates, as a person would check the list.
 */
import fc from 'fast-check';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { decodeFilterIndex, loadFromTuple, type FilterIndexFile } from '../src/board/sources/filter-index';
import { NEAR_OPTIONS, type FilterValues } from '../src/search/filter-table';
import { facetCounts, matchingRows, type ListMatch } from '../src/search/matcher';
import { parseBoardQuery, type BoardQuery } from '../src/search/query';
import { dayNumber, filterRow, type FilterRow } from '../src/search/rows';
import { filterFiles } from '../src/gatsby/filter-files';
import { gazetteerPlaces } from '../src/search/gazetteer-places';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { sameCardFields } from '../src/loads/card-content';
import { isoDay } from '../src/loads/format';
import { postedAt } from '../src/loads/posting-time';
import { PLACES, placeBySlug, type Place } from '../src/places/gazetteer';
import { matchPlace, placeSpellings } from '../src/places/match';
import { greatCircleKm } from '../src/places/road-distance';

const LISTED = ['Tent', 'Refrijerator', 'Fura 20t', 'Labo', 'Isuzu'];
const BASE = Date.UTC(2026, 10, 20, 6, 0, 0);
const TODAY = dayNumber('2026-11-20');
/** Places within and beyond 25, 50 and 100 km of each other, so every radius changes the list. */
const SOME_PLACES = ['samarqand', 'urgut', 'kattaqorgon', 'jizzax', 'toshkent', 'chirchiq', 'olmaliq'].map(
  (slug) => placeBySlug(slug) as Place,
);
const CONTEXT = { today: TODAY, places: PLACES };

/** A place as the API may send it: any spelling of a few known places, in any case, "City, region", or unknown. */
const placeText = fc.oneof(
  fc.constantFrom(...SOME_PLACES.flatMap(placeSpellings)),
  fc.constantFrom(...SOME_PLACES).map((place) => `${place.names.uz}, viloyat`),
  fc.constantFrom(...SOME_PLACES.map((place) => place.names.ru.toUpperCase())),
  fc.constantFrom('Nomaʼlum qishloq', 'Somewhere', ''),
);

/** A title that names no place, or one with the case ending a person writes (`Urgutdan`, `из Ташкента`). */
const titleOf = fc.oneof(
  { arbitrary: fc.constant({ text: 'Sement, qop', names: null as string | null }), weight: 2 },
  {
    arbitrary: fc
      .record({ place: fc.constantFrom(...SOME_PLACES), form: fc.constantFrom('dan', 'ga', '', 'ru') })
      .map(({ place, form }) => ({
        text: form === 'ru' ? `Груз из ${place.names.ru}а срочно` : `${place.names.uz}${form} yuk bor`,
        names: place.slug,
      })),
    weight: 1,
  },
);

/** Mostly absent: a query holds a few filters at once, as a person chooses them, and lists stay non-empty. */
const sometimes = <T>(value: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: value, weight: 1 });
/** Few values, so a load's weight is often exactly a filter's bound. */
const TONNES = [1, 5, 7.5, 10, 20, 22];

interface Generated {
  load: Load;
  /** The place the generated title names, by slug. */
  titleNames: string | null;
}

const rawLoad = (id: number): fc.Arbitrary<Generated> =>
  fc
    .record({
      minutes: fc.integer({ min: 0, max: 60 * 24 * 20 }),
      seconds: fc.boolean(),
      vehicle: fc.option(fc.oneof(fc.constantFrom(...LISTED), fc.constantFrom('tent', 'FURA 20T', 'Samosval')), { nil: null }),
      weight: fc.option(fc.constantFrom(...TONNES), { nil: null }),
      loadingIn: fc.option(fc.integer({ min: -3, max: 4 }), { nil: null }),
      dateOnly: fc.boolean(),
      from: placeText,
      to: placeText,
      title: titleOf,
      undated: fc.boolean().map((b) => b && id % 13 === 0),
    })
    .map((raw) => ({
      titleNames: raw.title.names,
      load: normalizeLoad({
        id: String(1000 + id),
        title: raw.title.text,
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
    }));

const board = fc.integer({ min: 0, max: 70 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => rawLoad(i))));

const queryOf = fc
  .record({
    vehicle: fc.oneof(
      { arbitrary: fc.constant([]), weight: 2 },
      { arbitrary: fc.subarray([...LISTED, 'samosval', 'TENT', 'Avtovoz'], { maxLength: 3 }), weight: 1 },
    ),
    min: sometimes(fc.constantFrom(...TONNES)),
    max: sometimes(fc.constantFrom(...TONNES)),
    from: sometimes(fc.integer({ min: -3, max: 5 })),
    to: sometimes(fc.integer({ min: -3, max: 5 })),
    near: sometimes(fc.constantFrom(...NEAR_OPTIONS, 70, 300)),
    nearTo: sometimes(fc.constantFrom(0, ...NEAR_OPTIONS, 70)),
    sort: fc.constantFrom('newest' as const, 'loading' as const),
    search: sometimes(fc.constantFrom(...SOME_PLACES.flatMap(placeSpellings))),
  })
  .map((raw): BoardQuery => {
    const day = (offset: number | null) =>
      offset === null ? null : new Date(BASE + offset * 86_400_000 + 5 * 3_600_000).toISOString().slice(0, 10);
    const [min, max] = raw.min !== null && raw.max !== null && raw.min > raw.max ? [raw.max, raw.min] : [raw.min, raw.max];
    const [first, second] = [day(raw.from), day(raw.to)];
    const [from, to] = first !== null && second !== null && first > second ? [second, first] : [first, second];
    return {
      page: 1,
      search: raw.search ?? '',
      vehicle: raw.vehicle,
      weight: { min, max },
      loading: { from, to },
      near: raw.near,
      sort: raw.sort,
      nearTo: raw.nearTo,
    };
  });

/** Whether the place a text names is within `km` of the place `slug` (the place itself when `km` is null). */
function near(text: string | null, slug: string, km: number | null): boolean {
  const place = text ? matchPlace(text) : undefined;
  if (!place) return false;
  return place.slug === slug || (km !== null && greatCircleKm(place, placeBySlug(slug) as Place) <= km);
}

/** The list as a person checks it against each load. */
function plainFilter(loads: readonly Generated[], query: BoardQuery, list: { from?: string; to?: string }): string[] {
  const searched = query.search ? (matchPlace(query.search)?.slug ?? null) : null;
  const km = query.near;
  // A route's destination has its own radius where `nearTo` is set (0: the destination alone); a city page's place has `near`.
  const toKm = list.from && list.to && query.nearTo !== null ? query.nearTo || null : km;
  const kept = loads.filter(({ load, titleNames }) => {
    if (list.from && !near(load.from, list.from, km)) return false;
    if (list.to && !near(load.to, list.to, toKm)) return false;
    const named = titleNames ? (placeBySlug(titleNames)?.names.uz ?? null) : null;
    if (searched && !near(load.from, searched, km) && !near(load.to, searched, km) && !near(named, searched, km)) return false;
    if (query.vehicle.length && !query.vehicle.some((name) => name.toLowerCase() === load.vehicleType.toLowerCase())) return false;
    const { min, max } = query.weight;
    if ((min !== null || max !== null) && load.weight === null) return false;
    if (min !== null && (load.weight as number) < min) return false;
    if (max !== null && (load.weight as number) > max) return false;
    const day = isoDay(load.loadingDate) ?? null;
    if ((query.loading.from || query.loading.to) && day === null) return false;
    if (query.loading.from && (day as string) < query.loading.from) return false;
    if (query.loading.to && (day as string) > query.loading.to) return false;
    return true;
  });
  const newest = (a: Load, b: Load) => postedAt(b) - postedAt(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  // Today and later soonest first, then the days gone by, the latest first, then loads without a day.
  const rank = (day: number | null) => (day === null ? 2 : day >= TODAY ? 0 : 1);
  const byDay = (a: Load, b: Load) => {
    const [x, y] = [isoDay(a.loadingDate), isoDay(b.loadingDate)].map((text) => (text ? dayNumber(text) : null)) as [
      number | null,
      number | null,
    ];
    if (rank(x) !== rank(y)) return rank(x) - rank(y);
    if (x !== y && x !== null && y !== null) return rank(x) === 0 ? x - y : y - x;
    return newest(a, b);
  };
  // Undated loads: postedAt is -Infinity for both, and -Infinity minus -Infinity is NaN.
  const safe = (order: (a: Load, b: Load) => number) => (a: Load, b: Load) => order(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return kept
    .map(({ load }) => load)
    .sort(safe(query.sort === 'loading' ? byDay : newest))
    .map((load) => load.id);
}

function published(generated: Generated[]) {
  const loads = generated.map(({ load }) => load);
  const files = filterFiles(loads, groupBuildLoads(loads), LISTED, BASE);
  const read = (path: string) => decodeFilterIndex(JSON.parse(files.files.get(path) as string) as FilterIndexFile);
  return { files, read };
}

const matchOf = (query: BoardQuery, list: ListMatch['list']): ListMatch => ({
  list,
  searchPlace: query.search ? (matchPlace(query.search)?.slug ?? null) : null,
});

describe('the board matcher over the published index', () => {
  it('lists, orders and counts a generated board exactly as a plain check of its loads does, on every list', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(board, queryOf, fc.nat(), (loads, query, pick) => {
        const { files, read } = published(loads);
        const lists: Array<{ path: string; list: { from?: string; to?: string } }> = [
          { path: files.board, list: {} },
          ...[...files.from].map(([slug, path]) => ({ path, list: { from: slug } })),
          ...[...files.to].map(([slug, path]) => ({ path, list: { to: slug } })),
          ...[...files.routes].map(([key, path]) => ({ path, list: { from: key.split('/')[0], to: key.split('/')[1] } })),
        ];
        // Half the time the board, else any city or route list; `near` reads the board's whole index.
        const { path, list } = lists[pick % 2 === 0 ? 0 : pick % lists.length] as (typeof lists)[number];
        const rows = read(query.near === null && !query.nearTo ? path : files.board).rows;
        const match = matchOf(query, list);
        const shown = matchingRows(rows, query, match, CONTEXT).map((row) => row.id);
        const expected = plainFilter(loads, query, list);
        if (expected.length > 0) nonEmpty += 1;
        expect(shown).toEqual(expected);
        // Each option counts what choosing it would show, under the other filters: over rows that hold
        // every radius's loads, as the phone's counts read the loads around the list's place.
        const counts = facetCounts(read(files.board).rows, query, match, CONTEXT);
        for (const name of LISTED)
          expect(counts.vehicle.get(name.toLowerCase()) ?? 0).toBe(plainFilter(loads, { ...query, vehicle: [name] }, list).length);
        if (match.searchPlace || list.from || list.to)
          for (const km of NEAR_OPTIONS) expect(counts.near.get(km)).toBe(plainFilter(loads, { ...query, near: km }, list).length);
      }),
      { numRuns: 400 },
    );
    // The property says little if the lists were empty: most of them hold loads.
    expect(nonEmpty).toBeGreaterThan(400 / 4);
  });

  it('serves a place search and every radius up to 100 km from the loads around the place', () => {
    fc.assert(
      fc.property(board, queryOf, (loads, query) => {
        const searched = query.search ? matchPlace(query.search)?.slug : undefined;
        fc.pre(searched !== undefined && (query.near === null || query.near <= 100));
        const { files, read } = published(loads);
        const around = files.around.get(searched as string);
        const rows = around ? read(around).rows : [];
        expect(matchingRows(rows, query, matchOf(query, {}), CONTEXT).map((row) => row.id)).toEqual(plainFilter(loads, query, {}));
      }),
      { numRuns: 200 },
    );
  });

  it('narrows a search and never changes it: the filtered list is the search’s list less what the filters leave out', () => {
    fc.assert(
      fc.property(board, queryOf, (loads, query) => {
        const rows: FilterRow[] = loads.map(({ load }) => filterRow(load, gazetteerPlaces()));
        const match = matchOf(query, {});
        const searchOnly: FilterValues = {
          ...query,
          vehicle: [],
          weight: { min: null, max: null },
          loading: { from: null, to: null },
          sort: query.sort,
        };
        const unfiltered = new Set(plainFilter(loads, { ...query, ...searchOnly }, {}));
        const filtered = matchingRows(rows, query, match, CONTEXT).map((row) => row.id);
        for (const id of filtered) expect(unfiltered.has(id)).toBe(true);
        expect(filtered).toEqual(plainFilter(loads, query, {}));
      }),
      { numRuns: 300 },
    );
  });

  it('puts today and later first, soonest first, then the days gone by, then loads without a day', () => {
    const day = (offset: number) => new Date(BASE + offset * 86_400_000).toISOString().slice(0, 10);
    const loads = [-2, 3, null, 0, -1, 1].map((offset, index) =>
      normalizeLoad({
        id: String(index + 1),
        title: 'Yuk',
        createdAt: new Date(BASE).toISOString(),
        loadingDate: offset === null ? null : day(offset),
      }),
    );
    const rows = loads.map((load) => filterRow(load, gazetteerPlaces()));
    const order = matchingRows(rows, parseBoardQuery('?sort=loading'), { list: {}, searchPlace: null }, CONTEXT).map((row) => row.id);
    expect(order).toEqual(['4', '6', '2', '5', '1', '3']);
  });

  it('holds every card of its list in its chunks, in each layout, as the API sent it', () => {
    fc.assert(
      fc.property(board, (generated) => {
        const { files, read } = published(generated);
        const decoded = read(files.board);
        const byId = new Map(generated.map(({ load }) => [load.id, load]));
        for (const layout of decoded.layouts) {
          const cards = new Map<string, Load>();
          for (const file of layout.files)
            for (const tuple of JSON.parse(files.files.get(`/filters/cards/${file}.json`) as string) as unknown[]) {
              const load = loadFromTuple(tuple) as Load;
              cards.set(load.id, load);
            }
          decoded.rows.forEach((row, number) => {
            expect(layout.chunkOfRow[number]).toBeGreaterThanOrEqual(0);
            expect(sameCardFields(cards.get(row.id) as Load, byId.get(row.id) as Load)).toBe(true);
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});
