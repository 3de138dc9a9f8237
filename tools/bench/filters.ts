/**
 * npm run bench:filters [-- --loads 10000] [--order newest|oldest|none|all] [--reuse] [--changes 4]: what a
 * filter change costs, on the built site against the sample API with N live loads listed in each order the
 * API may list them in (docs/board.md, "Filters"; figures in docs/bench-results.md), with loads posted since the
 * build. Hold the gatsby lock: it builds once per order (unless --reuse) and binds ports 4810 and 9810.
 *
 * Printed:
 *  - the filter index's share of the build: the build's own code (src/gatsby/filter-files.ts) making and
 *    writing every list's index and card chunks for the N loads, and the files' total size gzip;
 *  - the board's first-load script (gzip, as the server sends it), before any filter is used, and where
 *    its first screen puts the app banner, the search, the Filters button and the first load's card on
 *    phones of 360 x 640 and 390 x 844;
 *  - per case (a filter change on the whole board, on the city page nearest 1,000 loads, a place search
 *    with a vehicle type and a weight, and each of the city and the place widened by `near`): the first change (which fetches the filter code, the
 *    list's index and the place file) and the median of the changes after it, each as requests, bytes
 *    (gzip) and milliseconds from the tap to the list's count in the status line. Target: at most 8
 *    requests and 60 KB gzip per change after the first.
 *
 * Requests and bytes do not depend on the machine; milliseconds do (printed with nproc and the load).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { withBuiltSite } from '../harness/stack';
import { apiControl, everyLoad } from '../harness/sample-api';
import { fetchVehicleTypes } from '../../src/api-client/client';
import { filterFiles, filterFilesGzipBytes, writeFilterFiles } from '../../src/gatsby/filter-files';
import { groupBuildLoads } from '../../src/loads/gazetteer-groups';
import { newestPosting } from '../../src/loads/built-time';
import type { PlaceGroups } from '../../src/loads/place-groups';
import type { Place } from '../../src/places/gazetteer';
import type { Load } from '../../src/api-client/types';
import { LIST_ORDERS, type ListOrderSetting } from '../sample-api/server';
import { medianOf } from './median';
import { hydrated } from './hydrated';
import { choiceFlag, numberFlag, readFlags, switchFlag } from './flags';

const flags = readFlags({
  loads: numberFlag(10_000, { min: 1 }),
  reuse: switchFlag(),
  changes: numberFlag(4, { min: 1 }),
  order: choiceFlag([...LIST_ORDERS, 'all'] as const, 'all'),
});
/** Loads posted after the build, before the phone looks: what the board reads from the API's newest end. */
const POSTED_SINCE_BUILD = 12;
const API_PORT = 4810;
const SITE_PORT = 9810;
const TARGET = { requests: 8, kb: 60 };

interface Cost {
  requests: number;
  kb: number;
  /** Null for a change that left the count as it was (nothing for the status line to say). */
  ms: number | null;
}

/** How long a change may take to speak a new count before it is read as one that left the count as it was. */
const SAME_COUNT_AFTER_MS = 15_000;

const msText = (ms: number | null) => (ms === null ? 'same count' : String(ms));

