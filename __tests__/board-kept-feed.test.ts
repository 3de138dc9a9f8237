import { keptListFeed } from '../src/search/kept-feed';
import { parseBoardQuery } from '../src/search/query';
import type { ListPath } from '../src/config/routes';

const FROM_SAMARQAND: ListPath = { kind: 'from', from: 'samarqand' };
const ROUTE: ListPath = { kind: 'route', from: 'toshkent', to: 'samarqand' };
const feedOf = (list: ListPath, search: string) => keptListFeed(list, parseBoardQuery(search, { placeList: list.kind !== 'board' }), 'ru');

describe("a kept search's feed", () => {
  it('is the city or route feed when the kept list is that list, in any order', () => {
    expect(feedOf(FROM_SAMARQAND, '')).toBe('/feeds/ru/from/samarqand.atom');
    expect(feedOf(FROM_SAMARQAND, '?sort=loading')).toBe('/feeds/ru/from/samarqand.atom');
    expect(feedOf(ROUTE, '?page=2')).toBe('/feeds/ru/route/toshkent/samarqand.atom');
  });

  it('is none where the kept list holds other loads than any feed', () => {
    // "Самарканд, Тент" and "Самарканд, в радиусе 50 км" once both linked the city's outgoing feed.
    expect(feedOf(FROM_SAMARQAND, '?vehicle=Tent')).toBeNull();
    expect(feedOf(FROM_SAMARQAND, '?near=50')).toBeNull();
    expect(feedOf(ROUTE, '?weightMin=10')).toBeNull();
    expect(feedOf(ROUTE, '?loadingFrom=2026-12-02')).toBeNull();
    expect(feedOf({ kind: 'board' }, `?search=${encodeURIComponent('Самарканд')}`)).toBeNull();
    expect(feedOf({ kind: 'board' }, `?search=${encodeURIComponent('Самарканд')}&near=50`)).toBeNull();
  });
});
