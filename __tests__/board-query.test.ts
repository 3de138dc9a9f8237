/**
 * The board's query in the URL (CONTRACT.md, "Filters"): every filter of the table goes into the URL and
 * comes back the same, a malformed value is left out rather than an error, and every link to the board
 * keeps them.
 */
import fc from 'fast-check';
import { LANGUAGES, type Language } from '../src/config/languages';
import { queryChips, withoutFilters, withoutQueryChip } from '../src/search/chips';
import { NO_FILTERS, parseTonnes } from '../src/search/filter-table';
import { EMPTY_QUERY, boardHref, boardSearchString, isFiltered, parseBoardQuery, sameQuery, type BoardQuery } from '../src/search/query';
import { boardSearchHref } from '../src/search/search-href';
import { boardQueries } from './support/board-queries';

const [uz, , ru] = LANGUAGES as unknown as [Language, Language, Language];

describe('the board query in the URL', () => {
  it('comes back the same from its URL, every filter included', () => {
    fc.assert(
      fc.property(boardQueries(), fc.boolean(), (query, placeList) => {
        const back = parseBoardQuery(boardSearchString(query), { placeList });
        expect(sameQuery(back, query)).toBe(true);
        expect(back.vehicle).toEqual(query.vehicle);
        expect(back.near).toBe(query.near);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a route's destination radius (nearTo, 0 the place alone) on a route list only", () => {
    fc.assert(
      fc.property(boardQueries({ placeList: true, routeList: true }), (query) => {
        const back = parseBoardQuery(boardSearchString(query), { placeList: true, routeList: true });
        expect(back.nearTo).toBe(query.nearTo);
        expect(sameQuery(back, query)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(parseBoardQuery('?nearTo=0', { placeList: true, routeList: true }).nearTo).toBe(0);
    expect(parseBoardQuery('?nearTo=50', { placeList: true }).nearTo).toBeNull();
    for (const bad of ['-1', '301', '5.5', '<b>', '']) expect(parseBoardQuery(`?nearTo=${bad}`, { routeList: true }).nearTo).toBeNull();
  });

  it('round-trips search and page, leaving defaults out', () => {
    expect(parseBoardQuery('?search=Toshkent&page=3')).toEqual({ ...EMPTY_QUERY, page: 3, search: 'Toshkent' });
    expect(boardSearchString({ page: 3, search: 'Toshkent' })).toBe('?search=Toshkent&page=3');
    expect(boardSearchString({ page: 1, search: '' })).toBe('');
    expect(parseBoardQuery(boardSearchString({ page: 2, search: "Farg'ona & <Andijon>" }))).toEqual({
      ...EMPTY_QUERY,
      page: 2,
      search: "Farg'ona & <Andijon>",
    });
  });

  it('writes the parameters CONTRACT.md names: vehicle repeated, tonnes, Tashkent days, the radius and the order', () => {
    const query: BoardQuery = {
      page: 2,
      search: 'Toshkent',
      vehicle: ['Tent', 'Fura 20t'],
      weight: { min: 7.5, max: 20 },
      loading: { from: '2026-11-27', to: '2026-11-29' },
      near: 50,
      sort: 'loading',
      nearTo: null,
    };
    expect(boardSearchString(query)).toBe(
      '?search=Toshkent&vehicle=Tent&vehicle=Fura+20t&weightMin=7.5&weightMax=20&loadingFrom=2026-11-27&loadingTo=2026-11-29&near=50&sort=loading&page=2',
    );
    expect(boardSearchString(EMPTY_QUERY)).toBe('');
  });

  it('matches vehicle types whatever their case, and keeps each once', () => {
    const query = parseBoardQuery('?vehicle=Tent&vehicle=tent&vehicle=%20Refrijerator%20&vehicle=');
    expect(query.vehicle).toEqual(['Tent', 'Refrijerator']);
    expect(sameQuery(query, parseBoardQuery('?vehicle=REFRIJERATOR&vehicle=TENT'))).toBe(true);
  });

  it('ignores markup and any type the board does not know, and takes the board spelling of one it knows', () => {
    const known = { vehicleTypes: ['Tent', 'Refrijerator', 'Fura 20t'] };
    expect(parseBoardQuery('?vehicle=%3Cscript%3Ealert(1)%3C%2Fscript%3E&vehicle=Tent').vehicle).toEqual(['Tent']);
    expect(parseBoardQuery('?vehicle=Avtovoz&vehicle=tent&vehicle=FURA%2020T', known).vehicle).toEqual(['Tent', 'Fura 20t']);
    expect(isFiltered(parseBoardQuery('?vehicle=Avtovoz', known))).toBe(false);
  });

  it.each([
    ['weightMin=abc', { weight: { min: null, max: null } }],
    ['weightMin=-5', { weight: { min: null, max: null } }],
    ['weightMax=1e3', { weight: { min: 5, max: null } }],
    ['weightMax=100000', { weight: { min: 5, max: null } }],
    ['loadingFrom=2026-02-30', { loading: { from: null, to: null } }],
    ['loadingFrom=2026-13-01', { loading: { from: null, to: null } }],
    ['loadingTo=tomorrow', { loading: { from: null, to: null } }],
    ['loadingTo=2026-11-27T10:00', { loading: { from: null, to: null } }],
    ['near=0', { near: null }],
    ['near=301', { near: null }],
    ['near=50.5', { near: null }],
    ['sort=oldest', { sort: 'newest' }],
    ['sort=LOADING', { sort: 'newest' }],
    ['page=0', { page: 1 }],
    ['page=-3', { page: 1 }],
    ['vehicle=', { vehicle: [] }],
  ])('ignores a malformed value: %s', (text, expected) => {
    const weight = text.startsWith('weightMin') ? {} : { weight: { min: 5, max: null } };
    const base = text.startsWith('weightMin') ? '' : '&weightMin=5';
    expect(parseBoardQuery(`?${text}${base}&search=Buxoro`)).toMatchObject({ ...EMPTY_QUERY, search: 'Buxoro', ...weight, ...expected });
  });

  it('reads a range written backwards as the same range', () => {
    expect(parseBoardQuery('?weightMin=30&weightMax=10').weight).toEqual({ min: 10, max: 30 });
    expect(parseBoardQuery('?loadingFrom=2026-12-05&loadingTo=2026-12-01').loading).toEqual({ from: '2026-12-01', to: '2026-12-05' });
  });

  it.each([
    ['20', 20],
    ['20,5', 20.5],
    ['7.5', 7.5],
    ['20 т', 20],
    ['20t', 20],
    ['20 T', 20],
    ['20 tonna', 20],
    ['20 тонн', 20],
    ['1000', 1000],
    ['1001', null],
    ['twenty', null],
    ['-5', null],
    ['', null],
  ])('reads a typed tonnage %j as %j', (typed, tonnes) => {
    expect(parseTonnes(typed)).toBe(tonnes);
  });

  it('widens only a list with a place: near is left out on the board without a search', () => {
    expect(parseBoardQuery('?near=50').near).toBeNull();
    expect(parseBoardQuery('?search=Samarqand&near=50').near).toBe(50);
    expect(parseBoardQuery('?near=50', { placeList: true }).near).toBe(50);
  });

  it('never throws on hostile query strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const query = parseBoardQuery(text);
        expect(query.page).toBeGreaterThanOrEqual(1);
        expect(query.vehicle.length).toBeLessThanOrEqual(30);
      }),
    );
  });

  it('counts a search alone as no filter, and any filter or the loading order as one', () => {
    expect(isFiltered(parseBoardQuery('?search=Toshkent&page=3'))).toBe(false);
    for (const text of [
      'vehicle=Tent',
      'weightMin=1',
      'weightMax=1',
      'loadingFrom=2026-11-27',
      'loadingTo=2026-11-27',
      'sort=loading',
      'near=25',
    ])
      expect(isFiltered(parseBoardQuery(`?${text}&search=Toshkent`))).toBe(true);
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

  it("for a search alone, written without the filters' code as boardHref writes it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.string({ maxLength: 40 }), fc.boolean(), (language, search, bare) => {
        expect(boardSearchHref(language, search, bare)).toBe(boardHref(language, { search }, { bare }));
      }),
    );
    expect(boardSearchHref(uz, '<b>Toshkent</b> & Co')).toBe('/uz/loads?search=%3Cb%3EToshkent%3C%2Fb%3E+%26+Co');
  });
});

describe('chips', () => {
  const query = parseBoardQuery('?search=Buxoro&vehicle=Tent&vehicle=Labo&weightMax=5&loadingFrom=2026-11-27&near=50&sort=loading&page=4');

  it('are one per chosen value, the weight and loading day each one range', () => {
    expect(queryChips(query).map((chip) => chip.key)).toEqual(['vehicle', 'vehicle', 'weight', 'loading', 'near', 'sort']);
    expect(queryChips(query, true)[0]).toEqual({ key: 'search', text: 'Buxoro' });
  });

  it('each remove their filter alone and return to page 1; one control clears them all', () => {
    for (const chip of queryChips(query, true)) {
      const next = withoutQueryChip(query, chip);
      expect(next.page).toBe(1);
      expect(queryChips(next, true)).toHaveLength(queryChips(query, true).length - 1);
    }
    expect(withoutFilters(query)).toEqual({ ...EMPTY_QUERY, search: 'Buxoro' });
    expect(withoutFilters(query, true)).toEqual({ ...EMPTY_QUERY, ...NO_FILTERS });
  });
});
