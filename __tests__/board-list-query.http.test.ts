/**
 * @jest-environment node
 */
/**
 * Lists worked out on the phone (src/board/sources/list-query.ts) and the board's own API list
 * (src/board/sources/api-list.ts) against the sample API over HTTP and the files the build publishes, for each
 * order the API may list its loads in (CONTRACT.md, "The API as the site calls it"): every matching load
 * is reachable by paging, loads posted since the build included and loads taken since left out; counts
 * are exact, or say "at least" where the phone could not read everything; a filter narrows a search and
 * never changes it; a change after the first asks the API nothing.
 */
import type { Load } from '../src/api-client/types';
import { listQuery } from '../src/board/sources/list-query';
import { apiListPage, boardPlainList } from '../src/board/sources/api-list';
import { pageSource } from '../src/board/sources/sources';
import { boardFailure } from '../src/board/failure';
import type { BoardList, WorkedLists } from '../src/board/list-types';
import type { ListPlaces } from '../src/search/matcher';
import { parseBoardQuery, type BoardQuery } from '../src/search/query';
import { PAGE_SIZE } from '../src/config/constants';
import { newestFirst, postedAt } from '../src/loads/posting-time';
import { matchPlace } from '../src/places/match';
import type { ListOrderSetting, ResponseShape } from '../tools/sample-api/server';
import { everyLoad, type HarnessApi } from '../tools/harness/sample-api';
import { publishedBoard, siteApiForFile } from './support/site-api';
import type { PublishedFilters } from './support/published-filters';
import { plainOnTheWay, plainRouteLoads } from './support/on-the-way-oracle';

let api: HarnessApi;
const signal = new AbortController().signal;

siteApiForFile({ loads: 200 }, (started) => (api = started));

/** Loads posted on the board after the build, through the sample API's change mode (one list request). */
async function postLoads(count: number): Promise<string[]> {
  await api.control.set({ change: { every: 1, removals: false, limit: 1, size: count } });
  await fetch(`${api.url}/loads?limit=1`);
  const { posted } = await api.control.state();
  await api.control.set({ change: null });
  return posted;
}

/** The build's read of the board as the API now lists it, published and served. */
const build = (order: ListOrderSetting, loads = 200) => publishedBoard(api, order, loads);

function listsOf(published: PublishedFilters, list: ListPlaces = {}, indexPath = published.files.board): WorkedLists {
  const around = list.from ?? list.to;
  return listQuery({
    files: published.listFiles(indexPath, around ? published.files.around.get(around) : undefined),
    list,
    placeFilePath: published.placeFileUrl,
  });
}

async function everyPage(lists: WorkedLists, query: BoardQuery): Promise<{ ids: string[]; first: BoardList }> {
  const first = await lists.page({ ...query, page: 1 }, { signal, fresh: false });
  const ids = first.loads.map((load) => load.id);
  for (let page = 2; page <= Math.ceil(first.total / PAGE_SIZE); page += 1)
    ids.push(...(await lists.page({ ...query, page }, { signal, fresh: false })).loads.map((load) => load.id));
  return { ids, first };
}

const heavyTents = (loads: readonly Load[]) =>
  [...loads]
    .sort(newestFirst)
    .filter((load) => load.vehicleType.toLowerCase() === 'tent' && load.weight !== null && load.weight >= 12)
    .map((load) => load.id);

