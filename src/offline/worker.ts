/// <reference lib="webworker" />
/**
 * The service worker, compiled at build time by Workbox's webpack plugin (src/gatsby/webpack.ts) into
 * public/sw.js; what it keeps and for how long is ./policy.ts's. Pages and their data: the network
 * first, a kept copy only when it does not answer within a few seconds, and a page's data only with the
 * build its page runs (Gatsby's page-data.json and app-data.json are not content-hashed: a kept copy of
 * another build would pair old data with new code). Hashed scripts and styles: the cache first. The
 * board's API answers: the network first, the last good answer per URL when there is none, marked with
 * when it was seen. Only answers with status 200 are kept: of pages only the build's whole HTML, of their
 * data only Gatsby's page data, of the API only JSON the board reads a load from. docs/offline.md tells the rest.
 */
import { clientsClaim, type RouteHandlerObject, type WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { Router, Route } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { apiUrl } from '../config/env';
import {
  CACHE_NAMES,
  CACHE_PREFIX,
  NETWORK_TIMEOUT_MS,
  OFFLINE_PAGE_CACHE,
  SILENT_NETWORK_MS,
  SILENT_NETWORK_WAIT_MS,
  appDataCacheKey,
  buildOfAppData,
  buildOfHtml,
  offlineKind,
  entriesToDrop,
  isBoardAnswer,
  isBuildPage,
  isInstallScript,
  isFresh,
  pageCacheKey,
  pageDataCacheKey,
  pageOfPageData,
  readsAsBoard,
  readsAsPageData,
  type KeptEntry,
  type OfflineKind,
  type Origins,
} from './policy';
import type { ListAnswer } from '../api-client/answers-before-worker';
import { OFFLINE_PAGE_PATHS, keptBoardPath, offlinePageFor, offlinePagePrefix } from './offline-page';
import { BUILD_HEADER, MESSAGES, SEEN_AT_HEADER, SIZE_HEADER, type HowServed, type WorkerBuild } from './messages';
import { KEPT_BECAUSE_HEADER } from '../config/kept-copy';

declare const self: ServiceWorkerGlobalScope & {
  /** The build's entry scripts, written in by Workbox's webpack plugin. */
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const origins: Origins = { site: self.location.origin, api: apiUrl() };

/** Which build each open page runs (by client id), learnt from the HTML it was answered with. */
const documentBuilds = new Map<string, string>();
/** When the kept copy a page was answered with had been fetched, and whether for a slow site, for pages the cache answered. */
const servedFromCache = new Map<string, { seenAt: number; slow: boolean }>();
/**
 * Which copy of each page's data every open page was given (by client id, then key: the kept copy's
 * identity, copyOf). Gatsby asks for a page's data again with each query a tap puts in a city or route
 * page's address; while that copy is still the one kept, the page gets it again at once, the bytes it
 * runs already, instead of the same data over the network.
 */
const givenPageData = new Map<string, Map<string, string>>();
/** The build of the app-data.json a page is loading now from the network, by client id. */
const appDataLoads = new Map<string, Promise<string | null>>();
const REMEMBERED_CLIENTS = 50;

function remember<V>(map: Map<string, V>, key: string | undefined, value: V): void {
  if (!key) return;
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_CLIENTS) map.delete(map.keys().next().value as string);
}

/** A kept copy's identity: when it was fetched and its size, which the worker marks every copy with. */
const copyOf = (response: Response) => `${response.headers.get(SEEN_AT_HEADER) ?? ''}/${response.headers.get(SIZE_HEADER) ?? ''}`;

function rememberGiven(clientId: string | undefined, key: string, copy: Response): void {
  if (!clientId) return;
  const given = givenPageData.get(clientId) ?? new Map<string, string>();
  given.set(key, copyOf(copy));
  remember(givenPageData, clientId, given);
}

/**
 * The work in hand: every promise an event's life was extended with (Workbox's strategies extend a fetch
 * event's for their cache writes; the messages below, theirs), until it settles. A page can ask when all
 * of it has settled (MESSAGES.settled), so that what the worker did not do can be told from what it has
 * not done yet.
 */
const inHand = new Set<Promise<unknown>>();
const extendLife = ExtendableEvent.prototype.waitUntil;
ExtendableEvent.prototype.waitUntil = function (this: ExtendableEvent, promise: Promise<unknown>): void {
  const settled = Promise.resolve(promise).then(
    () => undefined,
    () => undefined,
  );
  inHand.add(settled);
  void settled.then(() => inHand.delete(settled));
  extendLife.call(this, promise);
};

async function allSettled(): Promise<void> {
  // Work settling may start more (a kept page's data after the page): waited for too.
  while (inHand.size > 0) await Promise.all([...inHand]);
}

/** The page a request or message comes from. */
function clientIdOf(event: ExtendableEvent | undefined): string | undefined {
  if (!event) return undefined;
  if (event instanceof FetchEvent) return event.clientId || undefined;
  if (event instanceof ExtendableMessageEvent && event.source instanceof Client) return event.source.id;
  return undefined;
}

// ---- The network, first, within a deadline ----

/** What `promise` brings within `ms`, else null. */
function within<T>(promise: Promise<T | null> | undefined, ms: number): Promise<T | null> {
  if (!promise) return Promise.resolve(null);
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/** Until when the network is taken for silent (policy.ts, SILENT_NETWORK_MS). */
let silentUntil = 0;

/**
 * The requests (by their event) whose fetch failed: a kept copy stands in for them because the network
 * is not there. Any other kept copy stands in for a network that did not answer in time: a slow server.
 */
const unreached = new WeakSet<ExtendableEvent>();

/** Whether a kept copy answering `event` stands in for a slow server rather than a missing network. */
const forSlowServer = (event: ExtendableEvent | undefined) => event !== undefined && !unreached.has(event);

/**
 * Marks the network silent when a kept copy stood in for it, and well again when it answers; and marks
 * the kept copy with why it stands in (config/kept-copy.ts), so the page says "offline" or "slow" truly.
 */
const networkWatch: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    silentUntil = 0;
    return response;
  },
  fetchDidFail: async ({ event }) => {
    if (event) unreached.add(event);
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    if (!cachedResponse) return cachedResponse;
    silentUntil = Date.now() + SILENT_NETWORK_MS;
    const headers = new Headers(cachedResponse.headers);
    headers.set(KEPT_BECAUSE_HEADER, forSlowServer(event) ? 'slow' : 'unreachable');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

/**
 * Network first: the network's answer, whatever its status, when it comes within NETWORK_TIMEOUT_MS
 * (SILENT_NETWORK_WAIT_MS just after it kept silent); a kept copy when the network fails or keeps
 * silent; and without a kept copy, the network's answer however late. A late answer is still kept.
 * Workbox's NetworkFirst does each; this picks the wait between two of them.
 */
function networkFirst(options: { cacheName: string; plugins: WorkboxPlugin[] }): RouteHandlerObject {
  const plugins = [...options.plugins, networkWatch];
  const patient = new NetworkFirst({ ...options, plugins, networkTimeoutSeconds: NETWORK_TIMEOUT_MS / 1000 });
  const quick = new NetworkFirst({ ...options, plugins, networkTimeoutSeconds: SILENT_NETWORK_WAIT_MS / 1000 });
  return { handle: (handlerOptions) => (Date.now() < silentUntil ? quick : patient).handle(handlerOptions) };
}

// ---- Plugins: what is kept, and how it is marked ----

const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

/** A copy of `response` with the worker's marks: when it was seen (now, unless said), its size, and its build. */
async function marked(response: Response, build: string | null, seenAt = Date.now()): Promise<Response> {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(SEEN_AT_HEADER, String(seenAt));
  headers.set(SIZE_HEADER, String(body.size));
  if (build) headers.set(BUILD_HEADER, build);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

const markSeen: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => marked(response, null),
};

/** Only an answer that is JSON and reads as the board's replaces the kept one (policy.ts, isBoardAnswer). */
const boardAnswersOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    isBoardAnswer(response.headers.get('Content-Type'), await response.clone().text()) ? response : null,
};

/**
 * app-data.json names the build; each build's copy is kept under a key of its own, and a page gets the
 * copy of the build it runs. Gatsby reads it beside every page's data, and compares it with its own
 * build to notice a deploy; the page's data is marked with the build it names (pageDataPlugin).
 */
const appDataPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request, mode, event }) => {
    if (mode === 'write') return request;
    return appDataCacheKey(origins.site, documentBuilds.get(clientIdOf(event) ?? '') ?? '');
  },
  requestWillFetch: async ({ request, event }) => {
    const clientId = clientIdOf(event);
    if (clientId) remember(appDataLoads, clientId, new Promise<string | null>((resolve) => pendingAppData.set(event, resolve)));
    return request;
  },
  fetchDidSucceed: async ({ response, event }) => {
    const build = response.status === 200 ? buildOfAppData(await response.clone().text()) : null;
    pendingAppData.get(event)?.(build);
    return response;
  },
  fetchDidFail: async ({ event }) => pendingAppData.get(event)?.(null),
  cacheDidUpdate: async ({ newResponse }) => {
    const build = buildOfAppData(await newResponse.clone().text());
    if (build) await (await caches.open(CACHE_NAMES['app-data'])).put(appDataCacheKey(origins.site, build), newResponse);
  },
};
const pendingAppData = new WeakMap<ExtendableEvent, (build: string | null) => void>();

