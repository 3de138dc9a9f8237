/**
 * npm run bench:trips [-- --loads 10000] [--reuse] [--changes 4] [--api-port 4820] [--site-port 9820]: what a trip page the build did not make
 * costs a phone, and what trips cost the build, on the built site against the sample API with N live loads
 * (docs/trips.md; figures in docs/bench-results.md). Hold the gatsby lock: it builds (unless --reuse) and
 * binds ports 4820 and 9820 unless told others.
 *
 * Printed:
 *  - the build's trips: the build's own code (src/gatsby/trips.ts, trip-map.ts) working out every route
 *    page's loads on the way and way back and drawing its map in three languages, against the whole build's
 *    time (target: at most 10 % of a 10,000-load build; without a build, against none);
 *  - opening a route of two known places with no page of its own (the 404 page's fallback): requests and
 *    bytes (each response gzip) beyond what the plain 404 page fetches, and milliseconds to its loads on
 *    the way's count;
 *  - each filter change on it (two vehicle types, a weight from and to, a third type, made as the panel
 *    makes them): requests, bytes and milliseconds until the loads on the way's count changed. Target: at
 *    most 8 requests and 60 KB gzip after the first;
 *  - the next trip: another such route opened after that one, in the same browser (the same target).
 *
 * Requests and bytes do not depend on the machine; milliseconds do (printed with nproc and the load).
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { withBuiltSite } from '../harness/stack';
import { everyLoad } from '../harness/sample-api';
import { groupBuildLoads } from '../../src/loads/gazetteer-groups';
import { buildTrips } from '../../src/gatsby/trips';
import { mapPlaces, tripMapSvg } from '../../src/gatsby/trip-map';
import { matchPlace } from '../../src/places/match';
import { PLACES, type Place } from '../../src/places/gazetteer';
import { placeRoutePath } from '../../src/config/routes';
import { LANGUAGES } from '../../src/config/languages';
import type { PlaceGroups } from '../../src/loads/place-groups';
import { OWN_ADDRESS_EVENT } from '../../src/board/own-address';
import { medianOf } from './median';
import { hydrated } from './hydrated';
import { numberFlag, readFlags, switchFlag } from './flags';

const flags = readFlags({
  loads: numberFlag(10_000, { min: 1 }),
  reuse: switchFlag(),
  changes: numberFlag(4, { min: 1 }),
  'api-port': numberFlag(4820, { min: 1 }),
  'site-port': numberFlag(9820, { min: 1 }),
});
const API_PORT = flags['api-port'];
const SITE_PORT = flags['site-port'];
const TARGET = { requests: 8, kb: 60, buildShare: 0.1 };

interface Cost {
  requests: number;
  kb: number;
  ms: number;
  files: Array<[string, number]>;
}

/** Every request the page makes from now on, by path, with its response body's size gzip. */
function watchRequests(page: Page) {
  const seen: Array<Promise<[string, number]>> = [];
  const onRequest = (request: Request) =>
    seen.push(
      request
        .response()
        .then(
          async (response) =>
            [new URL(request.url()).pathname, response ? gzipSync(await response.body().catch(() => Buffer.alloc(0))).length : 0] as [
              string,
              number,
            ],
        )
        .catch(() => [request.url(), 0] as [string, number]),
    );
  page.on('requestfinished', onRequest);
  return {
    stop: async (): Promise<Array<[string, number]>> => {
      page.off('requestfinished', onRequest);
      return Promise.all(seen);
    },
  };
}

/** The loads on the way's count: what a filter changes on a route with no loads of its own. */
const TRIP_COUNT = '[data-on-the-way-count]';

/**
 * One filter change, made as the filter panel makes it on a page the build did not make (the page's own
 * address, src/board/own-address.ts: the panel offers only the options the route's own loads have, and a
 * route with no page has none of its own, so the bench names the URL): what the page fetched until the
 * loads on the way's count changed, and how long that took.
 */
async function change(page: Page, url: string): Promise<Cost> {
  const before = (await page.locator(TRIP_COUNT).textContent()) ?? '';
  const watch = watchRequests(page);
  const started = Date.now();
  await page.evaluate(
    ({ to, event }) => {
      window.history.pushState(window.history.state, '', to);
      window.dispatchEvent(new Event(event));
    },
    { to: url, event: OWN_ADDRESS_EVENT },
  );
  await page.waitForFunction(
    ({ previous, selector, to }) => {
      const text = document.querySelector(selector)?.textContent ?? '';
      return `${window.location.pathname}${window.location.search}` === to && text !== previous && /\d/.test(text);
    },
    { previous: before, selector: TRIP_COUNT, to: url },
    { timeout: 30_000 },
  );
  const ms = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const sizes = await watch.stop();
  return { requests: sizes.length, kb: sizes.reduce((sum, [, size]) => sum + size, 0) / 1024, ms, files: sizes };
}