describe.each<'newest' | 'oldest'>(['newest', 'oldest'])('an API that lists the %s first', (order) => {
  let published: PublishedFilters;
  let built: Load[];
  beforeEach(async () => ({ built, published } = await build(order)));
  afterEach(() => published.close());

  it('pages through every matching load, those posted since the build first, with an exact count', async () => {
    await postLoads(4);
    const { ids, first } = await everyPage(listsOf(published), parseBoardQuery('?vehicle=TENT&weightMin=12'));
    expect(first.totalBound).toBeUndefined();
    expect(first.total).toBe(ids.length);
    expect(ids).toEqual(heavyTents(await everyLoad(api.url)));
    expect(first.freshness).toMatchObject({ complete: true });
  });

  it("says when the build read the board, not the newest posting it read, as the filtered list's time", async () => {
    const readAt = Date.parse('2026-12-02T00:22:00Z');
    const files = { ...published.listFiles(published.files.board), readAt };
    const lists = listQuery({ files, list: {}, placeFilePath: published.placeFileUrl });
    const { first } = await everyPage(lists, parseBoardQuery('?vehicle=TENT'));
    expect(first.freshness?.builtAt).toBe(readAt);
  });

  it('leaves out a load taken since the build among the newest, from the list and its counts', async () => {
    const taken = built.find((load) => load.vehicleType === 'Refrijerator') as Load;
    const newest = built.slice(0, PAGE_SIZE).find((load) => load.vehicleType === taken.vehicleType) ?? taken;
    await api.control.set({ take: [newest.id] });
    const lists = listsOf(published);
    const { ids, first } = await everyPage(lists, parseBoardQuery('?vehicle=Refrijerator'));
    const live = (await everyLoad(api.url)).filter((load) => load.vehicleType === 'Refrijerator');
    expect(ids).not.toContain(newest.id);
    expect(first.total).toBe(live.length);
    const counts = await lists.facets(parseBoardQuery('?weightMin=0'), signal);
    expect(counts.vehicle.get('refrijerator')).toBe(live.length);
  });

  it("counts a kept route's new loads with its loads on the way, those posted since the build too, under its filters", async () => {
    await postLoads(30);
    const live = await everyLoad(api.url);
    const since = postedAt(built[80] as Load);
    const fresh = live.filter((load) => postedAt(load) > since);
    const trip = { from: 'toshkent', to: 'navoiy' };
    const lists = listsOf(published);
    for (const text of ['', '?vehicle=Tent', '?weightMin=10']) {
      const query = parseBoardQuery(text, { placeList: true });
      const own = plainRouteLoads(fresh, trip, query);
      const way = plainOnTheWay(fresh, trip, query);
      if (text === '') expect(way.length).toBeGreaterThan(0);
      expect([text, await lists.newSince(query, trip, since, signal)]).toEqual([text, { count: own.length + way.length, complete: true }]);
    }
  });

  it('shows a load posted after the build on the city page it belongs to', async () => {
    const posted = await postLoads(30);
    const fresh = (await everyLoad(api.url)).filter((load) => posted.includes(load.id));
    const place = fresh.map((load) => matchPlace(load.from)).find(Boolean);
    if (!place) throw new Error('no posted load leaves a known place');
    const lists = listsOf(published, { from: place.slug }, published.files.from.get(place.slug));
    const { ids } = await everyPage(lists, parseBoardQuery('?sort=loading', { placeList: true }));
    for (const load of fresh.filter((one) => matchPlace(one.from) === place)) expect(ids).toContain(load.id);
    for (const load of built.filter((one) => matchPlace(one.from) === place)) expect(ids).toContain(load.id);
  });

  it('asks the API again for a fresh list when its last answer failed, within the minute', async () => {
    const lists = listsOf(published);
    await api.control.set({ fail: 500 });
    const failed = await lists.page(parseBoardQuery(''), { signal, fresh: false });
    expect(failed.freshness).toMatchObject({ checkedAt: null, complete: false });
    await api.control.set({ fail: null });
    const posted = await postLoads(2);
    // Not fresh: the page's lists share the answer for a minute, failed or not.
    expect((await lists.page(parseBoardQuery(''), { signal, fresh: false })).loads.map((load) => load.id)).not.toContain(posted[0]);
    // Fresh (the network is back, the tab shown again): a failure is not kept standing.
    const again = await lists.page(parseBoardQuery(''), { signal, fresh: true });
    expect(
      again.loads
        .slice(0, 2)
        .map((load) => load.id)
        .sort(),
    ).toEqual([...posted].sort());
    expect(again.freshness).toMatchObject({ complete: true });
  });

  it('reads the plain board newest first from the newest end of the API', async () => {
    await postLoads(3);
    const live = (await everyLoad(api.url)).sort(newestFirst).map((load) => load.id);
    const pages = [1, 2, 11].map((page) => apiListPage('', page, order, built.length, signal));
    const [first, second, last] = await Promise.all(pages);
    expect(first?.loads.map((load) => load.id)).toEqual(live.slice(0, 20));
    expect(second?.loads.map((load) => load.id)).toEqual(live.slice(20, 40));
    expect(last?.loads.map((load) => load.id)).toEqual(live.slice(200, 220));
    expect(first?.total).toBe(live.length);
  });
});