/** Pages are kept under their path alone, marked with the build their HTML names. */
const pagePlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(new URL(request.url)),
  cacheWillUpdate: async ({ response, event }) => {
    const html = await response.clone().text();
    if (!isBuildPage(response.headers.get('Content-Type'), html)) return null;
    const build = buildOfHtml(html);
    if (event instanceof FetchEvent && event.request.mode === 'navigate' && build) remember(documentBuilds, event.resultingClientId, build);
    return marked(response, build);
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    if (cachedResponse && event instanceof FetchEvent && event.request.mode === 'navigate') {
      const build = cachedResponse.headers.get(BUILD_HEADER);
      if (build) remember(documentBuilds, event.resultingClientId, build);
      remember(servedFromCache, event.resultingClientId, {
        seenAt: Number(cachedResponse.headers.get(SEEN_AT_HEADER)) || Date.now(),
        slow: forSlowServer(event),
      });
    }
    return cachedResponse;
  },
};

/**
 * A prefetch (Gatsby fetches the data of links in view with `<link rel="prefetch">`) is not a page the
 * visitor opened. Gatsby reads the data of a page it opens with XMLHttpRequest, a CORS-mode request; a
 * link's prefetch is a no-CORS one, and may say so in a header besides.
 */
function isPrefetch(request: Request): boolean {
  return (
    request.mode === 'no-cors' || /prefetch/i.test(`${request.headers.get('Sec-Purpose') ?? ''} ${request.headers.get('Purpose') ?? ''}`)
  );
}

