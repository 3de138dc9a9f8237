/**
 * The Telegram alerts token (src/search/alert-token.ts) and the link the board makes of a kept search
 * (src/board/saved/alert-link.ts): every list the board can express comes back the same from its token, in at
 * most 64 characters Telegram allows, its loading days relative to the day the link was made; anything
 * else (cut short, changed, not ours, of another version) is refused.
 */
import fc from 'fast-check';
import { LANGUAGES, type Language } from '../src/config/languages';
import { PLACES } from '../src/places/gazetteer';
import {
  ALERT_TOKEN_VERSION,
  decodeAlertToken,
  encodeAlertToken,
  MAX_ALERT_TOKEN_CHARS,
  type AlertSearch,
} from '../src/search/alert-token';
import { alertHref, alertListPath, alertScopeOf, alertSearchOf } from '../src/board/saved/alert-link';
import { boardSearchString, EMPTY_QUERY, parseBoardQuery, type BoardQuery } from '../src/search/query';
import { NEAR_MAX_KM, NEAR_OPTIONS } from '../src/search/filter-table';
import type { Reporter } from 'gatsby';
import { alertsBotFromEnv, alertsBotOrNone } from '../src/config/env';
import { ALERTS_BOT_ERROR_ID, onPreInit } from '../src/gatsby/pre-init';

const [uz, uzCyrl, ru] = LANGUAGES as unknown as [Language, Language, Language];
const TODAY = '2026-11-27';
const SLUGS = PLACES.map((place) => place.slug);
const LONGEST = [...SLUGS].sort((a, b) => b.length - a.length);

const slug = fc.constantFrom(...SLUGS);
const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const tonnes = fc.integer({ min: 0, max: 1_000_000 }).map((thousandths) => thousandths / 1000);
/** Weights a search can have: a truck's, up to 100 t. */
const truckTonnes = fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000);
const vehicleId = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map(String),
  fc.string({ minLength: 1, maxLength: 8 }).filter((id) => !/^(0|[1-9]\d*)$/.test(id)),
);
const scope = fc.oneof(
  fc.constant({}),
  slug.map((from) => ({ from })),
  slug.map((to) => ({ to })),
  fc.tuple(slug, slug).map(([from, to]) => ({ from, to })),
);

/** Every search a token can hold: any list, place, vehicle ids, weights, days and order. */
const searches: fc.Arbitrary<AlertSearch> = fc.record({
  language: fc.constantFrom(...LANGUAGES.map((language) => language.prefix)),
  scope,
  place: fc.option(slug, { nil: null }),
  vehicleIds: fc.array(vehicleId, { maxLength: 5 }),
  weightMin: fc.option(tonnes, { nil: null }),
  weightMax: fc.option(tonnes, { nil: null }),
  loadingFrom: fc.option(day, { nil: null }),
  loadingTo: fc.option(day, { nil: null }),
  near: fc.option(fc.integer({ min: 1, max: NEAR_MAX_KM }), { nil: null }),
  sort: fc.constantFrom('newest' as const, 'loading' as const),
});

const inOrder = <T extends number | string>([a, b]: [T | null, T | null]): [T | null, T | null] =>
  a !== null && b !== null && a > b ? [b, a] : [a, b];

/** What a driver keeps: one list, a place, up to three types of the dictionary, days within two months. */
const nearDay = fc
  .integer({ min: -7, max: 60 })
  .map((offset) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10));
const everyday: fc.Arbitrary<AlertSearch> = fc
  .record({
    language: fc.constantFrom(...LANGUAGES.map((language) => language.prefix)),
    scope: fc.oneof(
      fc.constant({}),
      slug.map((from) => ({ from })),
      slug.map((to) => ({ to })),
      fc.tuple(slug, slug).map(([from, to]) => ({ from, to })),
    ),
    place: fc.constant(null),
    vehicleIds: fc.uniqueArray(fc.integer({ min: 1, max: 200 }).map(String), { maxLength: 3 }),
    weightMin: fc.option(truckTonnes, { nil: null }),
    weightMax: fc.option(truckTonnes, { nil: null }),
    loadingFrom: fc.option(nearDay, { nil: null }),
    loadingTo: fc.option(nearDay, { nil: null }),
    near: fc.option(fc.constantFrom(...NEAR_OPTIONS), { nil: null }),
    sort: fc.constantFrom('newest' as const, 'loading' as const),
  })
  .map((kept) => {
    const [weightMin, weightMax] = inOrder([kept.weightMin, kept.weightMax]);
    const [loadingFrom, loadingTo] = inOrder([kept.loadingFrom, kept.loadingTo]);
    return { ...kept, weightMin, weightMax, loadingFrom, loadingTo };
  });

/** What a search can be: weights up to 100 t, days within a year of the reader's, each range in order. */
function possible({ weightMin, weightMax, loadingFrom, loadingTo }: AlertSearch): boolean {
  const inYear = (day: string | null) => day === null || Math.abs(Date.parse(day) - Date.parse(TODAY)) <= 366 * 86_400_000;
  return (
    (weightMin ?? 0) <= 100 &&
    (weightMax ?? 0) <= 100 &&
    (weightMin === null || weightMax === null || weightMin <= weightMax) &&
    inYear(loadingFrom) &&
    inYear(loadingTo) &&
    (loadingFrom === null || loadingTo === null || loadingFrom <= loadingTo)
  );
}

