/**
 * One matcher: the loads an alert lists are exactly the board's list for the kept search's URL among
 * the loads posted since its cursor, in the board's order (and for a kept route, its loads on the way
 * after them, as its page lists them), whatever the board holds (places in any
 * spelling or unknown, loads missing a weight, a loading day or a type, equal posting times). The
 * board's side is the build's filter index of that list (src/gatsby/filter-files.ts) read and filtered
 * as the phone does it (src/board/sources/filter-index.ts, src/search/matcher.ts); the alerts' side is the run's
 * plan (tools/telegram/alerts/plan.ts) from the token the board's link carries.
 */
import fc from 'fast-check';
import { normalizeLoad } from '../src/api-client/normalize';
import { LANGUAGE_PREFIXES } from '../src/config/languages';
import { boardSearchString, type BoardQuery, EMPTY_QUERY } from '../src/search/query';
import { publishedBoard } from '../src/feeds/published-board';
import { PLACES } from '../src/places/gazetteer';
import { placeSpellings } from '../src/places/match';
import { vehicleNamesById } from '../tools/telegram/alerts/kept-list';
import { planAlerts } from '../tools/telegram/alerts/plan';
import { emptyAlertsState } from '../tools/telegram/alerts/state';
import { boardListIds, boardOnTheWayIds, DICTIONARY, tokenFor } from './support/alerts';

const BASE = Date.UTC(2026, 10, 20, 6, 0, 0);
const TODAY = '2026-11-20';
const SOME_PLACES = PLACES.slice(0, 6);
const LISTED = DICTIONARY.slice(0, 5).map((type) => type.name);
const TONNES = [1, 5, 7.5, 10, 20, 22];

const placeText = fc.oneof(
  fc.constantFrom(...SOME_PLACES.flatMap(placeSpellings)),
  fc.constantFrom(...SOME_PLACES).map((place) => `${place.names.uz}, viloyat`),
  fc.constantFrom(...SOME_PLACES.map((place) => place.names.ru.toUpperCase())),
  fc.constantFrom('Nomaʼlum qishloq', 'Somewhere', ''),
);
const sometimes = <T>(value: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: value, weight: 1 });

const rawLoad = (id: number) =>
  fc
    .record({
      // Few distinct minutes: equal posting times are common, and the cursor often falls on one.
      minutes: fc.integer({ min: 0, max: 60 * 6 }).map((minutes) => minutes - (minutes % 7)),
      vehicle: fc.option(fc.oneof(fc.constantFrom(...LISTED), fc.constantFrom('tent', 'FURA 20T', 'Traktor')), { nil: null }),
      weight: fc.option(fc.constantFrom(...TONNES), { nil: null }),
      loadingIn: fc.option(fc.integer({ min: -2, max: 4 }), { nil: null }),
      dateOnly: fc.boolean(),
      from: placeText,
      to: placeText,
      undated: fc.boolean().map((yes) => yes && id % 11 === 0),
    })
    .map((raw) =>
      normalizeLoad({
        id: String(1000 + id),
        title: `Yuk ${id}`,
        createdAt: raw.undated ? null : new Date(BASE - raw.minutes * 60_000).toISOString(),
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

const board = fc.integer({ min: 0, max: 60 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => rawLoad(i))));
const slug = fc.constantFrom(...SOME_PLACES.map((place) => place.slug));
const listPath = fc.oneof(
  fc.constant('/loads'),
  slug.map((one) => `/loads/from/${one}`),
  slug.map((one) => `/loads/to/${one}`),
  fc.tuple(slug, slug).map(([a, b]) => `/loads/route/${a}/${b}`),
);
const day = (offset: number) => new Date(BASE + offset * 86_400_000).toISOString().slice(0, 10);
const query: fc.Arbitrary<BoardQuery> = fc
  .record({
    search: sometimes(fc.constantFrom(...SOME_PLACES.map((place) => place.names.uz))).map((text) => text ?? ''),
    vehicle: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: fc.subarray(LISTED, { maxLength: 3 }), weight: 1 }),
    min: sometimes(fc.constantFrom(...TONNES)),
    max: sometimes(fc.constantFrom(...TONNES)),
    from: sometimes(fc.integer({ min: -3, max: 5 }).map(day)),
    to: sometimes(fc.integer({ min: -3, max: 5 }).map(day)),
    near: sometimes(fc.constantFrom(25, 50, 100, 200)),
    // A route's destination's own radius (a city's list and the board's drop it, as their pages do).
    nearTo: sometimes(fc.constantFrom(0, 25, 100, 200)),
    sort: fc.constantFrom('newest' as const, 'loading' as const),
  })
  .map(({ min, max, from, to, ...rest }) => ({
    ...EMPTY_QUERY,
    ...rest,
    weight: min !== null && max !== null && min > max ? { min: max, max: min } : { min, max },
    loading: from !== null && to !== null && from > to ? { from: to, to: from } : { from, to },
  }));