/** Routes of two known places in Uzbekistan with no loads either way, the most loads on their way first. */
function fallbackRoutes(groups: PlaceGroups<Place>, tripOf: ReturnType<typeof buildTrips>, count: number): Array<[Place, Place]> {
  const uz = PLACES.filter((place) => place.country === 'UZ');
  const found: Array<{ ends: [Place, Place]; total: number }> = [];
  for (const a of uz)
    for (const b of uz) {
      if (a === b || groups.routes.has(`${a.slug}/${b.slug}`) || groups.routes.has(`${b.slug}/${a.slug}`)) continue;
      found.push({ ends: [a, b], total: tripOf(a, b).total });
    }
  if (found.length < count) throw new Error(`Fewer than ${count} pairs of places without loads: no routes without a page to open`);
  return found
    .sort((x, y) => y.total - x.total)
    .slice(0, count)
    .map(({ ends }) => ends);
}

/** The build's trips: every route page's trip worked out and its map drawn in each language, as the build does. */
function tripsShare(groups: PlaceGroups<Place>, now: number): number {
  const started = performance.now();
  const tripOf = buildTrips(groups, now);
  for (const route of groups.routes.values()) {
    const trip = tripOf(route.from, route.to);
    for (const language of LANGUAGES) {
      const point = (place: Place) => ({ slug: place.slug, lat: place.lat, lon: place.lon, name: place.names[language.code] });
      const stops = trip.onTheWay
        .slice(0, 200)
        .flatMap(({ load }) => [matchPlace(load.from), matchPlace(load.to)])
        .flatMap((place) => (place ? [point(place)] : []));
      tripMapSvg(point(route.from), point(route.to), mapPlaces(stops, [route.from.slug, route.to.slug]), 'map');
    }
  }
  return performance.now() - started;
}

/** Two vehicle types, a weight from, a weight to, a third type: each query adds to the one before. */
const FILTER_STEPS = ['?vehicle=Tent', '?vehicle=Tent&vehicle=Refrijerator', '&weightMin=10', '&weightMax=20', '&vehicle=Kamaz'];

/** Opens a trip page and returns every request it made until idle, and the ms to its loads on the way's count. */
async function openTrip(page: Page, siteUrl: string, url: string): Promise<{ all: Array<[string, number]>; ms: number }> {
  const watch = watchRequests(page);
  const started = Date.now();
  await page.goto(`${siteUrl}${url}`);
  await page.locator(TRIP_COUNT).waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  await page.waitForLoadState('networkidle');
  return { all: await watch.stop(), ms };
}

/**
 * A cold first visit: a new browser profile opens the trip page itself, so every script, the entry's too,
 * counts (the other reading, below, opens it after a visit of the plain 404 page, its entry scripts cached).
 */
async function coldOpening(browser: Browser, siteUrl: string, url: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const { all, ms } = await openTrip(await context.newPage(), siteUrl, url);
    const kb = all.reduce((sum, [, size]) => sum + size, 0) / 1024;
    const scripts = all.filter(([pathname]) => pathname.endsWith('.js'));
    console.log(
      `Cold first visit of ${url}: ${all.length} requests, ${kb.toFixed(1)} KB gzip in all ` +
        `(${scripts.length} scripts, ${(scripts.reduce((sum, [, size]) => sum + size, 0) / 1024).toFixed(1)} KB), ${ms} ms to its loads on the way`,
    );
  } finally {
    await context.close();
  }
}

/** Opening the trip the build did not make, then each filter change on it. */
async function fallbackCosts(context: BrowserContext, siteUrl: string, url: string): Promise<void> {
  const plain = await context.newPage();
  const plainWatch = watchRequests(plain);
  await plain.goto(`${siteUrl}/ru/no-such-page`, { waitUntil: 'networkidle' });
  const baseline = new Set((await plainWatch.stop()).map(([pathname]) => pathname));
  await plain.close();
  const page = await context.newPage();
  const watch = watchRequests(page);
  const started = Date.now();
  const response = await page.goto(`${siteUrl}${url}`);
  await page.locator('[data-on-the-way-count]').waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const all = await watch.stop();
  // The document and the page data Gatsby asks for the path itself are the plain 404 page's first load too.
  const own = (pathname: string) => pathname.replace(/\/$/, '') === url || pathname === `/page-data${url}/page-data.json`;
  const extra = all.filter(([pathname]) => !baseline.has(pathname) && !own(pathname));
  const extraKb = extra.reduce((sum, [, size]) => sum + size, 0) / 1024;
  const count = (await page.locator('[data-on-the-way-count]').textContent()) ?? '';
  console.log(
    `After a first visit (the plain 404 page's, its entry scripts cached), opening ${url} (status ${response?.status()}; "${count}"): ${all.length} requests in all, ` +
      `${extra.length} requests and ${extraKb.toFixed(1)} KB gzip beyond the plain 404 page's, ${ms} ms to its loads on the way`,
  );
  for (const [pathname, size] of extra.sort(([, a], [, b]) => b - a)) console.log(`  ${(size / 1024).toFixed(1)} KB  ${pathname}`);
  console.log('\n| filters | requests | KB gzip | ms | loads on the way |\n| --- | ---: | ---: | ---: | --- |');
  await hydrated(page, '[aria-controls="board-filters"]');
  const costs: Cost[] = [];
  let query = '';
  for (const step of FILTER_STEPS.slice(0, flags.changes + 1)) {
    query = step.startsWith('?') ? step : `${query}${step}`;
    costs.push(await change(page, `${url}${query}`));
    console.log(
      `| ${query} | ${costs.at(-1)?.requests} | ${costs.at(-1)?.kb.toFixed(1)} | ${costs.at(-1)?.ms} | ${(await page.locator(TRIP_COUNT).textContent()) ?? ''} |`,
    );
  }
  for (const [pathname, size] of [...(costs[0]?.files ?? [])].sort(([, a], [, b]) => b - a))
    console.log(`  first change: ${(size / 1024).toFixed(1)} KB  ${pathname}`);
  const later = costs.slice(1);
  console.log(
    `After the first: median ${medianOf(later.map((c) => c.requests))} requests, ${medianOf(later.map((c) => c.kb)).toFixed(1)} KB, ` +
      `${medianOf(later.map((c) => c.ms)).toFixed(0)} ms; most ${Math.max(...later.map((c) => c.requests))} requests, ` +
      `${Math.max(...later.map((c) => c.kb)).toFixed(1)} KB (target ≤ ${TARGET.requests} requests, ≤ ${TARGET.kb} KB)`,
  );
  await page.close();
}

