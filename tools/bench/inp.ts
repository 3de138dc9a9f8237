// npm run bench:inp [-- --reuse] [--runs 5] [--slowdown N] [--path /ru/loads]: how long the board takes
// to answer a visitor (Interaction to Next Paint's measure) on a cheap phone, after it has hydrated.
//
// Each run loads the built board in Chromium (Playwright, a phone's viewport and touch) with the CPU
// slowed by CDP's `Emulation.setCPUThrottlingRate`, at the rate bench:lighthouse calibrates: the host's
// benchmarkIndex (Lighthouse's own benchmark function, run in the page, the largest of three readings: a busy
// neighbour makes a reading low, never high)
// divided by 264, Chrome DevTools' low-tier phone. Once the board has hydrated and its refresh has
// landed, the run makes three interactions, each in a phase of its own:
//   - next page: a tap on "next" (its results' status announced before the phase ends);
//   - suggestions: a tap in the search field and a place typed key by key until the list opens;
//   - search: the rest of the place typed, Enter submits it with no option chosen (its results' status announced before the phase ends);
//   - filters: a tap on "Filters" (its panel, a chunk of its own, opens and counts each option);
//   - filter change: a tap on a vehicle type in the panel, the first change (which fetches the list's
//     filter index) and a second one (a change after the first), each announced before its phase ends.
// Chromium's Event Timing (a PerformanceObserver for 'event' entries, durationThreshold 16, installed
// before the page's scripts) gives each interaction's duration (input delay + processing + presentation,
// the longest entry of one interactionId, as web-vitals counts INP); a phase reads its longest
// interaction. Printed: each phase's median over the runs, and the median of each run's longest
// interaction (the page's INP). The target is 200 ms, the web's "good" INP.
//
// A trip page (a pre-built route page, `--trip`, Toshkent → Buxoro by default, whose loads on the way the
// sample data fills) is loaded in the same runs: a tap on "Filters", then two filter changes on a vehicle
// type, each announced before its phase ends (the loads on the way follow, src/board/hooks/use-trip-filter.ts);
// its INP is the longest of its filter changes.
//
// The floor (a bare Gatsby page, tools/bench/floor-site) has no such interactions: it is loaded in the
// same runs, alternating, at the same slowdown, and a tap on its heading is measured (an interaction
// with no handler: what the stack's presentation costs), with both pages' load-time long tasks as
// observed here (sum of each task's time over 50 ms, and their total: Chromium's tasks slowed for real,
// not Lighthouse's simulation; figures for comparing the two pages of one run).
//
// Its figures go to docs/bench-results.md with the machine (`npm run bench:record -- bench:inp`; it says so as it ends).
//
// Uses the ports of bench:lighthouse (API 4710, site 9710, floor 9712): hold the gatsby lock. With
// `--reuse --e2e`, measures the build `npm run test:e2e` left in public/ (its API and site ports,
// 4310 and 9310), so one build serves the e2e specs and this bench in one hold of the lock.
import os from 'node:os';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { withBuiltSite } from '../harness/stack';
import { E2E_API_PORT, E2E_SITE_PORT } from '../harness/env';
import { buildFloorSite, FLOOR_PORT } from './floor';
import ruLoads from '../../locales/ru/loads.json';
import { medianOf } from './median';
import { hydrated } from './hydrated';
import { numberFlag, readFlags, switchFlag, textFlag } from './flags';

