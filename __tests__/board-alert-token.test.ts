/**
 * The Telegram alerts token (src/search/alert-token.ts) and the link the board makes of a kept search
 * (src/board/saved/alert-link.ts): every list the board can express comes back the same from its token, in
 * the filter table's own shape, in at most 64 characters Telegram allows, its loading days relative to the
 * day the link was made; anything else (cut short, changed, not ours, of another version) is refused, and
 * the tokens handed out before the filters carried their own codecs still read as they were made.
 */
import fc from 'fast-check';
import { LANGUAGES, type Language } from '../src/config/languages';
import { PLACES } from '../src/places/gazetteer';
import {
  ALERT_TOKEN_VERSION,
  alertListPath,
  alertScopeOf,
  decodeAlertToken,
  encodeAlertToken,
  keptSearchOf,
  MAX_ALERT_TOKEN_CHARS,
  type KeptSearch,
} from '../src/search/alert-token';
import { alertHref } from '../src/board/saved/alert-link';
import { boardSearchString, EMPTY_QUERY, parseBoardQuery, type BoardQuery } from '../src/search/query';
import { NEAR_MAX_KM, NEAR_OPTIONS, NO_FILTERS, type FilterValues } from '../src/search/filter-table';
import type { Reporter } from 'gatsby';
import { alertsBotFromEnv, alertsBotOrNone } from '../src/config/env';
import { ALERTS_BOT_ERROR_ID, onPreInit } from '../src/gatsby/pre-init';

const [uz, uzCyrl, ru] = LANGUAGES as unknown as [Language, Language, Language];
const TODAY = '2026-11-27';
const SLUGS = PLACES.map((place) => place.slug);
const LONGEST = [...SLUGS].sort((a, b) => b.length - a.length);

/** A dictionary of vehicle types as the build publishes it, with ids numeric and not. */
const TYPES: ReadonlyArray<readonly [string, string]> = [
  ['Tent', '1'],
  ['Refrijerator', '2'],
  ['Isuzu', '3'],
  ['Fura 20t', '5'],
  ['Konteyner 40ft', '10'],
  ['Labo', 'labo-x'],
  ['Samosval', '123456789012'],
  ['Yarim-pritsep', 'ß'],
];
/** The build's ids by lower-case name (the board writes with these) and the names by id (the alerts read with these). */
const IDS: Record<string, string> = Object.fromEntries(TYPES.map(([name, id]) => [name.toLowerCase(), id]));
const NAMES: ReadonlyMap<string, string> = new Map(TYPES.map(([name, id]) => [id, name]));

const slug = fc.constantFrom(...SLUGS);
const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const tonnes = fc.integer({ min: 0, max: 1_000_000 }).map((thousandths) => thousandths / 1000);
/** Weights a search can have: a truck's, up to 100 t. */
const truckTonnes = fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000);
/** Up to three of the types the API numbers, as a driver keeps them. */
const BUILD_TYPES = fc.uniqueArray(fc.constantFrom(...TYPES.slice(0, 5).map(([name]) => name)), { maxLength: 3 });
const vehicles = fc.uniqueArray(fc.constantFrom(...TYPES.map(([name]) => name)), { maxLength: 5 });
const scope = fc.oneof(
  fc.constant({}),
  slug.map((from) => ({ from })),
  slug.map((to) => ({ to })),
  fc.tuple(slug, slug).map(([from, to]) => ({ from, to })),
);

const inOrder = <T extends number | string>([a, b]: [T | null, T | null]): [T | null, T | null] =>
  a !== null && b !== null && a > b ? [b, a] : [a, b];

/** The filters of a kept search, from the given weights, days and radii. */
function filters(
  weights: fc.Arbitrary<number>,
  days: fc.Arbitrary<string>,
  near: fc.Arbitrary<number>,
  nearTo: fc.Arbitrary<number>,
  ordered: boolean,
) {
  const pair = <T extends number | string>(one: fc.Arbitrary<T>) =>
    fc.tuple(fc.option(one, { nil: null }), fc.option(one, { nil: null })).map((ends) => (ordered ? inOrder(ends) : ends));
  return fc.record({
    vehicle: vehicles,
    weight: pair(weights).map(([min, max]) => ({ min, max })),
    loading: pair(days).map(([from, to]) => ({ from, to })),
    near: fc.option(near, { nil: null }),
    sort: fc.constantFrom('newest' as const, 'loading' as const),
    nearTo: fc.option(nearTo, { nil: null }),
  });
}

