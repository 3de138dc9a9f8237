import type { Actions, CreateResolversArgs } from 'gatsby';
import { createResolvers, keepingPaths } from '../src/gatsby/sitemap-pages';
import { SITEMAP_QUERY_FIELD, sitemapOptions } from '../src/gatsby/sitemap';
import { PAGES_PER_TURN, pagesInTurns } from '../src/gatsby/pages-in-turns';

type Resolvers = Record<string, Record<string, { type: string; resolve: () => string[] }>>;

/** What the site's resolver answers the sitemap's query with, as Gatsby would call it. */
function queriedPaths(): string[] {
  let registered: Resolvers = {};
  const args = { createResolvers: (resolvers: Resolvers) => (registered = resolvers) } as unknown as CreateResolversArgs;
  void createResolvers?.(args, { plugins: [] }, () => undefined);
  const field = registered.Query?.[SITEMAP_QUERY_FIELD];
  expect(field?.type).toBe('[String!]!');
  return field?.resolve() ?? [];
}

const page = (path: string) => ({ path, component: '/site/src/templates/home.tsx', context: {} });

describe('the sitemap', () => {
  test('asks for the paths of the pages the build made, not for every page node', () => {
    expect(sitemapOptions().query).toBe(`{ ${SITEMAP_QUERY_FIELD} }`);
    expect(sitemapOptions().query).not.toContain('allSitePage');
  });

  test('lists each page the build made once, passing every page on to Gatsby', () => {
    const made: string[] = [];
    const createPage = keepingPaths(((made_) => made.push(made_.path)) as Actions['createPage']);
    for (const path of ['/uz', '/ru/load/1', '/ru/load/1', '/load/1']) createPage(page(path));
    expect(made).toEqual(['/uz', '/ru/load/1', '/ru/load/1', '/load/1']);
    expect(queriedPaths()).toEqual(['/uz', '/ru/load/1', '/load/1']);
  });

  test('forgets the pages of an earlier build in the same process', () => {
    keepingPaths((() => undefined) as Actions['createPage'])(page('/uz/help'));
    keepingPaths((() => undefined) as Actions['createPage'])(page('/ru/help'));
    expect(queriedPaths()).toEqual(['/ru/help']);
  });

  test('keeps the prefixed, indexable pages of those paths', () => {
    const paths = ['/uz', '/load/7', '/ru/load/7', '/uz-cyrl/applink', '/ru/404', '/404.html', '/uz/loads/from/toshkent'];
    const pages = sitemapOptions().resolvePages({ [SITEMAP_QUERY_FIELD]: paths });
    expect(pages.map((entry) => entry.path)).toEqual(['/uz', '/ru/load/7', '/uz/loads/from/toshkent']);
  });
});

describe('pages made in turns', () => {
  test('makes no page until flushed, then all in order, letting the event loop turn between thousands', async () => {
    const made: string[] = [];
    const turns = pagesInTurns(((made_) => made.push(made_.path)) as Actions['createPage']);
    const count = PAGES_PER_TURN * 2 + 10;
    for (let index = 0; index < count; index += 1) turns.createPage(page(`/uz/load/${index}`));
    expect(made).toHaveLength(0);
    let madeWhenTheLoopTurned = -1;
    setImmediate(() => (madeWhenTheLoopTurned = made.length));
    await expect(turns.flush()).resolves.toBe(count);
    expect(made).toEqual(Array.from({ length: count }, (_, index) => `/uz/load/${index}`));
    expect(madeWhenTheLoopTurned).toBe(PAGES_PER_TURN);
    await expect(turns.flush()).resolves.toBe(0);
  });
});