/** Every request the page makes from now on, with its response body's size gzip. */
function watchRequests(page: Page) {
  const seen: Array<Promise<number>> = [];
  const onRequest = (request: Request) =>
    seen.push(
      request
        .response()
        .then(async (response) => (response ? gzipSync(await response.body().catch(() => Buffer.alloc(0))).length : 0))
        .catch(() => 0),
    );
  page.on('requestfinished', onRequest);
  return {
    stop: async (): Promise<{ requests: number; bytes: number }> => {
      page.off('requestfinished', onRequest);
      const sizes = await Promise.all(seen);
      return { requests: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
    },
  };
}

/** The board's one live region, its status line (a city page's offline notice and a refused kept search have their own). */
const BOARD_STATUS = 'p[role="status"][aria-atomic="true"]';

/**
 * One change: `act` taps a control; the cost is what the page fetched until the status line spoke again,
 * and how long that took. A change that leaves the count as it was (a wider radius that holds no more
 * loads) has nothing to say: it is counted once its URL changed and the page is idle, without a time.
 */
async function change(page: Page, act: () => Promise<void>): Promise<Cost> {
  const status = page.locator(BOARD_STATUS);
  const before = (await status.textContent()) ?? '';
  const address = page.url();
  const watch = watchRequests(page);
  const started = Date.now();
  await act();
  const spoke = await page
    .waitForFunction(
      ({ previous, selector }) => {
        const text = document.querySelector(selector)?.textContent ?? '';
        const busy = document.querySelector('[aria-busy="true"]');
        return text !== previous && !busy && /\d/.test(text);
      },
      { previous: before, selector: BOARD_STATUS },
      { timeout: SAME_COUNT_AFTER_MS },
    )
    .then(
      () => true,
      () => false,
    );
  const ms = spoke ? Date.now() - started : null;
  await page.waitForLoadState('networkidle');
  const now = await page.evaluate(
    (selector) => ({
      status: document.querySelector(selector)?.textContent ?? '',
      busy: document.querySelector('[aria-busy="true"]') !== null,
      url: window.location.href,
    }),
    BOARD_STATUS,
  );
  if (!spoke && (now.url === address || now.busy || now.status !== before))
    throw new Error(`The status line did not speak a new count (before: "${before}", now: ${JSON.stringify(now)})`);
  const { requests, bytes } = await watch.stop();
  return { requests, kb: bytes / 1024, ms };
}

async function openPanel(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const toggle = page.getByRole('button', { name: /^Фильтры/ });
  await hydrated(page, '[aria-controls="board-filters"]');
  await page.waitForLoadState('networkidle');
  await toggle.click();
  await page.getByRole('group', { name: 'Тип транспорта' }).waitFor();
}

interface Case {
  name: string;
  url: string;
  /** The first change and the ones after it, each a tap or a typed value. */
  steps: Array<(page: Page) => Promise<void>>;
}

const checkType = (name: RegExp) => async (page: Page) => {
  await page.getByRole('checkbox', { name }).check();
};
const chooseNear = (km: number) => async (page: Page) => {
  await page.getByRole('radio', { name: new RegExp(`^В радиусе ${km}\\s+км`) }).check();
};
const typeWeight = (label: 'От' | 'До', value: string) => async (page: Page) => {
  const field = page.getByRole('textbox', { name: label });
  await field.fill(value);
  await field.press('Enter');
};

const kb = (value: number) => `${value.toFixed(1)} KB`;

/** The route page of the rates page's busiest route (it has the largest rate block). */
async function busiestRoute(page: Page, siteUrl: string): Promise<string> {
  await page.goto(`${siteUrl}/ru/loads/rates`);
  const route = await page.locator('li[data-route]').first().getAttribute('data-route');
  return `/ru${route ?? '/loads/route/toshkent/samarqand'}`;
}

/** Puts `count` searches into the phone's keeping (src/board/saved/saved-searches.ts), or none. */
async function keepSearches(page: Page, siteUrl: string, count: number): Promise<void> {
  await page.goto(`${siteUrl}/ru/loads/places`);
  const types = ['Tent', 'Refrijerator', 'Kamaz', 'Labo', 'Damas'].slice(0, count);
  await page.evaluate((names) => {
    const now = Date.now();
    const kept = names.map((name) => ({ path: '/loads', query: `?vehicle=${name}`, openedAt: now, newSince: now }));
    localStorage.setItem('yukbor.savedSearches', JSON.stringify(kept));
  }, types);
}

async function main(): Promise<void> {
  // A history of its own: a bench's board must not join the developer's history.
  const historyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-filters-history-'));
  const env = { HISTORY_FILE: path.join(historyDir, 'history.sqlite') };
  try {
    const orders = flags.order === 'all' ? LIST_ORDERS : [flags.order];
    for (const order of orders) await measure(env, order);
  } finally {
    fs.rmSync(historyDir, { recursive: true, force: true });
  }
}

type BuildGroups = PlaceGroups<Place>;

/** The filter index's share of the build, made by the build's own code over the API's loads (the posted ones included). */
async function indexShare(apiUrl: string): Promise<{ loads: Load[]; groups: BuildGroups }> {
  const control = apiControl(apiUrl);
  await control.set({ change: { every: 1, removals: false, limit: 1, size: POSTED_SINCE_BUILD } });
  const loads = await everyLoad(apiUrl);
  await control.set({ change: null });
  const types = (await fetchVehicleTypes({ baseUrl: apiUrl })).map((type) => type.name);
  const groups = groupBuildLoads(loads);
  const made = filterFiles(loads, groups, types, newestPosting(loads) ?? Date.now());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-filters-'));
  const written = writeFilterFiles(dir, made);
  fs.rmSync(dir, { recursive: true, force: true });
  const gzipBytes = filterFilesGzipBytes(made);
  const boardIndex = made.files.get(made.board) ?? '';
  console.log(
    `Filter index of ${loads.length} loads: ${made.stats.indexes} lists, ${made.stats.chunks} card chunks; made in ${(made.stats.ms / 1000).toFixed(2)} s, ` +
      `written in ${(written.ms / 1000).toFixed(2)} s: ${((made.stats.ms + written.ms) / 1000).toFixed(2)} s of the build (target ≤ 5 s); ` +
      `${(made.stats.bytes / 1024 / 1024).toFixed(1)} MB, ${(gzipBytes / 1024 / 1024).toFixed(2)} MB gzip; the board's index ${kb(gzipSync(boardIndex).length / 1024)} gzip\n`,
  );
  return { loads, groups };
}

/** The board's first-load script: every script until the page is idle, with no filter touched. */
async function firstScript(context: BrowserContext, siteUrl: string): Promise<void> {
  const first = await context.newPage();
  const scripts: Array<Promise<number>> = [];
  first.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await first.goto(`${siteUrl}/ru/loads`, { waitUntil: 'networkidle' });
  const scriptKb = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) / 1024;
  console.log(`Board's first-load script (/ru/loads, gzip as sent): ${kb(scriptKb)} (target ≤ 120 KB)\n`);
  await first.close();
}