/**
 * A page's data is kept marked with the build of the app-data.json the page read beside it, and given
 * only to a page that runs that build: to any other, Gatsby then opens the page anew, HTML, scripts
 * and data of one build. Its HTML is kept with it, for a page opened by a link within the site.
 */
const pageDataPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageDataCacheKey(new URL(request.url)),
  cacheWillUpdate: async ({ request, response, event }) => {
    if (isPrefetch(request) || !readsAsPageData(await response.clone().text())) return null;
    const build = await within(appDataLoads.get(clientIdOf(event) ?? ''), NETWORK_TIMEOUT_MS);
    if (!build) return null;
    const copy = await marked(response, build);
    // The page was given these bytes from the network; when a kept copy stood in and this answer came late,
    // they are its build's newer data, which the network would have given it next.
    rememberGiven(clientIdOf(event), pageDataCacheKey(new URL(request.url)), copy);
    return copy;
  },
  cacheDidUpdate: async ({ request, newResponse, event }) => {
    const page = pageOfPageData(new URL(request.url).pathname);
    const build = newResponse.headers.get(BUILD_HEADER);
    if (page && build) await keepPageOfBuild(new URL(page, origins.site), build, event);
  },
  cachedResponseWillBeUsed: async ({ request, cachedResponse, event }) => {
    const clientId = clientIdOf(event);
    const running = documentBuilds.get(clientId ?? '');
    if (!cachedResponse || !running || cachedResponse.headers.get(BUILD_HEADER) !== running) return null;
    rememberGiven(clientId, pageDataCacheKey(new URL(request.url)), cachedResponse);
    remember(servedFromCache, clientId, {
      seenAt: Number(cachedResponse.headers.get(SEEN_AT_HEADER)) || Date.now(),
      slow: forSlowServer(event),
    });
    return cachedResponse;
  },
  // A page opened within the site from the network: its page says nothing of the cache.
  fetchDidSucceed: async ({ response, event }) => {
    const clientId = clientIdOf(event);
    if (clientId) servedFromCache.delete(clientId);
    return response;
  },
};