/** A destination's own radius belongs to a route: any other list has none, as the board reads none there. */
const ownRadius = (search: KeptSearch): KeptSearch =>
  search.scope.from !== undefined && search.scope.to !== undefined ? search : { ...search, filters: { ...search.filters, nearTo: null } };

const languages = fc.constantFrom(...LANGUAGES.map((language) => language.prefix));

/** Every search a token can hold: any list, place, vehicle types, weights, days and order. */
const searches: fc.Arbitrary<KeptSearch> = fc
  .record({
    language: languages,
    scope,
    place: fc.option(slug, { nil: null }),
    filters: filters(tonnes, day, fc.integer({ min: 1, max: NEAR_MAX_KM }), fc.integer({ min: 0, max: NEAR_MAX_KM }), false),
  })
  .map(ownRadius);

/** What a driver keeps: one list, up to three types of the dictionary, days within two months. */
const nearDay = fc
  .integer({ min: -7, max: 60 })
  .map((offset) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10));
const everyday: fc.Arbitrary<KeptSearch> = fc
  .record({
    language: languages,
    scope,
    place: fc.constant(null),
    filters: fc
      .tuple(filters(truckTonnes, nearDay, fc.constantFrom(...NEAR_OPTIONS), fc.constantFrom(0, ...NEAR_OPTIONS), true), BUILD_TYPES)
      .map(([kept, vehicle]) => ({ ...kept, vehicle })),
  })
  .map(ownRadius);

/** What a search can be: weights up to 100 t, days within a year of the reader's, each range in order. */
function possible({ filters: { weight, loading } }: KeptSearch): boolean {
  const inYear = (day: string | null) => day === null || Math.abs(Date.parse(day) - Date.parse(TODAY)) <= 366 * 86_400_000;
  return (
    (weight.min ?? 0) <= 100 &&
    (weight.max ?? 0) <= 100 &&
    (weight.min === null || weight.max === null || weight.min <= weight.max) &&
    inYear(loading.from) &&
    inYear(loading.to) &&
    (loading.from === null || loading.to === null || loading.from <= loading.to)
  );
}

function token(search: KeptSearch, today = TODAY): string {
  const encoded = encodeAlertToken(search, today, IDS);
  if (!('token' in encoded)) throw new Error(`no token: ${encoded.problem}`);
  return encoded.token;
}

/** The board's whole list in Uzbek with these filters. */
const search = (values: Partial<FilterValues>, rest: Partial<KeptSearch> = {}): KeptSearch => ({
  language: 'uz',
  scope: {},
  place: null,
  filters: { ...NO_FILTERS, ...values },
  ...rest,
});
const read = (kept: KeptSearch) => ({ search: kept, unknownVehicles: 0 });
const decode = (made: string, today = TODAY) => decodeAlertToken(made, today, NAMES);

