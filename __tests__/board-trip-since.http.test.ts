/**
 * @jest-environment node
 */
/**
 * A route page's loads on the way now (src/board/sources/trip-since.ts) against the sample API over HTTP and the
 * files the build publishes, in each order the API may list its loads in (CONTRACT.md, "Trips"): every
 * load posted since the build that is on the way is there with its detour, in the rule's order, under the
 * page's filters, a load taken since is not, and the count is exact; filter changes read the API once.
 */
import type { Load } from '../src/api-client/types';
import { onTheWay } from '../src/search/on-the-way';
import { parseBoardQuery } from '../src/search/query';
import { filterRow, tashkentToday } from '../src/search/rows';
import { tripNow } from '../src/board/sources/trip-since';
import { postedSinceOf } from '../src/board/sources/posted-since';
import { postedAt } from '../src/loads/posting-time';
import { PLACES } from '../src/places/gazetteer';
import { matchPlace, placeSlugOfKey } from '../src/places/match';
import type { ListOrderSetting } from '../tools/sample-api/server';
import { everyLoad, type HarnessApi } from '../tools/harness/sample-api';
import { publishedBoard, siteApiForFile } from './support/site-api';
import type { PublishedFilters } from './support/published-filters';

let api: HarnessApi;
const signal = new AbortController().signal;
const TRIP = { from: 'toshkent', to: 'buxoro' };
const gazetteer = { slugOf: (text: string) => matchPlace(text)?.slug ?? null, slugOfKey: placeSlugOfKey };

siteApiForFile({ loads: 200 }, (started) => (api = started));

/** The build's read of the board as the API now lists it, published and served. */
const build = (order: ListOrderSetting, loads: number) => publishedBoard(api, order, loads);

/** What the rule says of every live load the API lists now, worked out apart from the phone's reading. */
async function expected(search: string): Promise<Array<[string, number]>> {
  const rows = (await everyLoad(api.url)).map((load) => filterRow(load, gazetteer));
  const context = { today: tashkentToday(Date.now()), places: PLACES };
  return onTheWay(rows, TRIP, parseBoardQuery(search), context).map(({ row, detourKm }) => [row.id, detourKm]);
}

function now(published: PublishedFilters, search: string) {
  const files = published.listFiles(published.files.routes.get(`${TRIP.from}/${TRIP.to}`) as string);
  return tripNow(TRIP, files, published.placeFileUrl, parseBoardQuery(search), signal);
}

const listRequests = async () => (await api.control.state()).traffic.started;

// With no order, the phone reads the list whole only when it is small (posted-since.ts): 60 loads are.
describe.each<[ListOrderSetting, number]>([
  ['newest', 200],
  ['oldest', 200],
  ['none', 60],
])('an API that lists its loads in the order %s (%i loads)', (order, loads) => {
  let published: PublishedFilters;
  let built: Load[];
  beforeEach(async () => ({ built, published } = await build(order, loads)));
  afterEach(() => published.close());

  it('leaves the build’s list as it is while nothing posted since is on the way', async () => {
    await api.control.set({ post: [{ from: 'Nukus', to: 'Andijon' }] });
    expect(await now(published, '')).toBeNull();
  });

  it('adds every load posted since that is on the way, with its detour, in the rule’s order, named in the page’s language', async () => {
    const { posted } = await api.control.set({
      post: [
        { from: 'Toshkent', to: 'Navoiy' },
        { from: 'Nukus', to: 'Andijon' },
        { from: 'Навоий', to: 'Buxoro, Buxoro viloyati' },
        { from: 'Самарканд', to: 'Бухара' },
      ],
    });
    const found = await now(published, '');
    const want = await expected('');
    expect(found?.found.map(({ row, detourKm }) => [row.id, detourKm])).toEqual(want);
    expect(found?.complete).toBe(true);
    const onTheWayIds = new Set(want.map(([id]) => id));
    expect([...(found?.posted.keys() ?? [])].sort()).toEqual(posted.filter((id) => onTheWayIds.has(id)).sort());
    expect(found?.posted.size).toBe(3);
    const navoiy = found?.posted.get(posted[2] as string);
    expect([navoiy?.from, navoiy?.to]).toEqual(['Navoiy', 'Buxoro']);
    expect(found?.routeDistances[JSON.stringify(['Navoiy', 'Buxoro'])]).toBeGreaterThan(0);
  });

  it('applies the page’s filters to the loads posted since, leaves out a load taken since, and reads the API once', async () => {
    const { posted } = await api.control.set({
      post: [
        { from: 'Toshkent', to: 'Navoiy' },
        { from: 'Samarqand', to: 'Buxoro' },
      ],
    });
    const vehicle = (await everyLoad(api.url)).find((load) => load.id === posted[0])?.vehicleType as string;
    const buildsOwn = (await expected('')).map(([id]) => id).filter((id) => !posted.includes(id));
    const newestBuilt = built.find((load) => buildsOwn.includes(load.id)) as Load;
    await api.control.set({ take: [newestBuilt.id] });
    const searches = [`?vehicle=${encodeURIComponent(vehicle)}`, '?weightMin=5', ''];
    const wanted = await Promise.all(searches.map(expected));
    const before = await listRequests();
    const found = [await now(published, searches[0] as string)];
    const afterFirst = await listRequests();
    for (const search of searches.slice(1)) found.push(await now(published, search));
    expect(found.map((trip) => trip?.found.map(({ row, detourKm }) => [row.id, detourKm]))).toEqual(wanted);
    expect(found.flatMap((trip) => trip?.found.map(({ row }) => row.id))).not.toContain(newestBuilt.id);
    expect((found[0]?.found.length ?? 0) < (found[2]?.found.length ?? 0)).toBe(true);
    // The API's newest end is read once, for the first list; the filter changes after it ask nothing.
    expect(afterFirst - before).toBeGreaterThan(0);
    expect(await listRequests()).toBe(afterFirst);
  });
});

describe('an API with no order and more loads than the phone reads', () => {
  let published: PublishedFilters;
  beforeEach(async () => ({ published } = await build('none', 300)));
  afterEach(() => published.close());

  it('says "at least", and shows in the rule’s order only loads that are on the way', async () => {
    await api.control.set({ post: [{ from: 'Toshkent', to: 'Navoiy' }] });
    const found = await now(published, '?weightMin=0');
    expect(found?.complete).toBe(false);
    const want = (await expected('?weightMin=0')).map(([id]) => id);
    const ids = found?.found.map(({ row }) => row.id) ?? [];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(want.filter((id) => ids.includes(id)));
  });
});

describe('the loads posted since, asked for by a route page’s list and its loads on the way', () => {
  it('are read from the API once for the page, at once or one after the other, and anew for another build', async () => {
    const { published, built } = await build('newest', 200);
    try {
      const files = published.listFiles(published.files.routes.get(`${TRIP.from}/${TRIP.to}`) as string);
      const builtAt = Math.max(...built.map(postedAt));
      const before = await listRequests();
      const [list, trip] = await Promise.all([postedSinceOf(files, builtAt, false), postedSinceOf(files, builtAt, false)]);
      expect(trip).toBe(list);
      const afterIt = await postedSinceOf(files, builtAt, false);
      expect(afterIt).toBe(list);
      expect((await listRequests()) - before).toBe(1);
      await api.control.set({ post: [{ from: 'Toshkent', to: 'Navoiy' }] });
      const another = await postedSinceOf(files, builtAt - 1, false);
      expect((await listRequests()) - before).toBe(2);
      expect('loads' in another && another.loads.length).toBeGreaterThanOrEqual(1);
    } finally {
      published.close();
    }
  });
});