describe('an API whose order changed since the build', () => {
  it.each<['newest' | 'oldest', 'newest' | 'oldest']>([
    ['newest', 'oldest'],
    ['oldest', 'newest'],
  ])('built when it listed the %s first and now the %s: notices it and still reads the newest end', async (built, now) => {
    const { published } = await build(built);
    await api.control.set({ order: now });
    const posted = await postLoads(3);
    const live = (await everyLoad(api.url)).sort(newestFirst);
    const { ids, first } = await everyPage(listsOf(published), parseBoardQuery('?sort=newest&weightMin=0'));
    expect(first.totalBound).toBeUndefined();
    expect(ids).toEqual(live.filter((load) => load.weight !== null).map((load) => load.id));
    for (const id of posted) if (live.find((load) => load.id === id)?.weight !== null) expect(ids).toContain(id);
    const plain = await apiListPage('', 1, built, live.length - 3, signal);
    expect(plain?.loads.map((load) => load.id)).toEqual(live.slice(0, 20).map((load) => load.id));
    await published.close();
  });
});

describe('an API that lists its loads in no order of posting', () => {
  it('reads a small board whole, and counts exactly', async () => {
    const { published } = await build('none', 60);
    await postLoads(2);
    const { ids, first } = await everyPage(listsOf(published), parseBoardQuery('?vehicle=Tent'));
    const live = (await everyLoad(api.url)).sort(newestFirst).filter((load) => load.vehicleType === 'Tent');
    expect(ids).toEqual(live.map((load) => load.id));
    expect(first.totalBound).toBeUndefined();
    await published.close();
  });

  it('says "at least" where it could not read every page, and lists only live loads', async () => {
    const { published, built } = await build('none', 200);
    await postLoads(2);
    const { ids, first } = await everyPage(listsOf(published), parseBoardQuery('?sort=loading'));
    expect(first.totalBound).toBe('atLeast');
    expect(first.freshness?.complete).toBe(false);
    for (const load of built) expect(ids).toContain(load.id);
    await published.close();
  });
});

describe('a list with filters', () => {
  let published: PublishedFilters;
  beforeAll(async () => ({ published } = await build('newest')));
  afterAll(() => published.close());

  it('narrows a place search and never changes it: titles that name the place included', async () => {
    const lists = listsOf(published);
    for (const search of ['Toshkent', 'Ташкент', 'Samarqand', 'Fargʻona']) {
      const all = await everyPage(lists, parseBoardQuery(`?search=${encodeURIComponent(search)}`));
      const tents = await everyPage(lists, parseBoardQuery(`?search=${encodeURIComponent(search)}&vehicle=Tent`));
      const byId = new Map((await everyLoad(api.url)).map((load) => [load.id, load]));
      expect(tents.ids).toEqual(all.ids.filter((id) => byId.get(id)?.vehicleType === 'Tent'));
      // The place's own loads and the loads whose title names it are on the list.
      const slug = matchPlace(search)?.slug;
      for (const load of byId.values())
        if (matchPlace(load.from)?.slug === slug || matchPlace(load.to)?.slug === slug) expect(all.ids).toContain(load.id);
    }
  });

  it('filters a free-text search the API answers, with what the index cannot know (titles)', async () => {
    const { ids } = await everyPage(listsOf(published), parseBoardQuery('?search=Sement&vehicle=Tent'));
    const expected = (await everyLoad(api.url, 'Sement')).sort(newestFirst).filter((load) => load.vehicleType === 'Tent');
    expect(ids).toEqual(expected.map((load) => load.id));
  });

  it('costs no API request and at most a few files for a change after the first', async () => {
    const lists = listsOf(published);
    await lists.page(parseBoardQuery('?vehicle=Tent'), { signal, fresh: false });
    const before = { api: (await api.control.state()).traffic.started, files: published.requested.length };
    await lists.page(parseBoardQuery('?vehicle=Tent&vehicle=Labo&weightMax=10'), { signal, fresh: false });
    const after = { api: (await api.control.state()).traffic.started, files: published.requested.length };
    expect(after.api - before.api).toBe(0);
    expect(after.files - before.files).toBeLessThanOrEqual(6);
  });

  it('counts each vehicle type under the other filters', async () => {
    const built = await everyLoad(api.url);
    const facets = await listsOf(published).facets(parseBoardQuery('?weightMax=5&vehicle=Labo'), signal);
    const light = built.filter((load) => load.weight !== null && load.weight <= 5);
    for (const name of ['Labo', 'Isuzu', 'Tent'])
      expect(facets.vehicle.get(name.toLowerCase()) ?? 0).toBe(light.filter((load) => load.vehicleType === name).length);
    expect(facets.complete).toBe(true);
  });
});

