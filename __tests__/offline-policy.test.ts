import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { killSwitchWorker } from '../src/offline/kill-switch';
import {
  CACHE_NAMES,
  CACHE_PREFIX,
  INSTALL_CHUNKS,
  LIMITS,
  MAX_BYTES,
  NETWORK_TIMEOUT_MS,
  appDataCacheKey,
  buildOfAppData,
  buildOfHtml,
  entriesToDrop,
  isBoardAnswer,
  isBuildPage,
  isInstallScript,
  isFresh,
  offlineKind,
  pageCacheKey,
  pageDataCacheKey,
  readsAsBoard,
  readsAsPageData,
  TAP_CHUNKS,
  type KeptEntry,
  type Origins,
} from '../src/offline/policy';

const SITE = 'https://yukbor.uz';
const origins: Origins = { site: SITE, api: 'https://api.yukbor.uz/api' };
const kindOf = (path: string, navigation = false) => offlineKind(new URL(path, SITE), origins, navigation);

describe('what the offline worker keeps', () => {
  it.each([
    '/loads',
    '/uz/loads',
    '/ru/loads',
    '/uz-cyrl/loads/from/toshkent',
    '/loads/to/buxoro',
    '/ru/loads/to/buxoro/3',
    '/uz/loads/route/toshkent/samarqand',
    '/uz/loads/route/toshkent/samarqand/2',
    '/uz/loads/',
  ])('keeps the board, city and route page %s a visitor opens', (path) => {
    expect(kindOf(path, true)).toBe('page');
  });

  it.each(['/', '/uz', '/ru/help', '/uz/load/123', '/load/abc', '/uz/loads/places', '/ru/loads/rates', '/uz/applink', '/uz/loads/from'])(
    'leaves %s to the browser: not a page a driver reads offline',
    (path) => {
      expect(kindOf(path, true)).toBeNull();
    },
  );

  it('keeps the data of those pages, and app-data.json, and no other page data', () => {
    expect(kindOf('/page-data/uz/loads/page-data.json')).toBe('page-data');
    expect(kindOf('/page-data/ru/loads/route/toshkent/samarqand/page-data.json')).toBe('page-data');
    expect(kindOf('/page-data/loads/page-data.json')).toBe('page-data');
    expect(kindOf('/page-data/app-data.json')).toBe('app-data');
    expect(kindOf('/page-data/uz/load/123/page-data.json')).toBeNull();
    expect(kindOf('/page-data/index/page-data.json')).toBeNull();
    expect(kindOf('/page-data/uz/help/page-data.json')).toBeNull();
  });

  it('keeps hashed scripts, styles, static files, the place index, the filter files and the price ranges, not source maps or unhashed files', () => {
    expect(kindOf('/app-2e997ae28a6356178278.js')).toBe('asset');
    expect(kindOf('/component---src-templates-loads-tsx-96d840c99a01195cc9aa.js')).toBe('asset');
    expect(kindOf('/styles.085c256dfc8d01340800.css')).toBe('asset');
    expect(kindOf('/places/uz-cyrl.0123456789ab.json')).toBe('asset');
    expect(kindOf('/filters/0123456789abcdef.json')).toBe('asset');
    expect(kindOf('/filters/cards/0123456789abcdef.json')).toBe('asset');
    expect(kindOf('/rates/ranges.0123456789ab.json')).toBe('asset');
    expect(kindOf('/static/d/3649515864.json')).toBe('asset');
    expect(kindOf('/locales/0123456789ab/uz-cyrl/common.json')).toBe('asset');
    expect(kindOf('/locales/ru/common.json')).toBeNull();
    expect(kindOf('/filters/index.json')).toBeNull();
    expect(kindOf('/app-2e997ae28a6356178278.js.map')).toBeNull();
    expect(kindOf('/sw.js')).toBeNull();
    expect(kindOf('/feeds/board.json')).toBeNull();
    expect(kindOf('/closed-loads/3.json')).toBeNull();
    expect(kindOf('/uz/loads')).toBeNull();
  });

  it("keeps the API's list answers, not a single load's, and nothing of other hosts", () => {
    expect(kindOf('https://api.yukbor.uz/api/loads?page=2&limit=20')).toBe('api');
    expect(kindOf('https://api.yukbor.uz/api/loads?limit=20&search=Toshkent')).toBe('api');
    expect(kindOf('https://api.yukbor.uz/api/loads/17')).toBeNull();
    expect(kindOf('https://api.yukbor.uz/api/vehicle-types')).toBeNull();
    expect(kindOf('https://api.yukbor.uz/loads')).toBeNull();
    expect(kindOf('https://elsewhere.example/api/loads')).toBeNull();
    expect(offlineKind(new URL('https://api.yukbor.uz/api/loads'), { site: SITE, api: null }, false)).toBeNull();
  });

  it('keeps a page under its path: the board of any search or page is one HTML file', () => {
    expect(pageCacheKey(new URL('/uz/loads?search=Toshkent&page=2#top', SITE))).toBe(`${SITE}/uz/loads`);
    expect(pageCacheKey(new URL('/uz/loads/', SITE))).toBe(`${SITE}/uz/loads`);
  });

  it("keeps a page's data under its path: Gatsby asks for it with each filter's query, and it is one file", () => {
    expect(pageDataCacheKey(new URL('/page-data/ru/loads/page-data.json?vehicle=Tent&page=2', SITE))).toBe(
      `${SITE}/page-data/ru/loads/page-data.json`,
    );
  });

  it("keeps each build's app-data.json apart", () => {
    expect(appDataCacheKey(SITE, 'abc')).not.toBe(appDataCacheKey(SITE, 'def'));
  });

  it('reads the build a page and app-data.json belong to', () => {
    expect(buildOfHtml('<script>window.___webpackCompilationHash="8a3f0c";</script>')).toBe('8a3f0c');
    expect(buildOfHtml('<p>no script</p>')).toBeNull();
    expect(buildOfAppData('{"webpackCompilationHash":"8a3f0c"}')).toBe('8a3f0c');
    expect(buildOfAppData('<html>500</html>')).toBeNull();
    expect(buildOfAppData('{"webpackCompilationHash":""}')).toBeNull();
  });
});

