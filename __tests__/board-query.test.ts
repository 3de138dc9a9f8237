/**
 * The board's query in the URL (CONTRACT.md, "Filters"): every filter goes into the URL and comes back
 * the same, a malformed value is left out rather than an error, and every link to the board keeps them.
 */
import fc from 'fast-check';
import { LANGUAGES, type Language } from '../src/config/languages';
import { activeFilters, withoutFilter, withoutFilters } from '../src/board/chips';
import { FIRST_PAGE, boardHref, boardSearchString, isFiltered, parseBoardQuery, sameQuery, type BoardQuery } from '../src/board/query';

const [uz, , ru] = LANGUAGES as unknown as [Language, Language, Language];

const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const tonnes = fc.integer({ min: 0, max: 1_000_000 }).map((thousandths) => thousandths / 1000);
const vehicle = fc.string({ minLength: 1, maxLength: 30 }).filter((name) => name.trim() === name && name.length > 0);

const queries: fc.Arbitrary<BoardQuery> = fc.record({
  page: fc.integer({ min: 1, max: 999_999 }),
  search: fc.string({ maxLength: 40 }).map((text) => text.trim()),
  vehicles: fc.uniqueArray(vehicle, { maxLength: 5, selector: (name) => name.toLowerCase() }),
  weightMin: fc.option(tonnes, { nil: null }),
  weightMax: fc.option(tonnes, { nil: null }),
  loadingFrom: fc.option(day, { nil: null }),
  loadingTo: fc.option(day, { nil: null }),
  sort: fc.constantFrom('newest' as const, 'loading' as const),
});

describe('the board query in the URL', () => {
  it('comes back the same from its URL, every filter included', () => {
    fc.assert(
      fc.property(queries, (query) => {
        const back = parseBoardQuery(boardSearchString(query));
        expect(sameQuery(back, query)).toBe(true);
        expect(back.vehicles).toEqual(query.vehicles);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips search and page, leaving defaults out', () => {
    expect(parseBoardQuery('?search=Toshkent&page=3')).toEqual({ ...FIRST_PAGE, page: 3, search: 'Toshkent' });
    expect(boardSearchString({ page: 3, search: 'Toshkent' })).toBe('?search=Toshkent&page=3');
    expect(boardSearchString({ page: 1, search: '' })).toBe('');
    expect(parseBoardQuery(boardSearchString({ page: 2, search: "Farg'ona & <Andijon>" }))).toEqual({
      ...FIRST_PAGE,
      page: 2,
      search: "Farg'ona & <Andijon>",
    });
  });

  it('writes the parameters CONTRACT.md names: vehicle repeated, tonnes, Tashkent days and the order', () => {
    const query: BoardQuery = {
      page: 2,
      search: 'Toshkent',
      vehicles: ['Tent', 'Fura 20t'],
      weightMin: 7.5,
      weightMax: 20,
      loadingFrom: '2026-11-27',
      loadingTo: '2026-11-29',
      sort: 'loading',
    };
    expect(boardSearchString(query)).toBe(
      '?search=Toshkent&vehicle=Tent&vehicle=Fura+20t&weightMin=7.5&weightMax=20&loadingFrom=2026-11-27&loadingTo=2026-11-29&sort=loading&page=2',
    );
    expect(boardSearchString(FIRST_PAGE)).toBe('');
  });

  it('matches vehicle types whatever their case, and keeps each once', () => {
    const query = parseBoardQuery('?vehicle=Tent&vehicle=tent&vehicle=%20Refrijerator%20&vehicle=');
    expect(query.vehicles).toEqual(['Tent', 'Refrijerator']);
    expect(sameQuery(query, parseBoardQuery('?vehicle=REFRIJERATOR&vehicle=TENT'))).toBe(true);
  });

  it.each([
    ['weightMin=abc', { weightMin: null }],
    ['weightMin=-5', { weightMin: null }],
    ['weightMax=1e3', { weightMax: null }],
    ['weightMax=100000', { weightMax: null }],
    ['loadingFrom=2026-02-30', { loadingFrom: null }],
    ['loadingFrom=2026-13-01', { loadingFrom: null }],
    ['loadingTo=tomorrow', { loadingTo: null }],
    ['loadingTo=2026-11-27T10:00', { loadingTo: null }],
    ['sort=oldest', { sort: 'newest' }],
    ['sort=LOADING', { sort: 'newest' }],
    ['page=0', { page: 1 }],
    ['page=-3', { page: 1 }],
    ['vehicle=', { vehicles: [] }],
  ])('ignores a malformed value: %s', (text, expected) => {
    expect(parseBoardQuery(`?${text}&weightMin=5`)).toMatchObject({ ...FIRST_PAGE, weightMin: 5, ...expected });
  });

  it('reads a decimal comma in tonnes, as people here write it', () => {
    expect(parseBoardQuery('?weightMax=20,5').weightMax).toBe(20.5);
  });

  it('never throws on hostile query strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const query = parseBoardQuery(text);
        expect(query.page).toBeGreaterThanOrEqual(1);
        expect(query.vehicles.length).toBeLessThanOrEqual(30);
      }),
    );
  });

  it('counts a search alone as no filter, and any filter or the loading order as one', () => {
    expect(isFiltered(parseBoardQuery('?search=Toshkent&page=3'))).toBe(false);
    for (const text of ['vehicle=Tent', 'weightMin=1', 'weightMax=1', 'loadingFrom=2026-11-27', 'loadingTo=2026-11-27', 'sort=loading'])
      expect(isFiltered(parseBoardQuery(`?${text}`))).toBe(true);
  });
});

