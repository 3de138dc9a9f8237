import type { Actions } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { createPlacePages, placesDirectoryContext } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { PAGE_SIZE, PLACE_LIST_MAX_PAGES } from '../src/config/constants';
import { neighbourRoutes } from '../src/loads/place-groups';
import { newestFirst } from '../src/loads/posting-time';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';

function load(id: string, from: string, to: string, createdAt: string, byName = false): Load {
  return normalizeLoad(
    byName
      ? { id, title: 'Un', fromLocationName: from, toLocationName: to, createdAt }
      : { id, title: 'Un', fromLocation: { name: from }, toLocation: { name: to }, createdAt },
  );
}

function day(n: number): string {
  return new Date(Date.UTC(2026, 10, n, 9)).toISOString();
}

interface Made {
  path: string;
  context: PlaceLoadsPageContext;
}

function collect(): { pages: Made[]; createPage: Actions['createPage'] } {
  const pages: Made[] = [];
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) => {
    pages.push({ path: page.path, context: page.context });
  }) as unknown as Actions['createPage'];
  return { pages, createPage };
}

describe('grouping loads by place', () => {
  const loads = [
    load('a', 'Toshkent', 'Samarqand', day(1)),
    load('b', 'Ташкент', 'Самарканд', day(3)),
    load('c', 'Тошкент', 'Buxoro', day(2)),
    load('d', 'Toshkent, Toshkent shahri', 'Andijon, Andijon viloyati', day(4), true),
    load('e', 'Atlantis', 'Toshkent', day(5)),
    load('f', 'Samarqand', 'Toshkent', day(6)),
  ];

  it('puts one place written in different scripts on one page, newest first', () => {
    const groups = groupBuildLoads(loads);
    expect([...groups.from.keys()].sort()).toEqual(['samarqand', 'toshkent']);
    expect(groups.from.get('toshkent')?.loads.map((l) => l.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(groups.routes.get('toshkent/samarqand')?.loads.map((l) => l.id)).toEqual(['b', 'a']);
  });

  it('gives an unknown place no page, but keeps the load on its known end', () => {
    const groups = groupBuildLoads(loads);
    expect([...groups.from.values()].some((g) => g.loads.some((l) => l.id === 'e'))).toBe(false);
    expect(groups.to.get('toshkent')?.loads.map((l) => l.id)).toEqual(['f', 'e']);
    expect([...groups.routes.keys()].some((key) => key.includes('tlantis'))).toBe(false);
  });

  it('keeps undated loads after dated ones, by id whatever the API order', () => {
    const undated = [load('z', 'Toshkent', 'Buxoro', ''), load('y', 'Toshkent', 'Buxoro', day(1)), load('x', 'Toshkent', 'Buxoro', 'bad')];
    expect([...undated].sort(newestFirst).map((l) => l.id)).toEqual(['y', 'x', 'z']);
    expect(
      groupBuildLoads([...undated].reverse())
        .from.get('toshkent')
        ?.loads.map((l) => l.id),
    ).toEqual(['y', 'x', 'z']);
  });

  it('lists neighbouring routes without the route itself or its reverse', () => {
    const groups = groupBuildLoads(loads);
    const keys = neighbourRoutes(groups, 'toshkent', 'samarqand', 10).map((r) => `${r.from.slug}/${r.to.slug}`);
    expect(keys).not.toContain('toshkent/samarqand');
    expect(keys).not.toContain('samarqand/toshkent');
    expect(keys).toEqual(expect.arrayContaining(['toshkent/buxoro', 'toshkent/andijon']));
  });
});

describe('place pages', () => {
  it('makes four variants per list page, names places in the page language and links the reverse route', () => {
    const many = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => load(`t${i}`, i % 2 ? 'Toshkent' : 'Ташкент', 'Samarqand', day(1)));
    const { pages, createPage } = collect();
    const counts = createPlacePages(groupBuildLoads([...many, load('r', 'Самарканд', 'Tashkent', day(2))]), 0, createPage);
    expect(counts.pages).toBe(pages.length);
    const paths = pages.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/loads/from/toshkent',
        '/uz/loads/from/toshkent',
        '/uz-cyrl/loads/from/toshkent',
        '/ru/loads/from/toshkent',
        '/ru/loads/from/toshkent/2',
        '/loads/route/toshkent/samarqand/2',
      ]),
    );
    const ru = pages.find((p) => p.path === '/ru/loads/route/toshkent/samarqand');
    expect(ru?.context.from).toBe('Ташкент');
    expect(ru?.context.loads).toHaveLength(PAGE_SIZE);
    expect(new Set(ru?.context.loads.map((l) => l.from))).toEqual(new Set(['Ташкент']));
    expect(ru?.context.loads[0]?.contact).toBeNull();
    expect(ru?.context.reverse?.path).toBe('/loads/route/samarqand/toshkent');
    const back = pages.find((p) => p.path === '/uz/loads/route/samarqand/toshkent');
    expect(back?.context.reverse?.count).toBe(PAGE_SIZE + 1);
    const lonely = pages.find((p) => p.path === '/uz/loads/to/samarqand');
    expect(lonely?.context.reverse?.path).toBe('/loads/from/samarqand');
  });

  it('pre-builds at most PLACE_LIST_MAX_PAGES pages of a list, and still counts every load', () => {
    const many = Array.from({ length: PAGE_SIZE * PLACE_LIST_MAX_PAGES + 1 }, (_, i) => load(`m${i}`, 'Toshkent', 'Buxoro', day(1)));
    const { pages, createPage } = collect();
    createPlacePages(groupBuildLoads(many), 0, createPage);
    const last = pages.find((p) => p.path === `/uz/loads/from/toshkent/${PLACE_LIST_MAX_PAGES}`);
    expect(last?.context).toMatchObject({ pages: PLACE_LIST_MAX_PAGES, total: many.length });
    expect(pages.some((p) => p.path === `/uz/loads/from/toshkent/${PLACE_LIST_MAX_PAGES + 1}`)).toBe(false);
  });

  it('has no reverse link where the way back has no loads', () => {
    const { pages, createPage } = collect();
    createPlacePages(groupBuildLoads([load('a', 'Toshkent', 'Buxoro', day(1))]), 0, createPage);
    expect(pages.find((p) => p.path === '/ru/loads/route/toshkent/buxoro')?.context.reverse).toBeNull();
  });

  it('links a route without return loads on to the loads leaving its destination, and only then', () => {
    const { pages, createPage } = collect();
    createPlacePages(
      groupBuildLoads([
        load('a', 'Toshkent', 'Buxoro', day(1)),
        load('b', 'Бухара', 'Samarqand', day(1)),
        load('c', 'Buxoro', 'Samarqand', day(2)),
      ]),
      0,
      createPage,
    );
    const route = pages.find((p) => p.path === '/ru/loads/route/toshkent/buxoro')?.context;
    expect(route?.onward).toEqual({ path: '/loads/from/buxoro', from: 'Бухара', to: '', count: 2 });
    // Samarqand has no outgoing loads: no onward link to a page that does not exist.
    expect(pages.find((p) => p.path === '/ru/loads/route/buxoro/samarqand')?.context.onward).toBeNull();
    expect(pages.find((p) => p.path === '/ru/loads/from/toshkent')?.context.onward).toBeNull();
  });

  it('counts outgoing and incoming loads for the directory', () => {
    const directory = placesDirectoryContext(
      groupBuildLoads([
        load('a', 'Toshkent', 'Buxoro', day(1)),
        load('b', 'Ташкент', 'Бухара', day(1)),
        load('c', 'Buxoro', 'Тошкент', day(1)),
      ]),
      0,
    );
    const toshkent = directory.places.find((p) => p.slug === 'toshkent');
    expect(toshkent).toMatchObject({ outgoing: 2, incoming: 1 });
    expect(toshkent?.names.ru).toBe('Ташкент');
    expect(directory.routes[0]).toEqual({ from: 'toshkent', to: 'buxoro', count: 2 });
  });
});