function token(search: AlertSearch, today = TODAY): string {
  const encoded = encodeAlertToken(search, today);
  if (!('token' in encoded)) throw new Error(`no token: ${encoded.problem}`);
  return encoded.token;
}

const search = (overrides: Partial<AlertSearch>): AlertSearch => ({
  language: 'uz',
  scope: {},
  place: null,
  vehicleIds: [],
  weightMin: null,
  weightMax: null,
  loadingFrom: null,
  loadingTo: null,
  near: null,
  sort: 'newest',
  ...overrides,
});

describe('the alerts token', () => {
  it('gives back every search it holds, in at most 64 characters of A-Za-z0-9_-, or says it is too long', () => {
    fc.assert(
      fc.property(searches, (kept) => {
        const encoded = encodeAlertToken(kept, TODAY);
        if ('problem' in encoded) {
          expect(encoded.problem).toBe('tooLong');
          return;
        }
        expect(encoded.token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(decodeAlertToken(encoded.token, TODAY)).toEqual(possible(kept) ? { search: kept } : { problem: 'malformed' });
      }),
      { numRuns: 2000 },
    );
  });

  it('fits every search a driver keeps: a list, up to three vehicle types, a weight and days within two months', () => {
    fc.assert(
      fc.property(everyday, (kept) => {
        expect(decodeAlertToken(token(kept), TODAY)).toEqual({ search: kept });
      }),
      { numRuns: 1000 },
    );
  });

  it('fits a route of the two longest place names with a type, a weight range and a loading window', () => {
    const [longest = '', next = ''] = LONGEST;
    const kept = search({
      language: 'uz-cyrl',
      scope: { from: longest, to: next },
      vehicleIds: ['10'],
      weightMin: 7.5,
      weightMax: 22,
      loadingFrom: '2026-11-28',
      loadingTo: '2026-12-05',
      sort: 'loading',
    });
    expect(token(kept).length).toBeLessThanOrEqual(MAX_ALERT_TOKEN_CHARS);
  });

  it('is short for what most drivers keep: a city and one type is about a dozen characters', () => {
    expect(token(search({ scope: { from: 'toshkent' }, vehicleIds: ['1'] })).length).toBeLessThanOrEqual(16);
  });

  it('keeps the loading window relative: "tomorrow" made on one day is tomorrow when read on another', () => {
    const made = token(search({ loadingFrom: '2026-11-28', loadingTo: '2026-11-28' }), '2026-11-27');
    expect(decodeAlertToken(made, '2026-12-01')).toEqual({ search: search({ loadingFrom: '2026-12-02', loadingTo: '2026-12-02' }) });
    // Across a month and a year, and days before the day it was made.
    const week = token(search({ loadingFrom: '2026-12-30', loadingTo: '2027-01-03' }), '2026-12-29');
    expect(decodeAlertToken(week, '2027-02-27')).toEqual({ search: search({ loadingFrom: '2027-02-28', loadingTo: '2027-03-04' }) });
    const yesterday = token(search({ loadingFrom: '2026-11-26' }), '2026-11-27');
    expect(decodeAlertToken(yesterday, '2026-11-27')).toEqual({ search: search({ loadingFrom: '2026-11-26' }) });
  });

  it('refuses a token cut short by any number of characters, or with any one character changed', () => {
    fc.assert(
      fc.property(everyday, fc.nat(), fc.nat(), (kept, cut, at) => {
        const whole = token(kept);
        const short = whole.slice(0, cut % whole.length);
        expect(decodeAlertToken(short, TODAY)).toEqual({ problem: 'malformed' });
        const index = at % whole.length;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const other = alphabet[(alphabet.indexOf(whole[index] ?? 'A') + 1 + (cut % 63)) % 64] ?? 'A';
        const changed = `${whole.slice(0, index)}${other}${whole.slice(index + 1)}`;
        const read = decodeAlertToken(changed, TODAY);
        // One changed character either fails the check, or (1 in 256) reads as another search: never this one.
        expect('search' in read ? read.search : null).not.toEqual(kept);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses what is not a token of this site's: other deep-link payloads, the wrong letters, too long", () => {
    for (const foreign of ['', 'ref123', 'hello_world', 'c_AbCdEf', 'x'.repeat(64), 'A'.repeat(65), 'a b', 'абв', 'AAAA====']) {
      expect([foreign, decodeAlertToken(foreign, TODAY)]).toEqual([foreign, { problem: 'malformed' }]);
    }
  });

  it('says a token of another version is one, rather than misread it', () => {
    const made = token(search({ scope: { from: 'toshkent' } }));
    const bytes = Buffer.from(made, 'base64url');
    bytes[0] = ALERT_TOKEN_VERSION + 1;
    // The check byte over the rest, as a later version that kept it would write it.
    let crc = 0;
    for (const byte of bytes.subarray(0, bytes.length - 1)) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
    bytes[bytes.length - 1] = crc;
    expect(decodeAlertToken(bytes.toString('base64url'), TODAY)).toEqual({ problem: 'version', version: ALERT_TOKEN_VERSION + 1 });
  });

  it('refuses a token whose values no search can have, as it refuses a broken one', () => {
    const tomorrow = '2026-11-28';
    for (const absurd of [
      search({ weightMin: 10 ** 15 }),
      search({ weightMax: 100.5 }),
      search({ weightMin: 20, weightMax: 10 }),
      search({ loadingFrom: '2049-01-01' }),
      search({ loadingTo: '2025-11-01' }),
      search({ loadingFrom: '2026-12-05', loadingTo: tomorrow }),
    ]) {
      const made = encodeAlertToken(absurd, TODAY);
      expect([absurd, 'token' in made ? decodeAlertToken(made.token, TODAY) : made]).toEqual([absurd, { problem: 'malformed' }]);
    }
    // At the bounds, a search: 100 t, a year ahead, equal bounds.
    for (const edge of [
      search({ weightMin: 100, weightMax: 100 }),
      search({ loadingFrom: tomorrow, loadingTo: '2027-11-27' }),
      search({ loadingFrom: '2025-11-27' }),
    ])
      expect(decodeAlertToken(token(edge), TODAY)).toEqual({ search: edge });
  });

  it('writes nothing a board query cannot hold', () => {
    expect(encodeAlertToken(search({ scope: { from: 'Toshkent' } }), TODAY)).toEqual({ problem: 'badValue' });
    expect(encodeAlertToken(search({ weightMin: 1.0001 }), TODAY)).toEqual({ problem: 'badValue' });
    expect(encodeAlertToken(search({ vehicleIds: [''] }), TODAY)).toEqual({ problem: 'badValue' });
  });
});

/** Vehicle type ids as the build publishes them: by lower-case name. */
const IDS: Record<string, string> = { tent: '1', refrijerator: '2', isuzu: '3', 'fura 20t': '5', 'konteyner 40ft': '10' };
const NAMES = ['Tent', 'Refrijerator', 'Isuzu', 'Fura 20t', 'Konteyner 40ft'];

/** The board's queries, as board-query.test.ts makes them (ranges in order), with names the dictionary lists. */
const queries: fc.Arbitrary<BoardQuery> = fc
  .record({
    search: fc.oneof(fc.constant(''), fc.constantFrom(...PLACES.slice(0, 40).map((place) => place.names.uz))),
    vehicle: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
    weight: fc.tuple(fc.option(truckTonnes, { nil: null }), fc.option(truckTonnes, { nil: null })).map(inOrder),
    loading: fc.tuple(fc.option(nearDay, { nil: null }), fc.option(nearDay, { nil: null })).map(inOrder),
    near: fc.option(fc.integer({ min: 1, max: NEAR_MAX_KM }), { nil: null }),
    sort: fc.constantFrom('newest' as const, 'loading' as const),
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
    const byId = Object.fromEntries(Object.entries(IDS).map(([name, id]) => [id, NAMES.find((one) => one.toLowerCase() === name)]));
    fc.assert(
      fc.property(paths, queries, fc.constantFrom(uz, uzCyrl, ru), (path, query, language) => {
        const scope = alertScopeOf(path);
        if (!scope) throw new Error(path);
        const place = query.search ? (PLACES.find((one) => one.names.uz === query.search)?.slug ?? null) : null;
        const placeList = Boolean(scope.from || scope.to);
        // The board drops a radius around no place: the board's list without a search has none.
        const expected = placeList || query.search ? query : { ...query, near: null };
        const kept = alertSearchOf(scope, parseBoardQuery(boardSearchString(query), { placeList }), place, language, IDS);
        if ('problem' in kept) throw new Error(kept.problem);
        const read = decodeAlertToken(token(kept), TODAY);
        if (!('search' in read)) throw new Error(read.problem);
        expect(alertListPath(read.search.scope)).toBe(path);
        expect(read.search.language).toBe(language.prefix);
        const back: BoardQuery = {
          ...EMPTY_QUERY,
          search: read.search.place ? (PLACES.find((one) => one.slug === read.search.place)?.names.uz ?? '') : '',
          vehicle: read.search.vehicleIds.map((id) => byId[id] ?? ''),
          weight: { min: read.search.weightMin, max: read.search.weightMax },
          loading: { from: read.search.loadingFrom, to: read.search.loadingTo },
          near: read.search.near,
          sort: read.search.sort,
        };
        expect(boardSearchString(back)).toBe(boardSearchString(expected));
      }),
      { numRuns: 1000 },
    );
  });

  it('has no token for a free-text search, or a vehicle type the dictionary does not list', () => {
    const query = parseBoardQuery('?search=olma&vehicle=Tent');
    expect(alertSearchOf({}, query, null, uz, IDS)).toEqual({ problem: 'freeText' });
    expect(alertSearchOf({}, parseBoardQuery('?vehicle=Samosval'), null, uz, IDS)).toEqual({ problem: 'vehicle' });
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
