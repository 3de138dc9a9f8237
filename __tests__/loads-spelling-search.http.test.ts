/**
 * @jest-environment node
 *
 * The board's search over every spelling of a place, over real HTTP against the sample API, whose
 * loads carry the same place as the dictionary spells it (Toshkent) and as people type it (Тошкент,
 * Tashkent, "Toshkent, Toshkent shahri"): the spellings come from the place file the build writes,
 * the requests from the site's API client, the lists from the sample API's substring search.
 */
import { everyLoad, startApi, type HarnessApi } from '../tools/harness/sample-api';
import { fetchLoadsPage } from '../src/api-client/client';
import type { Load, LoadList } from '../src/api-client/types';
import { MERGED_SEARCH_MAX_PAGES, PAGE_SIZE, SEARCH_CONCURRENCY } from '../src/config/constants';
import { newestFirst } from '../src/loads/posting-time';
import { mergedSpellingPage, type FetchSpellingPage, type SpellingPageCache } from '../src/loads/spelling-search';
import { placeFilesFromLoads } from '../src/places/place-file-from-loads';
import { matchPlace } from '../src/places/match';
import { searchSpellingsFor, type PlaceFile } from '../src/places/place-file';

const SHARED_API = process.env.TEST_API_URL as string;

/** The API client as the board uses it, counting its requests. */
function counted(baseUrl: string) {
  const requests: string[] = [];
  const fetchPage: FetchSpellingPage = (search, page, limit, signal) => {
    requests.push(`${search}#${page}`);
    return fetchLoadsPage({ page, limit, search }, { signal, baseUrl });
  };
  return { requests, fetchPage };
}

/** The index the build would write for this API's loads (src/gatsby/place-files.ts), in one language. */
async function indexOf(baseUrl: string, lang: 'uz' | 'uz-Cyrl' | 'ru'): Promise<PlaceFile> {
  const loads = await everyLoad(baseUrl);
  return placeFilesFromLoads(loads.flatMap((load) => [load.from, load.to]))[lang];
}

/** Every page of the merged list, as a visitor paging through it sees them. */
async function pageThrough(spellings: string[], fetchPage: FetchSpellingPage): Promise<{ pages: LoadList[]; ids: string[] }> {
  const cache: SpellingPageCache = new Map();
  const pages: LoadList[] = [];
  for (let page = 1; page <= 200; page += 1) {
    const list = await mergedSpellingPage(spellings, page, PAGE_SIZE, fetchPage, { cache });
    if (list.beyond) break;
    pages.push(list);
    if (page * PAGE_SIZE >= list.total) break;
  }
  return { pages, ids: pages.flatMap((list) => list.loads.map((load) => load.id)) };
}

const time = (load: Load) => Date.parse(load.createdAt ?? '');

describe('a place searched in every spelling, against the sample API (120 loads)', () => {
  it('finds for Ташкент on /ru the loads stored as Toshkent and as Тошкент, in one list, newest first', async () => {
    const index = await indexOf(SHARED_API, 'ru');
    const spellings = searchSpellingsFor(index, 'Ташкент');
    expect(spellings).toEqual(expect.arrayContaining(['Toshkent', 'Тошкент']));
    const { fetchPage } = counted(SHARED_API);
    const { ids, pages } = await pageThrough(spellings as string[], fetchPage);

    for (const spelling of ['Toshkent', 'Тошкент']) {
      const stored = (await everyLoad(SHARED_API, spelling)).map((load) => load.id);
      expect(stored.length).toBeGreaterThan(0);
      expect(ids).toEqual(expect.arrayContaining(stored));
    }
    // Every load the city pages file under Tashkent, whatever its spelling, is in the search.
    const filed = (await everyLoad(SHARED_API)).filter((load) =>
      [load.from, load.to].some((text) => matchPlace(text)?.slug === 'toshkent'),
    );
    expect(ids).toEqual(expect.arrayContaining(filed.map((load) => load.id)));
    expect(new Set(ids).size).toBe(ids.length);
    const loads = pages.flatMap((list) => list.loads);
    expect(loads.every((load, i) => i === 0 || time(loads[i - 1] as Load) >= time(load))).toBe(true);
    expect(pages[pages.length - 1]?.total).toBe(ids.length);
  });

  it('sends free text, two places, and a place with other words as typed: no place matches them', async () => {
    const index = await indexOf(SHARED_API, 'uz');
    for (const typed of ['Toshkent Samarqand', 'Toshkent sement', 'Toshkent, Samarqand', '<img src=x onerror=alert(1)>', 'x'.repeat(2000)])
      expect(searchSpellingsFor(index, typed)).toBeNull();
    expect(searchSpellingsFor(index, 'Samarqand, Samarqand viloyati')).toEqual(searchSpellingsFor(index, 'Samarqand'));
    expect(searchSpellingsFor(index, 'Qoʻqon')).toEqual(searchSpellingsFor(index, "qo'qon"));
  });
});