describe("which pages and page data are kept as the build's", () => {
  const PAGE =
    '<!DOCTYPE html><html lang="uz"><head><title>Yuklar</title></head><body><div id="___gatsby"><main><ul><li>Sement</li></ul></main></div>' +
    '<script>window.___webpackCompilationHash="8a3f0c";</script><script src="/app-0123456789abcdef0123.js" async=""></script></body></html>\n';
  const PORTAL =
    '<!DOCTYPE html><html><head><title>Bepul Wi-Fi</title></head><body><h1>Bepul Wi-Fi Kirish</h1><form action="/login"></form></body></html>';

  it("keeps a page that is the build's whole HTML", () => {
    expect(isBuildPage('text/html; charset=utf-8', PAGE)).toBe(true);
    expect(isBuildPage('text/html', PAGE)).toBe(true);
  });

  it.each([
    ['a captive portal', 'text/html; charset=utf-8', PORTAL],
    ['a maintenance answer in JSON', 'application/json', JSON.stringify({ error: 'maintenance' })],
    ['the page sent as JSON', 'application/json', PAGE],
    ['the page without a type', null, PAGE],
    ['the page cut at 20 %', 'text/html; charset=utf-8', PAGE.slice(0, Math.round(PAGE.length * 0.2))],
    ['the page cut before its end', 'text/html; charset=utf-8', PAGE.slice(0, PAGE.lastIndexOf('</body>'))],
    ['an empty answer', 'text/html', ''],
  ])('never keeps %s as a page', (_what, type, body) => {
    expect(isBuildPage(type, body)).toBe(false);
  });

  const DATA = JSON.stringify({
    componentChunkName: 'component---src-templates-loads-tsx',
    path: '/uz/loads/',
    result: { pageContext: { total: 20 } },
    staticQueryHashes: [],
    slicesMap: {},
  });

  it("keeps page data that reads as the build's", () => {
    expect(readsAsPageData(DATA)).toBe(true);
  });

  it.each([
    ['a maintenance answer', JSON.stringify({ error: 'maintenance' })],
    ['a captive portal', PORTAL],
    ['the data cut short', DATA.slice(0, Math.round(DATA.length * 0.8))],
    ['a page-data without its result', JSON.stringify({ componentChunkName: 'component---src-templates-loads-tsx', path: '/uz/loads/' })],
    ['null', 'null'],
  ])('never keeps %s as page data', (_what, body) => {
    expect(readsAsPageData(body)).toBe(false);
  });
});

