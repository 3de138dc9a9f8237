/**
 * Which lists "keep this search" is offered for (src/board/saved/extras-wanted.ts, docs/board.md "Saved
 * searches"): the board once a search or a filter is chosen; a city or route page as it is, without one.
 */
import { keepable, searchChosen } from '../src/board/saved/extras-wanted';
import { EMPTY_QUERY } from '../src/search/query';

describe('keepable', () => {
  test('the board is kept only with a search or a filter', () => {
    expect(keepable(EMPTY_QUERY)).toBe(false);
    expect(keepable(EMPTY_QUERY, '/loads')).toBe(false);
    expect(keepable({ ...EMPTY_QUERY, search: 'Ташкент' }, '/loads')).toBe(true);
    expect(keepable({ ...EMPTY_QUERY, vehicle: ['Tent'] }, '/loads')).toBe(true);
  });

  test('a city or route page is kept as it is, without a filter', () => {
    expect(keepable(EMPTY_QUERY, '/loads/from/toshkent')).toBe(true);
    expect(keepable(EMPTY_QUERY, '/loads/to/samarqand')).toBe(true);
    expect(keepable(EMPTY_QUERY, '/loads/route/toshkent/samarqand')).toBe(true);
    expect(keepable({ ...EMPTY_QUERY, weight: { min: 10, max: null } }, '/loads/route/toshkent/samarqand')).toBe(true);
  });

  test('only a search or a filter asks for the saved searches’ code at once, on any list', () => {
    expect(searchChosen(EMPTY_QUERY)).toBe(false);
    expect(searchChosen({ ...EMPTY_QUERY, search: 'olma' })).toBe(true);
    expect(searchChosen({ ...EMPTY_QUERY, vehicle: ['Tent'] })).toBe(true);
  });
});
