/**
 * @jest-environment node
 *
 * The board's search over every spelling of a place, over real HTTP against the sample API, whose
 * loads carry the same place as the dictionary spells it (Toshkent) and as people type it (Тошкент,
 * Tashkent, "Toshkent, Toshkent shahri"): the spellings come from the place index the build writes,
 * the requests from the site's API client, the lists from the sample API's substring search.
 */
import { everyLoad, startApi, type HarnessApi } from '../tools/harness/sample-api';
import { fetchLoads } from '../src/api-client/client';
import type { Load, LoadList } from '../src/api-client/types';
import { PAGE_SIZE } from '../src/config/constants';
import { mergedSpellingPage, type FetchSpellingPage } from '../src/loads/spelling-search';
import { buildPlaceIndexes } from '../src/places/build-index';
import { matchPlace } from '../src/places/match';
import { searchSpellingsFor, type PlaceIndex } from '../src/places/search-index';

const SHARED_API = process.env.TEST_API_URL as string;

/** The API client as the board uses it, counting its requests. */
function counted(baseUrl: string) {
  const requests: string[] = [];
  const fetchPage: FetchSpellingPage = (search, page, limit, signal) => {
    requests.push(`${search}#${page}`);
    return fetchLoads({ page, limit, search }, { signal, baseUrl });
  };
  return { requests, fetchPage };
}

/** The index the build would write for this API's loads (src/gatsby/place-index.ts), in one language. */
async function indexOf(baseUrl: string, lang: 'uz' | 'uz-Cyrl' | 'ru'): Promise<PlaceIndex> {
  const loads = await everyLoad(baseUrl);
  return buildPlaceIndexes(loads.flatMap((load) => [load.from, load.to]))[lang];
}

/** Every page of the merged list, as a visitor paging through it sees them. */
async function pageThrough(spellings: string[], fetchPage: FetchSpellingPage): Promise<{ pages: LoadList[]; ids: string[] }> {
  const cache = new Map<string, LoadList>();
  const pages: LoadList[] = [];
  for (let page = 1; page <= 200; page += 1) {
    const list = await mergedSpellingPage(spellings, page, PAGE_SIZE, fetchPage, { cache });
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
  let index: PlaceIndex;
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

  it('pages through Toshkent’s four spellings with one request per spelling a page, and an exact total at the end', async () => {
    const spellings = searchSpellingsFor(index, 'Тошкент') as string[];
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
    const last = pages[pages.length - 1] as LoadList & { exact: boolean };
    expect(last.exact).toBe(true);
    expect(last.total).toBe(union.size);
    // Before the end, the total may count a load of two spellings twice, never fewer than there are.
    for (const page of pages) expect(page.total).toBeGreaterThanOrEqual(union.size);
  });

  it('shows the error, not part of the list, when the API fails one spelling', async () => {
    const spellings = searchSpellingsFor(index, 'Toshkent') as string[];
    const { fetchPage } = counted(api.url);
    const failing: FetchSpellingPage = (search, page, limit, signal) =>
      search === spellings[1]
        ? fetchLoads({ page, limit, search }, { signal, baseUrl: `${api.url}/nowhere` })
        : fetchPage(search, page, limit, signal);
    await expect(mergedSpellingPage(spellings, 1, PAGE_SIZE, failing)).rejects.toThrow(/404/);
  });
});