/** The first screen of a phone: where the app banner, the search, the Filters button and the first load start. */
async function firstScreens(browser: Browser, siteUrl: string): Promise<void> {
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
  ]) {
    const phone = await browser.newPage({ viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await phone.goto(`${siteUrl}/ru/loads`, { waitUntil: 'networkidle' });
    const top = (selector: string) =>
      phone
        .locator(selector)
        .first()
        .evaluate((element) => Math.round(element.getBoundingClientRect().top + window.scrollY));
    const [banner, search, filters, card] = await Promise.all([
      top('main aside'),
      top('form[role="search"]'),
      top('[aria-controls="board-filters"]'),
      top('main li a[href*="/load/"]'),
    ]);
    const onScreen = (y: number) => (y < viewport.height ? 'on' : 'NOT on');
    console.log(
      `First screen at ${viewport.width} x ${viewport.height}: app banner at ${banner} px, search ${search}, Filters ${filters}, ` +
        `the first load's card ${card} px down (${onScreen(card)} the first screen)`,
    );
    for (const [what, url, kept] of [
      ['two filters chosen', '/ru/loads?vehicle=Tent&weightMin=10', 0],
      ['five kept searches', '/ru/loads', 5],
      ['the busiest route', await busiestRoute(phone, siteUrl), 0],
    ] as const) {
      await keepSearches(phone, siteUrl, kept);
      await phone.goto(`${siteUrl}${url}`, { waitUntil: 'networkidle' });
      const y = await top('main li a[href*="/load/"]');
      console.log(`  with ${what} (${url}): the first load's card ${y} px down (${onScreen(y)} the first screen)`);
    }
    await keepSearches(phone, siteUrl, 0);
    await phone.close();
  }
  console.log('');
}

/** The lists measured, each with its first change and the ones after it; each step changes the count. */
function filterCases(loads: readonly Load[], groups: BuildGroups): Case[] {
  const city = [...groups.from.entries()].sort(([, a], [, b]) => Math.abs(a.loads.length - 1000) - Math.abs(b.loads.length - 1000))[0];
  const citySlug = city?.[0] ?? 'toshkent';
  const place = groups.from.get('samarqand') ? 'Самарканд' : (city?.[1].place.names.ru ?? 'Ташкент');
  const twoTypesThenWeightThenAThird = [
    checkType(/^Тент \(/),
    checkType(/^Рефрижератор \(/),
    typeWeight('От', '10'),
    typeWeight('До', '20'),
    checkType(/^Самосвал \(/),
  ];
  const placeSearch = `/ru/loads?search=${encodeURIComponent(place)}`;
  return [
    { name: `the whole board (${loads.length} loads)`, url: '/ru/loads', steps: twoTypesThenWeightThenAThird },
    {
      name: `a city: from ${citySlug} (${city?.[1].loads.length ?? 0} loads)`,
      url: `/ru/loads/from/${citySlug}`,
      steps: twoTypesThenWeightThenAThird,
    },
    {
      name: `a city widened: from ${citySlug}, then 50 km around`,
      url: `/ru/loads/from/${citySlug}`,
      steps: [chooseNear(50), checkType(/^Тент \(/), chooseNear(25), typeWeight('От', '10'), chooseNear(100)],
    },
    {
      name: `a place widened: search ${place}, then 25 km around`,
      url: placeSearch,
      steps: [chooseNear(25), checkType(/^Тент \(/), chooseNear(100), typeWeight('От', '10'), chooseNear(50)],
    },
    {
      name: `place + vehicle + weight (search ${place})`,
      url: placeSearch,
      steps: [
        checkType(/^Тент \(/),
        typeWeight('От', '12'),
        checkType(/^Самосвал \(/),
        typeWeight('До', '22'),
        checkType(/^Рефрижератор \(/),
      ],
    },
  ];
}

/** What each change of each case fetched and how long its status line took to speak, as one table. */
async function changeCosts(context: BrowserContext, siteUrl: string, cases: readonly Case[]): Promise<void> {
  console.log(
    '| case | first change: requests | KB gzip | ms | later changes (median): requests | KB gzip | ms | most: requests | KB gzip | within target |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const item of cases) {
    const page = await context.newPage();
    await openPanel(page, `${siteUrl}${item.url}`);
    const costs: Cost[] = [];
    for (const step of item.steps.slice(0, flags.changes + 1)) costs.push(await change(page, () => step(page)));
    const [firstChange, ...later] = costs as [Cost, ...Cost[]];
    const worst = { requests: Math.max(...later.map((c) => c.requests)), kb: Math.max(...later.map((c) => c.kb)) };
    const within = worst.requests <= TARGET.requests && worst.kb <= TARGET.kb;
    const laterMs = medianOf(later.flatMap((c) => (c.ms === null ? [] : [c.ms]))).toFixed(0);
    console.log(
      `| ${item.name} | ${firstChange.requests} | ${firstChange.kb.toFixed(1)} | ${msText(firstChange.ms)} | ` +
        `${medianOf(later.map((c) => c.requests))} | ${medianOf(later.map((c) => c.kb)).toFixed(1)} | ${laterMs} | ` +
        `${worst.requests} | ${worst.kb.toFixed(1)} | ${within ? 'yes' : `NO (≤ ${TARGET.requests} requests, ≤ ${TARGET.kb} KB)`} |`,
    );
    await page.close();
  }
}

async function measure(env: NodeJS.ProcessEnv, order: ListOrderSetting): Promise<void> {
  return withBuiltSite(
    { apiPort: API_PORT, sitePort: SITE_PORT, build: !flags.reuse, loads: flags.loads, order, env },
    async ({ apiUrl, siteUrl, browser }) => {
      const load = os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
      const lists = order === 'none' ? 'in no order of posting' : `the ${order} first`;
      console.log(
        `## An API that lists ${lists}\n\nHost: ${os.cpus().length} cores, load average ${load}; ${flags.loads} loads, ${POSTED_SINCE_BUILD} posted after the build\n`,
      );
      const { loads, groups } = await indexShare(apiUrl);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        await firstScript(context, siteUrl);
        await firstScreens(browser, siteUrl);
        await changeCosts(context, siteUrl, filterCases(loads, groups));
      } finally {
        await context.close();
      }
    },
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