/** Every `webpackChunkName` the site's code gives a dynamic import, by file. */
function chunkNamesInCode(dir: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/webpackChunkName:\s*"([^"]+)"/g)) names.set(match[1] as string, file);
  }
  return names;
}

describe('the code a tap fetches', () => {
  it('is every chunk the board names for a tap, each named once in the code, and none kept at install', () => {
    const named = chunkNamesInCode(path.resolve('src'));
    const taps = [...named.keys()].filter((name) => name.startsWith('board-tap-'));
    expect(taps.sort()).toEqual([...TAP_CHUNKS].sort());
    // The chunks kept at install that are not Gatsby's entry scripts are named in the code too.
    for (const name of INSTALL_CHUNKS.filter((chunk) => !['app', 'framework', 'webpack-runtime'].includes(chunk)))
      expect(named.has(name)).toBe(true);
    expect(TAP_CHUNKS.filter((name) => (INSTALL_CHUNKS as readonly string[]).includes(name))).toEqual([]);
  });

  it('tells the scripts kept at install from the chunks kept for taps by their names', () => {
    expect(isInstallScript('/app-dbb882f8d4c9d7f98113.js')).toBe(true);
    expect(isInstallScript('/framework-17c8246d1abcf215c701.js')).toBe(true);
    expect(isInstallScript('/webpack-runtime-2e76e056699cab79eecc.js')).toBe(true);
    expect(isInstallScript('/offline-controlled-page-2e76e056699cab79eecc.js')).toBe(true);
    expect(isInstallScript('/board-tap-filter-panel-2e76e056699cab79eecc.js')).toBe(false);
    expect(isInstallScript('/236-a629da970a1c0d9ed350.js')).toBe(false);
    expect(isInstallScript('/app-a629da970a1c0d9ed350.js.map')).toBe(false);
  });
});

describe('the budgets', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const NOW = Date.UTC(2026, 10, 27, 12);
  const entry = (kind: KeptEntry['kind'], key: string, ageMs: number, size = 1_000): KeptEntry => ({
    kind,
    key,
    seenAt: NOW - ageMs,
    size,
  });

  it('are the 30 most recent pages, two weeks, 5 MB in all, and a few seconds of waiting', () => {
    expect(LIMITS.page).toEqual({ entries: 30, maxAgeSeconds: 14 * 24 * 60 * 60 });
    expect(LIMITS['page-data'].entries).toBe(30);
    expect(MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(NETWORK_TIMEOUT_MS).toBeGreaterThanOrEqual(2_000);
    expect(NETWORK_TIMEOUT_MS).toBeLessThanOrEqual(5_000);
  });

  it('keeps the 30 most recently opened pages and drops the older ones', () => {
    const pages = Array.from({ length: 33 }, (_, i) => entry('page', `p${i}`, i * 60_000));
    expect(entriesToDrop(pages, NOW).map((e) => e.key)).toEqual(['p32', 'p31', 'p30']);
  });

  it('drops a page older than two weeks, and does not show it meanwhile; scripts live 30 days', () => {
    expect(entriesToDrop([entry('page', 'old', 15 * DAY), entry('page', 'recent', 13 * DAY)], NOW).map((e) => e.key)).toEqual(['old']);
    expect(isFresh('page', NOW - 15 * DAY, NOW)).toBe(false);
    expect(isFresh('asset', NOW - 15 * DAY, NOW)).toBe(true);
  });

  it('drops the oldest entries, of any kind, until what is kept fits within the bytes', () => {
    const kept = [
      entry('page', 'new', 1_000, 2_000_000),
      entry('asset', 'old', 3_000, 2_000_000),
      entry('api', 'middle', 2_000, 2_000_000),
    ];
    expect(entriesToDrop(kept, NOW, 5_000_000).map((e) => e.key)).toEqual(['old']);
    expect(entriesToDrop(kept, NOW, 3_000_000).map((e) => e.key)).toEqual(['old', 'middle']);
    expect(entriesToDrop(kept, NOW, 6_000_000)).toEqual([]);
  });

  it('names every cache with the prefix the kill switch removes', () => {
    expect(Object.values(CACHE_NAMES).every((name) => name.startsWith(CACHE_PREFIX))).toBe(true);
  });
});