const flags = readFlags({
  reuse: switchFlag(),
  e2e: switchFlag(),
  runs: numberFlag(5, { min: 1 }),
  slowdown: numberFlag(undefined, { min: 1 }),
  path: textFlag('/ru/loads'),
  trip: textFlag('/ru/loads/route/toshkent/buxoro'),
  verbose: switchFlag(),
});
const RUNS = flags.runs;
const VERBOSE = flags.verbose;
const started = Date.now();
/** With --verbose, when each step of a run ends (seconds since the start). */
const step = (name: string) => VERBOSE && console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${name}`);
const BOARD_PATH = flags.path;
const TRIP_PATH = flags.trip;
/** A place the sample API has loads for, typed as a Russian-speaking driver would. */
const PLACE = 'Самарканд';
const LOW_TIER_BENCHMARK_INDEX = 264;
export const INP_TARGET_MS = 200;

/** The phone bench:lighthouse's mobile preset emulates (Moto G Power): viewport, density, touch. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

interface Interaction {
  id: number;
  name: string;
  startTime: number;
  duration: number;
  inputDelay: number;
  processing: number;
}

/** Installed before any of the page's scripts: event and long-task entries from the first moment. */
const OBSERVERS = `
  window.__bench = { events: [], longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__bench.events.push({
      id: e.interactionId, name: e.name, startTime: e.startTime, duration: e.duration,
      inputDelay: e.processingStart - e.startTime, processing: e.processingEnd - e.processingStart });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

declare global {
  interface Window {
    __bench: { events: Interaction[]; longTasks: number[] };
  }
}

/** Lighthouse's benchmarkIndex, computed in a page of the browser that runs the benchmark. */
async function benchmarkIndex(page: Page): Promise<number> {
  const { pageFunctions } = (await import('lighthouse/core/lib/page-functions.js')) as unknown as {
    pageFunctions: { computeBenchmarkIndex: () => number };
  };
  return page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`) as Promise<number>;
}

async function throttledPage(context: BrowserContext, rate: number): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { page, cdp };
}

/** The longest interaction (by interactionId) among the entries that started at or after `since`. */
async function longestSince(page: Page, since: number): Promise<Interaction | null> {
  // Event Timing reports an interaction once it has painted: give the last one a frame or two.
  await page.waitForTimeout(300);
  const events = await page.evaluate(() => window.__bench.events);
  const byId = new Map<number, Interaction>();
  for (const event of events.filter((e) => e.startTime >= since)) {
    const known = byId.get(event.id);
    if (!known || event.duration > known.duration) byId.set(event.id, event);
  }
  return [...byId.values()].sort((a, b) => b.duration - a.duration)[0] ?? null;
}

const now = (page: Page) => page.evaluate(() => performance.now());

const observedLoad = async (page: Page) => {
  const longTasks = await page.evaluate(() => window.__bench.longTasks);
  return {
    blockingMs: longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    longTasksMs: longTasks.reduce((sum, d) => sum + d, 0),
    longestMs: Math.max(0, ...longTasks),
  };
};

/** Waits until the page is quiet: no request for a while and an idle callback has run. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 })));
}

/** The list's results line (a place page has the offline notice's status line too). */
const RESULTS_STATUS = '[role="status"][aria-atomic="true"]';

/** Waits for the status line to speak a new result after an interaction (what a screen reader hears). */
async function announced(page: Page, before: string): Promise<boolean> {
  try {
    await page.waitForFunction(
      ([previous, loading, css]) => {
        const text = document.querySelector(css)?.textContent ?? '';
        return text !== previous && text !== loading && text !== '';
      },
      [before, ruLoads.status.loading, RESULTS_STATUS] as const,
      { timeout: 30_000 },
    );
    return true;
  } catch {
    return false;
  }
}

/** Opens the filter panel and waits for its options' counts (the list's filter index has arrived). */
async function openFilters(page: Page): Promise<void> {
  await page.getByRole('button', { name: ruLoads.filters.open, exact: true }).tap();
  await page.getByRole('group', { name: ruLoads.filters.vehicle }).waitFor({ timeout: 30_000 });
  await page
    .getByRole('checkbox', { name: /\(\d+\)$/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await settle(page);
}

/** A tap on the nth vehicle type with loads: its longest interaction, and whether its results were announced. */
async function filterChange(page: Page, nth: number): Promise<{ interaction: Interaction | null; announced: boolean }> {
  const since = await now(page);
  const before = (await page.locator(RESULTS_STATUS).textContent()) ?? '';
  await page
    .getByRole('checkbox', { name: /\([1-9]\d*\)$/ })
    .nth(nth)
    .tap();
  const spoken = await announced(page, before);
  await settle(page);
  return { interaction: await longestSince(page, since), announced: spoken };
}

interface TripRun {
  filtersOpen: Interaction | null;
  filterFirst: Interaction | null;
  filterLater: Interaction | null;
  announced: boolean;
  /** The loads on the way's count changed with the filters (the trip followed them). */
  tripFollowed: boolean;
  load: Awaited<ReturnType<typeof observedLoad>>;
}

async function tripRun(context: BrowserContext, url: string, rate: number): Promise<TripRun> {
  const { page } = await throttledPage(context, rate);
  try {
    await page.goto(url);
    // A route page has no search field: its board's "Filters" button hydrates with it.
    await hydrated(page, '[aria-controls="board-filters"]');
    await settle(page);
    step('trip settled');
    const load = await observedLoad(page);
    const count = () => page.locator('[data-on-the-way-count]').textContent();
    const unfiltered = await count();
    const since = await now(page);
    await openFilters(page);
    const filtersOpen = await longestSince(page, since);
    const first = await filterChange(page, 0);
    const later = await filterChange(page, 1);
    step('trip filter changes');
    return {
      filtersOpen,
      filterFirst: first.interaction,
      filterLater: later.interaction,
      announced: first.announced && later.announced,
      tripFollowed: (await count()) !== unfiltered,
      load,
    };
  } finally {
    await page.close();
  }
}

interface BoardRun {
  nextPage: Interaction | null;
  suggestions: Interaction | null;
  search: Interaction | null;
  filtersOpen: Interaction | null;
  filterFirst: Interaction | null;
  filterLater: Interaction | null;
  announced: { nextPage: boolean; search: boolean; filters: boolean };
  load: Awaited<ReturnType<typeof observedLoad>>;
}

async function boardRun(context: BrowserContext, url: string, rate: number): Promise<BoardRun> {
  const { page } = await throttledPage(context, rate);
  try {
    await page.goto(url);
    step('board loaded');
    const field = page.locator('#load-search');
    await hydrated(page, '[role="combobox"]');
    step('board hydrated');
    await settle(page);
    step('board settled');
    const load = await observedLoad(page);
    const status = page.locator(RESULTS_STATUS);

    const announcedAfter = (before: string) => announced(page, before);

    let since = await now(page);
    let before = (await status.textContent()) ?? '';
    await page.getByRole('link', { name: ruLoads.pagination.next }).tap();
    const nextAnnounced = await announcedAfter(before);
    await settle(page);
    const nextPage = await longestSince(page, since);
    step('next page');

    since = await now(page);
    await field.tap();
    await field.fill('');
    await page.keyboard.type(PLACE.slice(0, 4), { delay: 120 });
    await page.getByRole('listbox').waitFor({ state: 'visible', timeout: 30_000 });
    await settle(page);
    const suggestions = await longestSince(page, since);
    step('suggestions');

    await page.keyboard.type(PLACE.slice(4), { delay: 120 });
    await settle(page);
    since = await now(page);
    before = (await status.textContent()) ?? '';
    await page.keyboard.press('Enter');
    const searchAnnounced = await announcedAfter(before);
    await settle(page);
    const search = await longestSince(page, since);
    step('search');

    since = await now(page);
    await openFilters(page);
    const filtersOpen = await longestSince(page, since);
    step('filters open');
    const first = await filterChange(page, 0);
    const later = await filterChange(page, 1);
    step('filter changes');
    return {
      nextPage,
      suggestions,
      search,
      filtersOpen,
      filterFirst: first.interaction,
      filterLater: later.interaction,
      announced: { nextPage: nextAnnounced, search: searchAnnounced, filters: first.announced && later.announced },
      load,
    };
  } finally {
    await page.close();
  }
}

const interactionsOf = (run: BoardRun) => [run.nextPage, run.suggestions, run.search, run.filtersOpen, run.filterFirst, run.filterLater];

async function floorRun(context: BrowserContext, url: string, rate: number) {
  const { page } = await throttledPage(context, rate);
  try {
    await page.goto(url);
    await settle(page);
    step('floor settled');
    const load = await observedLoad(page);
    const since = await now(page);
    await page.getByRole('heading').tap();
    const tap = await longestSince(page, since);
    return { load, tap };
  } finally {
    await page.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const duration = (interaction: Interaction | null) => interaction?.duration ?? 0;
/** Under the observer's 16 ms threshold, Event Timing reports nothing: printed as "< 16 ms". */
const shown = (value: number) => (value === 0 ? '< 16 ms' : ms(value));

function describe(interaction: Interaction | null): string {
  if (!interaction) return '< 16 ms';
  return `${ms(interaction.duration)} (${interaction.name}: delay ${ms(interaction.inputDelay)}, processing ${ms(interaction.processing)})`;
}

async function main(): Promise<number> {
  const { reuse } = flags;
  const floorDir = await buildFloorSite(reuse);
  const e2eBuild = reuse && flags.e2e;
  const ports = e2eBuild ? { apiPort: E2E_API_PORT, sitePort: E2E_SITE_PORT } : { apiPort: 4710, sitePort: 9710 };
  return withBuiltSite({ ...ports, build: !reuse }, async ({ siteUrl, browser }) => {
    const { startStaticServer } = await import('../serve/static-server');
    const floorServer = await startStaticServer(floorDir, FLOOR_PORT);
    const context = await browser.newContext(PHONE);
    await context.addInitScript(OBSERVERS);
    try {
      const calibration = await context.newPage();
      await calibration.goto(`${siteUrl}/uz/pricing`);
      const readings = [await benchmarkIndex(calibration), await benchmarkIndex(calibration), await benchmarkIndex(calibration)];
      step('calibrated');
      await calibration.close();
      const index = Math.max(...readings);
      const given = flags.slowdown;
      const rate = given || Math.max(1, Math.round((index / LOW_TIER_BENCHMARK_INDEX) * 10) / 10);
      console.log(
        `Host: benchmarkIndex ${readings.join(' and ')} (using ${index}), CPU slowdown ${rate}x` +
          `${given ? ' (given)' : ` = ${index} / ${LOW_TIER_BENCHMARK_INDEX}`}; ${os.cpus().length} cores, load average ` +
          os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' '),
      );
      const boards: BoardRun[] = [];
      const trips: TripRun[] = [];
      const floors: Awaited<ReturnType<typeof floorRun>>[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // Alternating, so the machine's load weighs on every page alike.
        floors.push(await floorRun(context, `http://localhost:${FLOOR_PORT}/`, rate));
        const result = await boardRun(context, `${siteUrl}${BOARD_PATH}`, rate);
        boards.push(result);
        const trip = await tripRun(context, `${siteUrl}${TRIP_PATH}`, rate);
        trips.push(trip);
        const worst = Math.max(...interactionsOf(result).map(duration));
        console.log(
          `run ${run + 1}: next page ${describe(result.nextPage)}; suggestions ${describe(result.suggestions)}; ` +
            `search ${describe(result.search)}; filters ${describe(result.filtersOpen)}; filter change ${describe(result.filterFirst)}, ` +
            `then ${describe(result.filterLater)}; longest ${shown(worst)}; floor tap ${describe(floors[run]?.tap ?? null)}; ` +
            `trip page: filters ${describe(trip.filtersOpen)}, filter change ${describe(trip.filterFirst)}, then ${describe(trip.filterLater)}`,
        );
      }
      const inp = medianOf(boards.map((b) => Math.max(...interactionsOf(b).map(duration))));
      const phase = (pick: (b: BoardRun) => Interaction | null) => shown(medianOf(boards.map((b) => duration(pick(b)))));
      const tripChanges = (t: TripRun) => [t.filterFirst, t.filterLater];
      const tripInp = medianOf(trips.map((t) => Math.max(...tripChanges(t).map(duration))));
      const tripPhase = (pick: (t: TripRun) => Interaction | null) => shown(medianOf(trips.map((t) => duration(pick(t)))));
      const announced =
        boards.every((b) => b.announced.nextPage && b.announced.search && b.announced.filters) && trips.every((t) => t.announced);
      console.log(`\nEvent Timing at ${rate}x, median of ${RUNS} runs (after hydration; target ≤ ${INP_TARGET_MS} ms)\n`);
      console.log('| page | interaction | duration | load: blocking time observed | load: long tasks total | load: longest task |');
      console.log('| --- | --- | ---: | ---: | ---: | ---: |');
      const loadCells = (loads: Awaited<ReturnType<typeof observedLoad>>[]) =>
        `${ms(medianOf(loads.map((l) => l.blockingMs)))} | ${ms(medianOf(loads.map((l) => l.longTasksMs)))} | ${ms(medianOf(loads.map((l) => l.longestMs)))}`;
      const boardLoad = loadCells(boards.map((b) => b.load));
      console.log(`| board ${BOARD_PATH} | next page (tap) | ${phase((b) => b.nextPage)} | ${boardLoad} |`);
      console.log(`| board ${BOARD_PATH} | suggestions (tap, typing) | ${phase((b) => b.suggestions)} | |||`);
      console.log(`| board ${BOARD_PATH} | search (Enter) | ${phase((b) => b.search)} | |||`);
      console.log(`| board ${BOARD_PATH} | filters (tap: the panel opens with its counts) | ${phase((b) => b.filtersOpen)} | |||`);
      console.log(`| board ${BOARD_PATH} | filter change, the first (tap on a vehicle type) | ${phase((b) => b.filterFirst)} | |||`);
      console.log(`| board ${BOARD_PATH} | filter change after the first | ${phase((b) => b.filterLater)} | |||`);
      console.log(`| board ${BOARD_PATH} | **longest (INP)** | **${shown(inp)}** | |||`);
      console.log(
        `| trip ${TRIP_PATH} | filters (tap: the panel opens with its counts) | ${tripPhase((t) => t.filtersOpen)} | ${loadCells(trips.map((t) => t.load))} |`,
      );
      console.log(`| trip ${TRIP_PATH} | filter change, the first (tap on a vehicle type) | ${tripPhase((t) => t.filterFirst)} | |||`);
      console.log(`| trip ${TRIP_PATH} | filter change after the first | ${tripPhase((t) => t.filterLater)} | |||`);
      console.log(`| trip ${TRIP_PATH} | **longest filter change (INP)** | **${shown(tripInp)}** | |||`);
      console.log(
        `| floor / (tools/bench/floor-site) | tap on the heading (no handler) | ${shown(medianOf(floors.map((f) => duration(f.tap))))} | ${loadCells(floors.map((f) => f.load))} |`,
      );
      console.log(
        `\nResults' status announced after next page, search and filter changes: ${announced ? 'every run' : 'NOT in every run'}.`,
      );
      console.log(
        `The trip page's loads on the way followed its filters: ${trips.every((t) => t.tripFollowed) ? 'every run' : 'NOT in every run'}.`,
      );
      if (inp > INP_TARGET_MS) console.log(`Target missed: the longest interaction's median ${ms(inp)} > ${INP_TARGET_MS} ms.`);
      if (tripInp > INP_TARGET_MS)
        console.log(`Target missed on the trip page: its filter changes' median ${ms(tripInp)} > ${INP_TARGET_MS} ms.`);
      console.log(
        'Record these with the machine and benchmarkIndex: npm run bench:record -- bench:inp [flags] appends them to docs/bench-results.md.',
      );
      return announced ? 0 : 1;
    } finally {
      await context.close();
      await floorServer.close();
    }
  });
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