describe('links to the board', () => {
  const filtered = parseBoardQuery('?vehicle=Tent&weightMin=10&page=3');

  it('keep every filter, on the board and on a city page', () => {
    expect(boardHref(ru, filtered)).toBe('/ru/loads?vehicle=Tent&weightMin=10&page=3');
    const scope = { path: '/loads/from/toshkent', builtPages: 5 };
    expect(boardHref(ru, filtered, { scope })).toBe('/ru/loads/from/toshkent?vehicle=Tent&weightMin=10&page=3');
    expect(boardHref(uz, filtered, { scope, bare: true })).toBe('/loads/from/toshkent?vehicle=Tent&weightMin=10&page=3');
  });

  it('lead to the page the build made for a plain list, and to the query for the pages it did not', () => {
    const scope = { path: '/loads/from/toshkent', builtPages: 5 };
    expect(boardHref(ru, { page: 2 }, { scope })).toBe('/ru/loads/from/toshkent/2');
    expect(boardHref(ru, { page: 6 }, { scope })).toBe('/ru/loads/from/toshkent?page=6');
    expect(boardHref(ru, { page: 1 }, { scope })).toBe('/ru/loads/from/toshkent');
    expect(boardHref(ru, { page: 2 })).toBe('/ru/loads?page=2');
    expect(boardHref(ru, { search: 'Ташкент' })).toBe(`/ru/loads?search=${encodeURIComponent('Ташкент')}`);
  });
});

describe('chips', () => {
  const query = parseBoardQuery('?search=Buxoro&vehicle=Tent&vehicle=Labo&weightMax=5&loadingFrom=2026-11-27&sort=loading&page=4');

  it('are one per filter, the weight and loading day each one range', () => {
    expect(activeFilters(query).map((chip) => chip.kind)).toEqual(['vehicle', 'vehicle', 'weight', 'loading', 'sort']);
    expect(activeFilters(query, true)[0]).toEqual({ kind: 'search', text: 'Buxoro' });
  });

  it('each remove their filter alone and return to page 1; one control clears them all', () => {
    for (const chip of activeFilters(query, true)) {
      const next = withoutFilter(query, chip);
      expect(next.page).toBe(1);
      expect(activeFilters(next, true)).toHaveLength(activeFilters(query, true).length - 1);
    }
    expect(withoutFilters(query)).toEqual({ ...FIRST_PAGE, search: 'Buxoro' });
    expect(withoutFilters(query, true)).toEqual(FIRST_PAGE);
  });
});