describe('a place searched in every spelling, against the sample API (1,000 loads)', () => {
  let api: HarnessApi;
  let index: PlaceFile;
  beforeAll(async () => {
    api = await startApi({ port: 0, host: '127.0.0.1', loads: 1000, quiet: true });
    index = await indexOf(api.url, 'uz');
  });
  afterAll(() => api.close());

  it('lists all of Xiva and Хива for Xiva, each load once', async () => {
    const spellings = searchSpellingsFor(index, 'Xiva') as string[];
    expect(spellings.sort()).toEqual(['Xiva', 'Хива']);
    const { fetchPage } = counted(api.url);
    const { ids } = await pageThrough(spellings, fetchPage);
    const latin = (await everyLoad(api.url, 'Xiva')).map((load) => load.id);
    const cyrillic = (await everyLoad(api.url, 'Хива')).map((load) => load.id);
    expect(latin.length).toBeGreaterThan(0);
    expect(cyrillic.length).toBeGreaterThan(0);
    expect(ids.sort()).toEqual([...new Set([...latin, ...cyrillic])].sort());
  });

  it('pages through Samarqand’s four spellings with one request per spelling a page, and an exact total at the end', async () => {
    const spellings = searchSpellingsFor(index, 'Самарқанд') as string[];
    expect(spellings).toHaveLength(4);
    const { fetchPage, requests } = counted(api.url);
    const { ids, pages } = await pageThrough(spellings, fetchPage);
    const union = new Set<string>();
    for (const spelling of spellings) for (const load of await everyLoad(api.url, spelling)) union.add(load.id);
    expect(ids.length).toBe(union.size);
    expect(new Set(ids)).toEqual(union);
    // Paging on, each page costs at most one request per spelling that has loads left.
    expect(requests.length).toBeLessThanOrEqual(pages.length * spellings.length);
    expect(new Set(requests).size).toBe(requests.length);
    const last = pages[pages.length - 1] as LoadList;
    expect(last.totalBound).toBeUndefined();
    expect(last.total).toBe(union.size);
    // Before the end, the total may count a load of two spellings twice, never fewer than there are,
    // and a total that is not the union's says it is a bound.
    for (const page of pages) {
      expect(page.total).toBeGreaterThanOrEqual(union.size);
      if (page.total !== union.size) expect(page.totalBound).toBe('atMost');
    }
  });

  it('shows the error, not part of the list, when the API fails one spelling', async () => {
    const spellings = searchSpellingsFor(index, 'Toshkent') as string[];
    const { fetchPage } = counted(api.url);
    const failing: FetchSpellingPage = (search, page, limit, signal) =>
      search === spellings[1]
        ? fetchLoadsPage({ page, limit, search }, { signal, baseUrl: `${api.url}/nowhere` })
        : fetchPage(search, page, limit, signal);
    await expect(mergedSpellingPage(spellings, 1, PAGE_SIZE, failing)).rejects.toThrow(/404/);
  });

  it('reaches every load by paging when an item of a spelling’s full page is broken', async () => {
    const spellings = searchSpellingsFor(index, 'Samarqand') as string[];
    const [dictionary] = spellings as [string];
    const firstPage = await fetchLoadsPage({ page: 1, limit: PAGE_SIZE, search: dictionary }, { baseUrl: api.url });
    expect(firstPage.list.total).toBeGreaterThan(PAGE_SIZE);
    const broken = (firstPage.list.loads[5] as Load).id;
    await api.control.set({ broken: [broken] });
    try {
      const union = new Set<string>();
      for (const spelling of spellings) for (const load of await everyLoad(api.url, spelling)) union.add(load.id);
      expect(union.has(broken)).toBe(false);
      const { ids } = await pageThrough(spellings, counted(api.url).fetchPage);
      expect(new Set(ids)).toEqual(union);
      expect(ids).toHaveLength(union.size);
    } finally {
      await api.control.set({ broken: [] });
    }
  });

  it('costs what page 1 costs for a page past the end, and says so', async () => {
    const spellings = searchSpellingsFor(index, 'Xiva') as string[];
    const { fetchPage, requests } = counted(api.url);
    const { pages } = await pageThrough(spellings, fetchPage);
    const lastPage = Math.ceil((pages.at(-1) as LoadList).total / PAGE_SIZE);
    expect(lastPage).toBeLessThan(MERGED_SEARCH_MAX_PAGES);
    requests.length = 0;
    const past = await mergedSpellingPage(spellings, lastPage + 2, PAGE_SIZE, fetchPage);
    expect(past).toMatchObject({ loads: [], beyond: 'end', total: (pages.at(-1) as LoadList).total });
    expect(requests).toHaveLength(spellings.length);
  });

  describe('cancelling, as the API sees it', () => {
    const settle = async () => {
      for (let tries = 0; tries < 100; tries += 1) {
        const { traffic } = await api.control.state();
        if (traffic.inFlight === 0) return traffic;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('requests still open at the sample API');
    };
    beforeEach(() => api.control.set({ delayMs: 1500, resetTraffic: true }));
    afterEach(() => api.control.set({ delayMs: 0 }));

    it('aborts the other spellings’ requests when one fails: none of them is answered', async () => {
      const spellings = searchSpellingsFor(index, 'Toshkent') as string[];
      expect(spellings.length).toBeGreaterThan(2);
      const { fetchPage } = counted(api.url);
      const failing: FetchSpellingPage = async (search, page, limit, signal) => {
        if (search !== spellings[1]) return fetchPage(search, page, limit, signal);
        // Fails while the others wait at the API, as a timed-out request would.
        await new Promise((resolve) => setTimeout(resolve, 300));
        throw new Error('timed out');
      };
      await expect(mergedSpellingPage(spellings, 1, PAGE_SIZE, failing)).rejects.toThrow('timed out');
      const traffic = await settle();
      expect(traffic).toMatchObject({ started: spellings.length - 1, aborted: spellings.length - 1, finished: 0 });
    });

    it('aborts every request when a newer search replaces it', async () => {
      const spellings = searchSpellingsFor(index, 'Toshkent') as string[];
      const controller = new AbortController();
      const pending = mergedSpellingPage(spellings, 1, PAGE_SIZE, counted(api.url).fetchPage, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      await expect(pending).rejects.toBeDefined();
      expect(await settle()).toMatchObject({ started: spellings.length, aborted: spellings.length, finished: 0 });
    });
  });
});

describe('a place searched in every spelling, against the sample API (10,000 loads)', () => {
  let api: HarnessApi;
  let spellings: string[];
  beforeAll(async () => {
    api = await startApi({ port: 0, host: '127.0.0.1', loads: 10_000, quiet: true });
    spellings = searchSpellingsFor(await indexOf(api.url, 'uz'), 'Toshkent') as string[];
    // Each answer takes a moment, so requests sent together are seen together.
    await api.control.set({ delayMs: 40 });
  }, 60_000);
  afterAll(() => api.close());
  beforeEach(() => api.control.set({ resetTraffic: true }));

  it(`opens page ${MERGED_SEARCH_MAX_PAGES} from a link with at most that many requests per spelling, ${SEARCH_CONCURRENCY} at a time`, async () => {
    expect(spellings.length).toBeGreaterThan(2);
    const totals = await Promise.all(
      spellings.map(async (search) => (await fetchLoadsPage({ page: 1, limit: PAGE_SIZE, search }, { baseUrl: api.url })).list.total),
    );
    await api.control.set({ resetTraffic: true });
    const deep = await mergedSpellingPage(spellings, MERGED_SEARCH_MAX_PAGES, PAGE_SIZE, counted(api.url).fetchPage);
    const { traffic } = await api.control.state();
    const bound = totals.reduce((sum, total) => sum + Math.min(MERGED_SEARCH_MAX_PAGES, Math.ceil(total / PAGE_SIZE)), 0);
    expect(traffic.started).toBe(deep.requests);
    expect(traffic.started).toBeLessThanOrEqual(bound);
    expect(traffic.maxInFlight).toBe(SEARCH_CONCURRENCY);
    expect(traffic.aborted).toBe(0);

    const union = new Map<string, Load>();
    for (const spelling of spellings) for (const load of await everyLoad(api.url, spelling)) union.set(load.id, load);
    const start = (MERGED_SEARCH_MAX_PAGES - 1) * PAGE_SIZE;
    expect(deep.loads.map((load) => load.id)).toEqual(
      [...union.values()]
        .sort(newestFirst)
        .slice(start, start + PAGE_SIZE)
        .map((load) => load.id),
    );
  }, 60_000);

  it('answers page 60 from a link with page 1’s requests, saying the search goes only so deep', async () => {
    const far = await mergedSpellingPage(spellings, 60, PAGE_SIZE, counted(api.url).fetchPage);
    expect(far).toMatchObject({ loads: [], page: 60, beyond: 'depth' });
    const { traffic } = await api.control.state();
    expect(traffic.started).toBe(spellings.length);
    expect(traffic.maxInFlight).toBeLessThanOrEqual(SEARCH_CONCURRENCY);
  });
});