/**
 * The budget (policy.ts, LIMITS and MAX_BYTES): an entry past its kind's age is not shown, and after
 * each write the entries past their age, beyond their kind's count or beyond the bytes go, oldest first.
 */
function budget(kind: OfflineKind): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse }) =>
      cachedResponse && isFresh(kind, Number(cachedResponse.headers.get(SEEN_AT_HEADER)) || 0, Date.now()) ? cachedResponse : null,
    cacheDidUpdate: async () => {
      budgetCheck = budgetCheck.then(holdBudget, holdBudget);
      await budgetCheck;
    },
  };
}
let budgetCheck: Promise<void> = Promise.resolve();

async function holdBudget(): Promise<void> {
  const entries: KeptEntry[] = [];
  for (const kind of Object.keys(CACHE_NAMES) as OfflineKind[]) {
    const cache = await caches.open(CACHE_NAMES[kind]);
    for (const request of await cache.keys()) {
      const headers = (await cache.match(request))?.headers;
      entries.push({
        kind,
        key: request.url,
        seenAt: Number(headers?.get(SEEN_AT_HEADER)) || 0,
        size: Number(headers?.get(SIZE_HEADER)) || 0,
      });
    }
  }
  for (const entry of entriesToDrop(entries, Date.now())) await (await caches.open(CACHE_NAMES[entry.kind])).delete(entry.key);
}

// ---- Strategies by kind ----

const strategies: Record<OfflineKind, RouteHandlerObject> = {
  page: networkFirst({
    cacheName: CACHE_NAMES.page,
    plugins: [onlyOk, budget('page'), pagePlugin],
  }),
  'page-data': networkFirst({
    cacheName: CACHE_NAMES['page-data'],
    plugins: [onlyOk, budget('page-data'), pageDataPlugin],
  }),
  'app-data': networkFirst({
    cacheName: CACHE_NAMES['app-data'],
    plugins: [onlyOk, markSeen, budget('app-data'), appDataPlugin],
  }),
  asset: new CacheFirst({
    cacheName: CACHE_NAMES.asset,
    plugins: [onlyOk, markSeen, budget('asset')],
  }),
  api: networkFirst({
    cacheName: CACHE_NAMES.api,
    plugins: [onlyOk, boardAnswersOnly, markSeen, budget('api')],
  }),
};

/** Keeps the HTML of a page whose data was just kept, unless the kept HTML is of the same build already. */
async function keepPageOfBuild(url: URL, build: string, event: ExtendableEvent | undefined): Promise<void> {
  const kept = await (await caches.open(CACHE_NAMES.page)).match(pageCacheKey(url));
  if (kept?.headers.get(BUILD_HEADER) === build || !event) return;
  const request = new Request(url.href, { credentials: 'same-origin' });
  await strategies.page.handle({ event, request, url }).catch(() => undefined);
}

/**
 * A page's data asked for again by the page it was given to (Gatsby asks at each tap on a city or route
 * page, with the tap's query): the copy it was given, at once, while it is the one kept; else as any
 * page's data. Nothing here is a stand-in for the network, so the page's notice says nothing of it.
 */
const pageDataGivenFirst: RouteHandlerObject = {
  handle: async (options) => {
    const clientId = clientIdOf(options.event);
    const key = pageDataCacheKey(options.url);
    const given = clientId ? givenPageData.get(clientId)?.get(key) : undefined;
    const kept = given ? await (await caches.open(CACHE_NAMES['page-data'])).match(key) : undefined;
    return kept && copyOf(kept) === given ? kept : strategies['page-data'].handle(options);
  },
};

// ---- Routing ----