describe('the kill switch', () => {
  it("deletes the worker's caches, and no one else's, and unregisters", async () => {
    const listeners: Record<string, (event: { waitUntil: (p: Promise<unknown>) => void }) => void> = {};
    const deleted: string[] = [];
    let unregistered = false;
    let work: Promise<unknown> = Promise.resolve();
    const scope = {
      self: {
        addEventListener: (type: string, listener: (typeof listeners)[string]) => {
          listeners[type] = listener;
        },
        skipWaiting: () => Promise.resolve(),
        registration: {
          unregister: async () => {
            unregistered = true;
            return true;
          },
        },
      },
      caches: {
        keys: async () => [...Object.values(CACHE_NAMES), 'someone-else'],
        delete: async (name: string) => deleted.push(name),
      },
    };
    vm.runInNewContext(killSwitchWorker(), scope);
    listeners.activate?.({ waitUntil: (promise) => (work = promise) });
    await work;
    expect(deleted.sort()).toEqual(Object.values(CACHE_NAMES).sort());
    expect(unregistered).toBe(true);
  });
});

describe('which API answers are kept as the board', () => {
  const board = JSON.stringify({
    data: [{ id: 1, title: 'Sement', fromLocation: { name: 'Toshkent' } }],
    pagination: { total: 1, page: 1, limit: 20 },
  });
  const PORTAL = '<!DOCTYPE html><html><head><title>Wi-Fi</title></head><body><form action="/login">Kirish</form></body></html>';

  it.each([
    ['application/json', board],
    ['application/json; charset=utf-8', board],
    ['Application/JSON;charset=UTF-8', board],
    ['application/vnd.api+json', board],
    ['application/json', JSON.stringify({ loads: [], total: 0 })],
    ['application/json', JSON.stringify([{ id: 'a' }])],
  ])('keeps a %s board answer', (type, body) => {
    expect(isBoardAnswer(type, body)).toBe(true);
  });

  it.each([
    // A hotel's or a station's Wi-Fi login page, answering every URL with 200.
    ['text/html; charset=utf-8', PORTAL],
    ['text/html', board],
    ['text/plain', board],
    [null, board],
    ['', board],
    ['application/jsonp', board],
    ['application/json', PORTAL],
    ['application/json', ''],
    ['application/json', 'null'],
    ['application/json', JSON.stringify({ error: 'Unauthorized' })],
    ['application/json', JSON.stringify({ data: { id: 1 } })],
    ['application/problem+json', JSON.stringify({ title: 'Forbidden', status: 403 })],
  ])('never keeps a %j answer %#', (type, body) => {
    expect(isBoardAnswer(type, body)).toBe(false);
  });

  it('never keeps an answer whose items are all unreadable: the board could not read a load from it', () => {
    const unreadable = JSON.stringify({ data: [{ error: 'rate limited' }], pagination: { total: 120, page: 1, limit: 20 } });
    expect(isBoardAnswer('application/json', unreadable)).toBe(false);
    expect(readsAsBoard(unreadable)).toBe(false);
    expect(readsAsBoard(JSON.stringify([{ error: 'rate limited' }, { title: 'no id' }]))).toBe(false);
    // An empty list is a board with nothing to show, and one readable load among broken ones is a board.
    expect(readsAsBoard(JSON.stringify({ data: [], pagination: { total: 0, page: 1, limit: 20 } }))).toBe(true);
    expect(readsAsBoard(JSON.stringify({ data: [{ error: 'rate limited' }, { id: 7, title: 'Sement' }] }))).toBe(true);
  });

  it('keeps an answer a page handed over only when its body reads as a board', () => {
    expect(readsAsBoard(board)).toBe(true);
    expect(readsAsBoard(PORTAL)).toBe(false);
  });
});
