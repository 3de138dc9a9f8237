/**
 * @jest-environment node
 */
/**
 * Filtered lists on the phone (src/board/filter-source.ts) against the sample API over HTTP and the
 * files the build publishes: every matching load is reachable by paging, loads posted since the build
 * included; counts are exact, or say "at least" when more was posted than the phone reads; a change
 * after the first costs few requests.
 */
import type { Load } from '../src/api-client/types';
import { fetchVehicleTypes } from '../src/api-client/client';
import { filteredLists } from '../src/board/filter-source';
import { parseBoardQuery, type BoardQuery } from '../src/board/query';
import type { BoardList } from '../src/board/source';
import { PAGE_SIZE } from '../src/config/constants';
import { matchPlace } from '../src/places/match';
import { everyLoad, startApi, type HarnessApi } from '../tools/harness/sample-api';
import { publishFilters, type PublishedFilters } from './support/published-filters';

let api: HarnessApi;
let published: PublishedFilters;
let built: Load[];
const apiUrlBefore = process.env.GATSBY_API_URL;

beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', loads: 200, quiet: true });
  process.env.GATSBY_API_URL = api.url;
  built = await everyLoad(api.url);
  published = await publishFilters(
    built,
    (await fetchVehicleTypes({ baseUrl: api.url })).map((type) => type.name),
  );
});
afterAll(async () => {
  process.env.GATSBY_API_URL = apiUrlBefore;
  await published.close();
  await api.close();
});
afterEach(() => api.control.set({ reset: true }));

/** Loads posted on the board after the build, through the sample API's change mode (one list request). */
async function postLoads(count: number): Promise<string[]> {
  await api.control.set({ change: { every: 1, removals: false, limit: 1, size: count } });
  await fetch(`${api.url}/loads?limit=1`);
  const { posted } = await api.control.state();
  await api.control.set({ change: null });
  return posted;
}

function boardLists(scope: { from?: string; to?: string } = {}, indexPath = published.files.board) {
  return filteredLists({ indexPath: published.url(indexPath), ...scope }, published.placeFileUrl);
}

async function everyPage(lists: ReturnType<typeof boardLists>, query: BoardQuery): Promise<{ ids: string[]; first: BoardList }> {
  const signal = new AbortController().signal;
  const first = await lists.page({ ...query, page: 1 }, { signal, fresh: false });
  const ids = first.loads.map((load) => load.id);
  for (let page = 2; page <= Math.ceil(first.total / PAGE_SIZE); page += 1)
    ids.push(...(await lists.page({ ...query, page }, { signal, fresh: false })).loads.map((load) => load.id));
  return { ids, first };
}

const tents = (loads: readonly Load[]) =>
  loads.filter((load) => load.vehicleType.toLowerCase() === 'tent' && load.weight !== null && load.weight >= 12).map((load) => load.id);

describe('a filtered list', () => {
  it('pages through every matching load, those posted since the build first, with an exact count', async () => {
    await postLoads(4);
    const now = await everyLoad(api.url);
    const query = parseBoardQuery('?vehicle=TENT&weightMin=12');
    const { ids, first } = await everyPage(boardLists(), query);
    expect(first.totalBound).toBeUndefined();
    expect(first.total).toBe(ids.length);
    expect(ids).toEqual(tents(now));
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.freshness).toMatchObject({ complete: true });
  });

  it('shows a load posted after the build on the city page it belongs to', async () => {
    const posted = await postLoads(30);
    const fresh = (await everyLoad(api.url)).filter((load) => posted.includes(load.id));
    const place = fresh.map((load) => matchPlace(load.from)).find(Boolean);
    if (!place) throw new Error('no posted load leaves a known place');
    const lists = boardLists({ from: place.slug }, published.files.from.get(place.slug));
    const { ids } = await everyPage(lists, parseBoardQuery('?sort=loading'));
    for (const load of fresh.filter((one) => matchPlace(one.from) === place)) expect(ids).toContain(load.id);
    for (const load of built.filter((one) => matchPlace(one.from) === place)) expect(ids).toContain(load.id);
  });

  it('says "at least" when more loads were posted than the phone reads', async () => {
    await postLoads(150);
    const list = await boardLists().page(parseBoardQuery('?sort=loading'), { signal: new AbortController().signal, fresh: false });
    expect(list.totalBound).toBe('atLeast');
    expect(list.freshness?.complete).toBe(false);
  });

  it('costs no API request and at most a few files for a change after the first', async () => {
    const lists = boardLists();
    const signal = new AbortController().signal;
    await lists.page(parseBoardQuery('?vehicle=Tent'), { signal, fresh: false });
    const before = { api: (await api.control.state()).traffic.started, files: published.requested.length };
    await lists.page(parseBoardQuery('?vehicle=Tent&vehicle=Labo&weightMax=10'), { signal, fresh: false });
    const after = { api: (await api.control.state()).traffic.started, files: published.requested.length };
    expect(after.api - before.api).toBe(0);
    expect(after.files - before.files).toBeLessThanOrEqual(6);
  });

  it('filters a free-text search the API answers, with what the index cannot know (titles)', async () => {
    const query = parseBoardQuery('?search=Sement&vehicle=Tent');
    const { ids } = await everyPage(boardLists(), query);
    const expected = (await everyLoad(api.url, 'Sement')).filter((load) => load.vehicleType === 'Tent').map((load) => load.id);
    expect(ids).toEqual(expected);
  });

  it('counts each vehicle type under the other filters', async () => {
    const facets = await boardLists().facets(parseBoardQuery('?weightMax=5&vehicle=Labo'), new AbortController().signal);
    const light = built.filter((load) => load.weight !== null && load.weight <= 5);
    for (const name of ['Labo', 'Isuzu', 'Tent'])
      expect(facets.vehicles.get(name.toLowerCase()) ?? 0).toBe(light.filter((load) => load.vehicleType === name).length);
    expect(facets.complete).toBe(true);
  });
});