describe('an alert of a kept search', () => {
  it("lists exactly the board's list for its URL among the loads posted since its cursor, in the board's order", () => {
    fc.assert(
      fc.property(board, listPath, query, fc.integer({ min: 0, max: 60 * 6 }), fc.nat(), (loads, path, kept, minutesAgo, sentBits) => {
        const search = boardSearchString(kept);
        const place = kept.search ? (SOME_PLACES.find((one) => one.names.uz === kept.search)?.slug ?? null) : null;
        const at = BASE - (minutesAgo - (minutesAgo % 7)) * 60_000;
        // Some of the loads posted at the cursor's own time were sent already.
        const ids = loads
          .filter((load, index) => Date.parse(load.createdAt ?? '') === at && (sentBits >> (index % 30)) & 1)
          .map((load) => load.id);
        const since = { at, ids };
        // A kept route is a trip: its own loads in the list's order, then those on its way.
        const expected = [
          ...boardListIds(loads, path, search, place, since, TODAY),
          ...boardOnTheWayIds(loads, path, search, place, since, TODAY),
        ];

        const state = emptyAlertsState();
        state.chats['42'] = [{ id: '1', token: tokenFor(path, search, 'uz', TODAY), since }];
        const published = publishedBoard(loads, DICTIONARY);
        const plan = planAlerts(published, state, TODAY, vehicleNamesById(published.vehicleTypes), BASE);
        const [alert] = plan.alerts;
        expect(plan.unreadable).toBe(0);
        expect(alert?.total ?? 0).toBe(expected.length);
        expect(alert?.loads.map((load) => load.id) ?? []).toEqual(expected.slice(0, 10));
      }),
      { numRuns: 400 },
    );
  });

  it('lists for each of many searches kept in one run what it lists alone: routes sharing their ends, in any language and any radii', () => {
    // Few routes, so that kept routes share their trip under other filters, another `near`, another script.
    const twoPlaces = fc.constantFrom(...SOME_PLACES.slice(0, 3).map((place) => place.slug));
    const keptPath = fc.oneof(
      { arbitrary: fc.tuple(twoPlaces, twoPlaces).map(([a, b]) => `/loads/route/${a}/${b}`), weight: 4 },
      { arbitrary: listPath, weight: 1 },
    );
    const kept = fc.record({
      path: keptPath,
      query,
      language: fc.constantFrom(...LANGUAGE_PREFIXES),
      minutesAgo: fc.integer({ min: 0, max: 60 * 6 }),
    });
    fc.assert(
      fc.property(board, fc.array(kept, { minLength: 2, maxLength: 8 }), (loads, searches) => {
        const state = emptyAlertsState();
        const expected = searches.map(({ path, query: one, language, minutesAgo }, index) => {
          const search = boardSearchString(one);
          const place = one.search ? (SOME_PLACES.find((some) => some.names.uz === one.search)?.slug ?? null) : null;
          const since = { at: BASE - (minutesAgo - (minutesAgo % 7)) * 60_000, ids: [] };
          state.chats[String(100 + index)] = [{ id: String(index), token: tokenFor(path, search, language, TODAY), since }];
          return [...boardListIds(loads, path, search, place, since, TODAY), ...boardOnTheWayIds(loads, path, search, place, since, TODAY)];
        });
        const published = publishedBoard(loads, DICTIONARY);
        const plan = planAlerts(published, state, TODAY, vehicleNamesById(published.vehicleTypes), BASE);
        expected.forEach((ids, index) => {
          const alert = plan.alerts.find((one) => one.chat === String(100 + index));
          expect([alert?.total ?? 0, alert?.loads.map((load) => load.id) ?? []]).toEqual([ids.length, ids.slice(0, 10)]);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('counts loads posted at the cursor’s own time once: those it names were sent, the others are new', () => {
    const loads = [0, 0, 0, 5].map((minutes, index) =>
      normalizeLoad({ id: String(1 + index), title: 'Yuk', createdAt: new Date(BASE - minutes * 60_000).toISOString(), weight: 10 }),
    );
    const state = emptyAlertsState();
    state.chats['42'] = [{ id: '1', token: tokenFor('/loads', '', 'uz', TODAY), since: { at: BASE, ids: ['1'] } }];
    const published = publishedBoard(loads, DICTIONARY);
    const plan = planAlerts(published, state, TODAY, vehicleNamesById(published.vehicleTypes), BASE);
    expect(plan.alerts[0]?.loads.map((load) => load.id)).toEqual(['2', '3']);
    expect(plan.alerts[0]?.upTo).toEqual({ at: BASE, ids: ['1', '2', '3'] });
  });
});