/**
 * The next trip: in the same browser, after the first trip page and its filter changes, a driver opens
 * another route the build did not make (the next pair with the most loads on its way): what it fetches
 * then from the network, the document and its page data included (what the browser's cache answered is
 * left out). Target: at most 8 requests and 60 KB gzip.
 */
async function nextTripOpening(context: BrowserContext, siteUrl: string, url: string): Promise<void> {
  const page = await context.newPage();
  try {
    // What the browser's cache answered costs the phone nothing: Chromium's own word for it, by URL.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const cached: string[] = [];
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, new URL(event.request.url).pathname));
    cdp.on('Network.requestServedFromCache', (event) => cached.push(urls.get(event.requestId) ?? ''));
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.fromDiskCache || event.response.fromPrefetchCache) cached.push(new URL(event.response.url).pathname);
    });
    const { all, ms } = await openTrip(page, siteUrl, url);
    for (const pathname of cached) {
      const at = all.findIndex(([seen]) => seen === pathname);
      if (at >= 0) all.splice(at, 1);
    }
    const kb = all.reduce((sum, [, size]) => sum + size, 0) / 1024;
    const met = all.length <= TARGET.requests && kb <= TARGET.kb;
    console.log(
      `\nThe next trip, ${url}, after that one: ${all.length} requests, ${kb.toFixed(1)} KB gzip, ${ms} ms to its loads on the way ` +
        `(target ≤ ${TARGET.requests} requests, ≤ ${TARGET.kb} KB: ${met ? 'met' : 'NOT met'})`,
    );
    for (const [pathname, size] of all.sort(([, a], [, b]) => b - a)) console.log(`  ${(size / 1024).toFixed(1)} KB  ${pathname}`);
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  // A history of its own: a bench's board must not join the developer's history.
  const historyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trips-history-'));
  const env = { HISTORY_FILE: path.join(historyDir, 'history.sqlite') };
  const started = Date.now();
  try {
    await withBuiltSite(
      { apiPort: API_PORT, sitePort: SITE_PORT, build: !flags.reuse, loads: flags.loads, env },
      async ({ apiUrl, siteUrl, browser }) => {
        const buildMs = flags.reuse ? null : Date.now() - started;
        const load = os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ');
        console.log(`Host: ${os.cpus().length} cores, load average ${load}; ${flags.loads} loads\n`);
        const loads = await everyLoad(apiUrl);
        const groups = groupBuildLoads(loads);
        const tripsMs = tripsShare(groups, Date.now());
        const share = buildMs
          ? ` of a ${(buildMs / 1000).toFixed(1)} s build: ${((tripsMs / buildMs) * 100).toFixed(1)} % (target ≤ 10 %)`
          : '';
        console.log(
          `The build's trips (${groups.routes.size} route pages, maps in ${LANGUAGES.length} languages): ${(tripsMs / 1000).toFixed(2)} s${share}\n`,
        );
        const [first, next] = fallbackRoutes(groups, buildTrips(groups, Date.now()), 2).map(
          ([from, to]) => `/ru${placeRoutePath(from.slug, to.slug)}`,
        ) as [string, string];
        await coldOpening(browser, siteUrl, first);
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
        try {
          await fallbackCosts(context, siteUrl, first);
          await nextTripOpening(context, siteUrl, next);
        } finally {
          await context.close();
        }
      },
    );
  } finally {
    fs.rmSync(historyDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