/** The board's page source as the board page makes it: its plain list the API's (api-list.ts), the rest worked out. */
function boardSource(published: PublishedFilters) {
  const files = published.listFiles(published.files.board);
  return pageSource({ files, list: {}, placeFilePath: published.placeFileUrl }, boardPlainList(files, published.placeFileUrl));
}

/** The API's own page, as it lists it now (any shape: the client reads them all). */
async function apiPage(page: number): Promise<Load[]> {
  const ids = await api.control.ids();
  const byId = new Map((await everyLoad(api.url)).map((load) => [load.id, load]));
  return ids.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((id) => byId.get(id) as Load);
}

describe.each<ListOrderSetting>(['newest', 'oldest', 'none'])("the board's plain list from an API listing %s first", (order) => {
  let published: PublishedFilters;
  beforeEach(async () => ({ published } = await build(order)));
  afterEach(() => published.close());

  /** What the plain list must show: newest first where the order allows it, else the API's page as it comes. */
  const expected = async (page: number) =>
    order === 'none'
      ? (await apiPage(page)).map((load) => load.id)
      : (await everyLoad(api.url))
          .sort(newestFirst)
          .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
          .map((load) => load.id);

  it("is the API's own list, read live: its pages and the titles it changed since the build", async () => {
    await api.control.set({ revision: 1 });
    const source = boardSource(published);
    for (const page of [1, 2]) {
      const list = await source.page({ ...parseBoardQuery(''), page }, { signal, fresh: false });
      expect(list.loads.map((load) => load.id)).toEqual(await expected(page));
      expect(list.total).toBe(200);
      expect(list.freshness).toBeUndefined();
    }
    const live = new Map((await everyLoad(api.url)).map((load) => [load.id, load.title]));
    const first = await source.page(parseBoardQuery(''), { signal, fresh: false });
    for (const load of first.loads) expect(load.title).toBe(live.get(load.id));
  });

  it.each<ResponseShape>(['data', 'loads', 'top-level', 'bare'])('reads the %s response shape', async (shape) => {
    await api.control.set({ shape });
    const list = await boardSource(published).page(parseBoardQuery(''), { signal, fresh: false });
    await api.control.set({ shape: 'data' });
    expect(list.loads.map((load) => load.id)).toEqual(await expected(1));
  });

  it("fails with the API's error answer, which the board shows with its retry", async () => {
    await api.control.set({ fail: 500 });
    const failed = boardSource(published).page(parseBoardQuery(''), { signal, fresh: false });
    const error = await failed.then(
      () => null,
      (reason: unknown) => reason,
    );
    await api.control.set({ fail: null });
    expect(boardFailure(error, 'fallback', true)).toMatchObject({ kind: 'answer', detail: expect.stringContaining('500') });
  });
});

describe('an API whose plain page breaks the order the build learned', () => {
  it("shows the API's page as it comes", async () => {
    const { published } = await build('newest');
    await api.control.set({ order: 'none' });
    const list = await boardSource(published).page(parseBoardQuery(''), { signal, fresh: false });
    expect(list.loads.map((load) => load.id)).toEqual((await apiPage(1)).map((load) => load.id));
    expect(list.freshness).toBeUndefined();
    await published.close();
  });
});