const router = new Router();
for (const kind of Object.keys(strategies) as OfflineKind[]) {
  router.registerRoute(
    new Route(
      ({ request, url }) => request.method === 'GET' && offlineKind(url, origins, request.mode === 'navigate') === kind,
      kind === 'page-data' ? pageDataGivenFirst : strategies[kind],
    ),
  );
}
// Other pages go to the network as without a worker, with the navigation preload's head start.
router.registerRoute(new Route(({ request }) => request.mode === 'navigate', new NetworkOnly()));
// A navigation the network cannot answer and nothing kept stands in for (a load's page, the language
// switch, a page never opened) gets the site's own offline page in the page's language, not the browser's.
router.setCatchHandler(async ({ request, url }) => (request.mode === 'navigate' ? offlinePage(url) : Response.error()));
router.addFetchListener();

/** The offline page of `url`'s language (./offline-page.ts), leading back to the kept board and to `url` again. */
async function offlinePage(url: URL): Promise<Response> {
  const prefix = offlinePagePrefix(url.pathname);
  const page = await (await caches.open(OFFLINE_PAGE_CACHE)).match(new URL(OFFLINE_PAGE_PATHS[prefix], origins.site).href);
  if (!page) return Response.error();
  const pages = await caches.open(CACHE_NAMES.page);
  const kept: Array<{ path: string; seenAt: number }> = [];
  for (const request of await pages.keys()) {
    const seenAt = Number((await pages.match(request))?.headers.get(SEEN_AT_HEADER)) || 0;
    if (isFresh('page', seenAt, Date.now())) kept.push({ path: new URL(request.url).pathname, seenAt });
  }
  const newestFirst = kept.sort((a, b) => b.seenAt - a.seenAt).map((entry) => entry.path);
  const html = offlinePageFor(await page.text(), keptBoardPath(prefix, newestFirst), `${url.pathname}${url.search}`);
  // Never kept by anyone: it stands for this navigation only.
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

// A new deploy's worker takes over at once: pages come from the network first in every version, and a
// page open since the last deploy offers a reload (./register.ts) rather than mixing versions.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
enableNavigationPreload();

// ---- Messages from the pages ----

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown; urls?: unknown; answers?: unknown } | null;
  if (data?.type === MESSAGES.howServed) {
    const served = event.source instanceof Client ? servedFromCache.get(event.source.id) : undefined;
    const answer: HowServed = { seenAt: served?.seenAt ?? null, slow: served?.slow ?? false };
    event.ports[0]?.postMessage(answer);
  } else if (data?.type === MESSAGES.build) {
    const answer: WorkerBuild = { scripts: buildScripts.map((entry) => new URL(entry.url, origins.site).pathname) };
    event.ports[0]?.postMessage(answer);
  } else if (data?.type === MESSAGES.settled) {
    // Not waitUntil: this answer waits for the work in hand, which would then include itself.
    void allSettled().then(() => event.ports[0]?.postMessage(true));
  } else if (data?.type === MESSAGES.keepTaps) {
    event.waitUntil(keepScripts(event, tapChunks));
  } else if (data?.type === MESSAGES.keepPage && Array.isArray(data.urls)) {
    event.waitUntil(
      keepLoadedPage(
        event,
        data.urls.filter((url): url is string => typeof url === 'string'),
        Array.isArray(data.answers) ? data.answers.filter(isListAnswer) : [],
      ),
    );
  }
});

/** A board answer a page read before the worker controlled it (src/api-client/answers-before-worker.ts). */
function isListAnswer(value: unknown): value is ListAnswer {
  const answer = value as Partial<ListAnswer> | null;
  return typeof answer?.url === 'string' && typeof answer.body === 'string' && typeof answer.at === 'number' && Number.isFinite(answer.at);
}

/**
 * A page loaded before the worker controlled it (a first visit) hands over what it loaded: kept as
 * if it had come through the worker, read from the browser's HTTP cache where it still is. The board's
 * API answers are not there (the API sends them `no-store`): the page hands them over as they came, and
 * one it did not hand over is left for the next visit rather than asked again, which would cost a first
 * visit its bytes twice. app-data.json goes first: the page's data is marked with its build.
 */