describe('the date of a place page', () => {
  it('is its newest load’s posting, so the same loads give the same pages without any cache', () => {
    const loads = [load('a', 'Toshkent', 'Buxoro', day(1)), load('b', 'Toshkent', 'Andijon', day(3)), load('c', 'Nukus', 'Buxoro', '')];
    const first = collect();
    createPlacePages(groupBuildLoads(loads), Date.parse(day(5)), first.createPage);
    const at = (path: string) => first.pages.find((p) => p.path === path)?.context.builtAt;
    expect(at('/ru/loads/from/toshkent')).toBe(Date.parse(day(3)));
    expect(at('/ru/loads/route/toshkent/buxoro')).toBe(Date.parse(day(1)));
    // No load of the list has a date: the board's newest posting.
    expect(at('/ru/loads/from/nukus')).toBe(Date.parse(day(5)));
    const again = collect();
    createPlacePages(groupBuildLoads(loads), Date.parse(day(5)), again.createPage);
    expect(JSON.stringify(again.pages)).toBe(JSON.stringify(first.pages));
  });

  it('is the board’s newest posting on the directory', () => {
    expect(placesDirectoryContext(groupBuildLoads([load('a', 'Toshkent', 'Buxoro', day(1))]), 42).builtAt).toBe(42);
  });
});