describe('the alerts token', () => {
  it('gives back every search it holds, in at most 64 characters of A-Za-z0-9_-, or says it is too long', () => {
    fc.assert(
      fc.property(searches, (kept) => {
        const encoded = encodeAlertToken(kept, TODAY, IDS);
        if ('problem' in encoded) {
          expect(encoded.problem).toBe('tooLong');
          return;
        }
        expect(encoded.token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(decode(encoded.token)).toEqual(possible(kept) ? read(kept) : { problem: 'malformed' });
      }),
      { numRuns: 2000 },
    );
  });

  it('fits every search a driver keeps: a list, up to three vehicle types, a weight and days within two months', () => {
    fc.assert(
      fc.property(everyday, (kept) => {
        expect(decode(token(kept))).toEqual(read(kept));
      }),
      { numRuns: 1000 },
    );
  });

  it('fits a route of the two longest place names with a type, a weight range, a loading window and both radii', () => {
    const [longest = '', next = ''] = LONGEST;
    const kept = search(
      {
        vehicle: ['Konteyner 40ft'],
        weight: { min: 7.5, max: 22 },
        loading: { from: '2026-11-28', to: '2026-12-05' },
        sort: 'loading',
        near: 25,
        nearTo: 100,
      },
      { language: 'uz-cyrl', scope: { from: longest, to: next } },
    );
    expect(token(kept).length).toBeLessThanOrEqual(MAX_ALERT_TOKEN_CHARS);
  });

  it('is short for what most drivers keep: a city and one type is about a dozen characters', () => {
    expect(token(search({ vehicle: ['Tent'] }, { scope: { from: 'toshkent' } })).length).toBeLessThanOrEqual(16);
  });

  it('keeps the loading window relative: "tomorrow" made on one day is tomorrow when read on another', () => {
    const days = (from: string | null, to: string | null = null) => search({ loading: { from, to } });
    const made = token(days('2026-11-28', '2026-11-28'), '2026-11-27');
    expect(decode(made, '2026-12-01')).toEqual(read(days('2026-12-02', '2026-12-02')));
    // Across a month and a year, and days before the day it was made.
    const week = token(days('2026-12-30', '2027-01-03'), '2026-12-29');
    expect(decode(week, '2027-02-27')).toEqual(read(days('2027-02-28', '2027-03-04')));
    const yesterday = token(days('2026-11-26'), '2026-11-27');
    expect(decode(yesterday, '2026-11-27')).toEqual(read(days('2026-11-26')));
  });

  it('names its vehicle types by the reader’s dictionary, and counts those it no longer lists', () => {
    const made = token(search({ vehicle: ['Tent', 'Labo'] }));
    // The dictionary renamed type 1 and dropped Labo's id.
    expect(decodeAlertToken(made, TODAY, new Map([['1', 'Tent 2']]))).toEqual({
      search: search({ vehicle: ['Tent 2'] }),
      unknownVehicles: 1,
    });
    expect(encodeAlertToken(search({ vehicle: ['Tent', 'Avtovoz'] }), TODAY, IDS)).toEqual({ problem: 'vehicle' });
  });

  it('refuses a token cut short by any number of characters, or with any one character changed', () => {
    fc.assert(
      fc.property(everyday, fc.nat(), fc.nat(), (kept, cut, at) => {
        const whole = token(kept);
        const short = whole.slice(0, cut % whole.length);
        expect(decode(short)).toEqual({ problem: 'malformed' });
        const index = at % whole.length;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const other = alphabet[(alphabet.indexOf(whole[index] ?? 'A') + 1 + (cut % 63)) % 64] ?? 'A';
        const changed = `${whole.slice(0, index)}${other}${whole.slice(index + 1)}`;
        const back = decode(changed);
        // One changed character either fails the check, or (1 in 256) reads as another search: never this one.
        expect('search' in back ? back.search : null).not.toEqual(kept);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses what is not a token of this site's: other deep-link payloads, the wrong letters, too long", () => {
    for (const foreign of ['', 'ref123', 'hello_world', 'c_AbCdEf', 'x'.repeat(64), 'A'.repeat(65), 'a b', 'абв', 'AAAA====']) {
      expect([foreign, decode(foreign)]).toEqual([foreign, { problem: 'malformed' }]);
    }
  });

  it('says a token of another version is one, rather than misread it', () => {
    const made = token(search({}, { scope: { from: 'toshkent' } }));
    const bytes = Buffer.from(made, 'base64url');
    bytes[0] = ALERT_TOKEN_VERSION + 1;
    // The check byte over the rest, as a later version that kept it would write it.
    let crc = 0;
    for (const byte of bytes.subarray(0, bytes.length - 1)) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
    bytes[bytes.length - 1] = crc;
    expect(decode(bytes.toString('base64url'))).toEqual({ problem: 'version', version: ALERT_TOKEN_VERSION + 1 });
  });

  it('refuses a token whose values no search can have, as it refuses a broken one', () => {
    const tomorrow = '2026-11-28';
    for (const absurd of [
      search({ weight: { min: 10 ** 15, max: null } }),
      search({ weight: { min: null, max: 100.5 } }),
      search({ weight: { min: 20, max: 10 } }),
      search({ loading: { from: '2049-01-01', to: null } }),
      search({ loading: { from: null, to: '2025-11-01' } }),
      search({ loading: { from: '2026-12-05', to: tomorrow } }),
      // A destination's radius past the widest the board reads, or on a list that has no destination of its own.
      search({ nearTo: NEAR_MAX_KM + 1 }, { scope: { from: 'toshkent', to: 'samarqand' } }),
      search({ nearTo: 10 ** 9 }, { scope: { from: 'toshkent', to: 'samarqand' } }),
      search({ nearTo: 50 }),
      search({ nearTo: 50 }, { scope: { from: 'toshkent' } }),
      search({ near: 25, nearTo: 0 }, { scope: { to: 'samarqand' } }),
    ]) {
      const made = encodeAlertToken(absurd, TODAY, IDS);
      expect([absurd, 'token' in made ? decode(made.token) : made]).toEqual([absurd, { problem: 'malformed' }]);
    }
    // At the bounds, a search: 100 t, a year ahead, equal bounds.
    for (const edge of [
      search({ weight: { min: 100, max: 100 } }),
      search({ loading: { from: tomorrow, to: '2027-11-27' } }),
      search({ loading: { from: '2025-11-27', to: null } }),
      search({ nearTo: 0 }, { scope: { from: 'toshkent', to: 'samarqand' } }),
      search({ near: 100, nearTo: NEAR_MAX_KM }, { scope: { from: 'toshkent', to: 'toshkent' } }),
    ])
      expect(decode(token(edge))).toEqual(read(edge));
  });

  it('writes nothing a board query cannot hold', () => {
    expect(encodeAlertToken(search({}, { scope: { from: 'Toshkent' } }), TODAY, IDS)).toEqual({ problem: 'badValue' });
    expect(encodeAlertToken(search({ weight: { min: 1.0001, max: null } }), TODAY, IDS)).toEqual({ problem: 'badValue' });
  });
});

/**
 * Tokens made by the version 1 writer on 2026-11-27, before the filters carried their own codecs, as
 * links handed out hold them; each read on 2026-12-01 (so its loading days move by four).
 */
const VERSION_1: ReadonlyArray<readonly [string, KeptSearch]> = [
  ['AQAAaw', search({})],
  ['ARo-aFldQAQEAJ8', search({ vehicle: ['Tent'] }, { scope: { from: 'toshkent' } })],
  [
    'AbmFoZRC4gKPmhZXUAJugxogMw',
    search({ weight: { min: 7.5, max: 22 } }, { language: 'ru', scope: { from: 'samarqand', to: 'toshkent' } }),
  ],
  [
    'AWi-L3AIRQiYAPU',
    search({ loading: { from: '2026-12-02', to: '2026-12-09' }, sort: 'loading' }, { language: 'uz-cyrl', scope: { to: 'qoqon' } }),
  ],
  ['AQirh8ngEVEicpgAFA', search({ vehicle: ['Fura 20t', 'Konteyner 40ft'], near: 50 }, { place: 'buxoro' })],
  [
    'Abo-aFldQEwtDKIXEAEGnRlbnQteDEiUTpYAMg',
    search(
      { vehicle: ['Tent X'], weight: { min: null, max: 20 }, loading: { from: null, to: '2026-11-30' }, near: 100 },
      { language: 'ru', scope: { from: 'toshkent', to: 'samarqand' } },
    ),
  ],
];

/**
 * Tokens made by the version 2 writer on 2026-11-27 before a route's destination had a radius of its own
 * in them, as links handed out hold them; each read on 2026-12-01 (so its loading days move by four).
 */
const VERSION_2: ReadonlyArray<readonly [string, KeptSearch]> = [
  ['AgAA1g', search({})],
  ['Aho-aFldQAQEACc', search({ vehicle: ['Tent'] }, { scope: { from: 'toshkent' } })],
  [
    'ArmFoZRC4gKPmhZXUALboGiAhA',
    search({ weight: { min: 7.5, max: 22 } }, { language: 'ru', scope: { from: 'samarqand', to: 'toshkent' } }),
  ],
  [
    'Ami-L3AHkCJQyw',
    search({ loading: { from: '2026-12-02', to: '2026-12-09' }, sort: 'loading' }, { language: 'uz-cyrl', scope: { to: 'qoqon' } }),
  ],
  ['Agirh8ngEVEiQpgAEg', search({ vehicle: ['Fura 20t', 'Konteyner 40ft'], near: 50 }, { place: 'buxoro' })],
  [
    'Aro-aFldQEwtDKIXEAEGmxhYm8teCRIjRIlgADg',
    search(
      { vehicle: ['Labo'], weight: { min: null, max: 20 }, loading: { from: null, to: '2026-11-30' }, near: 100 },
      { language: 'ru', scope: { from: 'toshkent', to: 'samarqand' } },
    ),
  ],
];

describe('a token handed out before a destination had its own radius (version 2)', () => {
  it.each(VERSION_2)('still reads %s as the search it was made of', (made, kept) => {
    expect(decodeAlertToken(made, '2026-12-01', NAMES)).toEqual(read(kept));
  });

  it('is the version tokens are still made in: a route with its destination’s radius adds a tag, not a version', () => {
    const route = search({ near: 25, nearTo: 100 }, { language: 'ru', scope: { from: 'samarqand', to: 'toshkent' } });
    expect(Buffer.from(token(route), 'base64url')[0]).toBe(2);
    expect(ALERT_TOKEN_VERSION).toBe(2);
  });
});

describe('a token handed out before (version 1)', () => {
  it.each(VERSION_1)('still reads %s as the search it was made of', (made, kept) => {
    expect(decodeAlertToken(made, '2026-12-01', new Map([...NAMES, ['tent-x', 'Tent X']]))).toEqual(read(kept));
  });

  it('still refuses the values no search can have: 150 t, a minimum above the maximum, a day past a year', () => {
    for (const absurd of ['AQENkAAE', 'AQEJEZQAkQ', 'AQIEpgCD'])
      expect([absurd, decode(absurd)]).toEqual([absurd, { problem: 'malformed' }]);
  });

  it('is read as version 2 writes it once kept again: the same search, a token of the current version', () => {
    const [, kept] = VERSION_1[4] ?? fail();
    expect(Buffer.from(token(kept), 'base64url')[0]).toBe(ALERT_TOKEN_VERSION);
    expect(decode(token(kept))).toEqual(read(kept));
  });
});

function fail(): never {
  throw new Error('no such case');
}

/** The board's queries, as board-query.test.ts makes them (ranges in order), with names the dictionary lists. */
const queries: fc.Arbitrary<BoardQuery> = fc
  .record({
    search: fc.oneof(fc.constant(''), fc.constantFrom(...PLACES.slice(0, 40).map((place) => place.names.uz))),
    vehicle: BUILD_TYPES,
    weight: fc.tuple(fc.option(truckTonnes, { nil: null }), fc.option(truckTonnes, { nil: null })).map(inOrder),
    loading: fc.tuple(fc.option(nearDay, { nil: null }), fc.option(nearDay, { nil: null })).map(inOrder),
    near: fc.option(fc.integer({ min: 1, max: NEAR_MAX_KM }), { nil: null }),
    sort: fc.constantFrom('newest' as const, 'loading' as const),
    nearTo: fc.option(fc.integer({ min: 0, max: NEAR_MAX_KM }), { nil: null }),
  })
  .map(({ weight: [min, max], loading: [from, to], ...rest }) => ({
    ...EMPTY_QUERY,
    ...rest,
    weight: { min, max },
    loading: { from, to },
  }));
const paths = fc.oneof(
  fc.constant('/loads'),
  slug.map((one) => `/loads/from/${one}`),
  slug.map((one) => `/loads/to/${one}`),
  fc.tuple(slug, slug).map(([a, b]) => `/loads/route/${a}/${b}`),
);

describe('the link of a kept search', () => {
  it('holds every kept list of the board: its path and its query (the search by its place) come back from the token', () => {
    fc.assert(
      fc.property(paths, queries, fc.constantFrom(uz, uzCyrl, ru), (path, query, language) => {
        const scope = alertScopeOf(path);
        if (!scope) throw new Error(path);
        const place = query.search ? (PLACES.find((one) => one.names.uz === query.search)?.slug ?? null) : null;
        const placeList = Boolean(scope.from || scope.to);
        const routeList = Boolean(scope.from && scope.to);
        // The board drops a radius around no place (the board's list without a search has none), and a
        // destination's own radius off a route.
        const expected = { ...query, near: placeList || query.search ? query.near : null, nearTo: routeList ? query.nearTo : null };
        const kept = keptSearchOf(scope, parseBoardQuery(boardSearchString(query), { placeList, routeList }), place, language.prefix);
        if ('problem' in kept) throw new Error(kept.problem);
        const back = decode(token(kept));
        if (!('search' in back)) throw new Error(back.problem);
        expect(alertListPath(back.search.scope)).toBe(path);
        expect(back.search.language).toBe(language.prefix);
        const search = back.search.place ? (PLACES.find((one) => one.slug === back.search.place)?.names.uz ?? '') : '';
        expect(boardSearchString({ ...EMPTY_QUERY, search, ...back.search.filters })).toBe(boardSearchString(expected));
      }),
      { numRuns: 1000 },
    );
  });

  it('has no token for a free-text search, or a vehicle type the dictionary does not list', () => {
    expect(keptSearchOf({}, parseBoardQuery('?search=olma&vehicle=Tent'), null, 'uz')).toEqual({ problem: 'freeText' });
    const kept = keptSearchOf({}, parseBoardQuery('?vehicle=Avtovoz'), null, 'uz');
    expect('problem' in kept ? kept : encodeAlertToken(kept, TODAY, IDS)).toEqual({ problem: 'vehicle' });
  });

  it('has a token for a route whose destination has a radius of its own, which keeps both radii', () => {
    const route = { from: 'toshkent', to: 'samarqand' };
    for (const [text, near, nearTo] of [
      ['?near=25&nearTo=50', 25, 50],
      ['?nearTo=100', null, 100],
      ['?near=50&nearTo=0', 50, 0],
    ] as const) {
      const kept = keptSearchOf(route, parseBoardQuery(text, { placeList: true, routeList: true }), null, 'ru');
      if ('problem' in kept) throw new Error(`${text}: ${kept.problem}`);
      const back = decode(token(kept));
      expect([text, 'search' in back ? back.search : back]).toEqual([
        text,
        { language: 'ru', scope: route, place: null, filters: { ...NO_FILTERS, near, nearTo } },
      ]);
    }
  });

  it('knows the board, city and route lists by their paths, and no other path', () => {
    expect(alertScopeOf('/loads')).toEqual({});
    expect(alertScopeOf('/loads/from/toshkent')).toEqual({ from: 'toshkent' });
    expect(alertScopeOf('/loads/to/qoqon')).toEqual({ to: 'qoqon' });
    expect(alertScopeOf('/loads/route/toshkent/samarqand')).toEqual({ from: 'toshkent', to: 'samarqand' });
    for (const other of [
      '/loads/places',
      '/loads/rates',
      '/loads/from/toshkent/2',
      '/loads/from/Toshkent',
      '/loads/route/toshkent',
      '/uz/loads',
    ])
      expect([other, alertScopeOf(other)]).toEqual([other, null]);
  });

  it('opens the bot with the token as its start parameter', () => {
    expect(alertHref('yukbor_alerts_bot', 'AbC-_1')).toBe('https://t.me/yukbor_alerts_bot?start=AbC-_1');
  });
});

describe('the alerts bot the build names', () => {
  it('is a Telegram username, or none: no link at all', () => {
    expect(alertsBotFromEnv({})).toBe('');
    expect(alertsBotFromEnv({ TELEGRAM_ALERTS_BOT: ' yukbor_alerts_bot ' })).toBe('yukbor_alerts_bot');
  });

  it.each(['@yukbor_alerts_bot', 'bot', '1yukbor_bot', 'yukbor-alerts-bot', 'https://t.me/yukbor_bot', 'a'.repeat(33)])(
    'stops the build with one line naming the variable for %s',
    (value) => {
      expect(() => alertsBotFromEnv({ TELEGRAM_ALERTS_BOT: value })).toThrow(
        /^TELEGRAM_ALERTS_BOT is ".*"; give the alerts bot's username without @: 5 to 32 letters, digits and _, starting with a letter\.$/,
      );
    },
  );
});

describe('the build with a bad TELEGRAM_ALERTS_BOT', () => {
  const saved = process.env.TELEGRAM_ALERTS_BOT;
  afterEach(() => {
    if (saved === undefined) delete process.env.TELEGRAM_ALERTS_BOT;
    else process.env.TELEGRAM_ALERTS_BOT = saved;
  });

  /** Gatsby's reporter as onPreInit gets it: its panic stops the build. */
  const reporter = () => {
    const panics: unknown[] = [];
    const value = {
      panics,
      setErrorMap: () => undefined,
      panic: (details: unknown) => {
        panics.push(details);
        throw new Error('panic');
      },
    };
    return value as unknown as Reporter & { panics: unknown[] };
  };
  const preInit = onPreInit as unknown as (args: { reporter: Reporter }) => void;

  it('names no bot to the pages, and stops before anything is read, with one line naming the variable', () => {
    process.env.TELEGRAM_ALERTS_BOT = '@yukbor_bot';
    expect(alertsBotOrNone()).toBe('');
    const stopped = reporter();
    expect(() => preInit({ reporter: stopped })).toThrow('panic');
    expect(stopped.panics).toEqual([
      {
        id: ALERTS_BOT_ERROR_ID,
        context: {
          sourceMessage:
            'TELEGRAM_ALERTS_BOT is "@yukbor_bot"; give the alerts bot\'s username without @: 5 to 32 letters, digits and _, starting with a letter.',
        },
      },
    ]);
    process.env.TELEGRAM_ALERTS_BOT = 'yukbor_alerts_bot';
    const going = reporter();
    preInit({ reporter: going });
    expect(going.panics).toEqual([]);
  });
});