async function keepLoadedPage(event: ExtendableMessageEvent, urls: readonly string[], answers: readonly ListAnswer[]): Promise<void> {
  const wanted = urls
    .map((text) => safeUrl(text))
    .flatMap((url) => {
      const kind = url
        ? (offlineKind(url, origins, false) ?? (url.origin === origins.site ? offlineKind(url, origins, true) : null))
        : null;
      return url && kind && kind !== 'api' ? [{ url, kind }] : [];
    });
  await keepListAnswers(answers);
  const clientId = clientIdOf(event);
  const keep = async ({ url, kind }: { url: URL; kind: OfflineKind }) => {
    const request = new Request(url.href, {
      cache: 'force-cache',
      credentials: kind === 'api' ? 'omit' : 'same-origin',
      mode: kind === 'api' ? 'cors' : 'same-origin',
      headers: kind === 'api' ? { Accept: 'application/json' } : {},
    });
    const response = await strategies[kind].handle({ event, request, url }).catch(() => undefined);
    if (kind === 'page' && response?.ok && clientId) {
      const kept = await (await caches.open(CACHE_NAMES.page)).match(pageCacheKey(url));
      const build = kept?.headers.get(BUILD_HEADER);
      if (build) remember(documentBuilds, clientId, build);
    }
  };
  // app-data.json first (the page's data is marked with its build), then the page (so that keeping its
  // data finds it kept, of that build, rather than fetching it again), then the rest.
  for (const kinds of [['app-data'], ['page'], ['page-data', 'asset', 'api']])
    await Promise.all(wanted.filter(({ kind }) => kinds.includes(kind)).map(keep));
}

/** Keeps the answers a page handed over, under their URL, marked with when the page read them. */
async function keepListAnswers(answers: readonly ListAnswer[]): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.api);
  let kept = 0;
  for (const answer of answers) {
    const url = safeUrl(answer.url);
    if (!url || offlineKind(url, origins, false) !== 'api' || !readsAsBoard(answer.body)) continue;
    const response = new Response(answer.body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    await cache.put(url.href, await marked(response, null, answer.at));
    kept += 1;
  }
  if (kept > 0) {
    budgetCheck = budgetCheck.then(holdBudget, holdBudget);
    await budgetCheck;
  }
}

function safeUrl(text: string): URL | null {
  try {
    return new URL(text, origins.site);
  } catch {
    return null;
  }
}

// Caches of this worker's own naming that no kind uses any more (a renamed cache) are removed.
self.addEventListener('activate', (event) => {
  const current = new Set([...Object.values(CACHE_NAMES), OFFLINE_PAGE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name)).map((name) => caches.delete(name))),
      ),
  );
});

// The build's scripts (src/gatsby/service-worker.ts): its entry scripts, which every kept page of this
// build runs, kept at install, from the browser's HTTP cache when the page that registered the worker
// has just run them, with the script of a page the worker controls (INSTALL_CHUNKS), from the network; and the chunks a board, city or route page fetches on a tap (policy.ts, TAP_CHUNKS),
// kept when such a page says it is open, so that a tap without a network finds them. Already kept, a
// script costs nothing (cache first).
const buildScripts = self.__WB_MANIFEST;
const installScripts = buildScripts.filter((entry) => isInstallScript(entry.url));
const tapChunks = buildScripts.filter((entry) => !isInstallScript(entry.url));

function keepScripts(event: ExtendableEvent, scripts: typeof buildScripts): Promise<unknown> {
  return Promise.all(
    scripts.map((entry) => {
      const url = new URL(entry.url, origins.site);
      return strategies.asset.handle({ event, request: new Request(url), url }).catch(() => undefined);
    }),
  );
}

self.addEventListener('install', (event) => event.waitUntil(Promise.all([keepScripts(event, installScripts), keepOfflinePages()])));

/** The offline pages of the three languages, fetched anew by every worker that installs (a deploy's). */
async function keepOfflinePages(): Promise<void> {
  const cache = await caches.open(OFFLINE_PAGE_CACHE);
  await Promise.all(
    Object.values(OFFLINE_PAGE_PATHS).map(async (path) => {
      const response = await fetch(new Request(new URL(path, origins.site).href, { cache: 'no-cache' })).catch(() => null);
      if (response?.ok) await cache.put(new URL(path, origins.site).href, response);
    }),
  );
}
