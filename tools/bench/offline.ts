// npm run bench:offline [-- --reuse] [--runs 5] [--slowdown N]: what the offline worker (src/offline/,
// docs/offline.md) gives a driver on a bad network and costs a first visit. The board (/ru/loads) on a
// phone: the CPU slowed to the low-tier calibration (the host's benchmarkIndex / 264, as bench:lighthouse
// does) and Lighthouse's mobile network (150 ms a round trip, 1.6 Mbps) put in front of the site and the
// API (tools/harness/phone-network.ts), so that the worker's own requests cross it too. Median of the runs:
// - a first visit (no worker yet): time until the board's list is on screen, bytes, main-thread time,
//   with the worker and in a browser without service workers; the difference is what the worker adds;
// - a repeat visit with the network, with a network that answers nothing, and fully offline: time until
//   the list is on screen (target: within 1 s in all three).
// Builds first (API at 4810 behind the slow network at 4820, site at 9810 behind it at 9820) unless
// --reuse, which takes public/ as this bench built it last.
import os from 'node:os';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/env';
import { PINNED_SAMPLE_DAY } from '../sample-api/data';
import { startApi } from '../harness/sample-api';
import { buildSite } from '../harness/stack';
import { startStaticServer } from '../serve/static-server';
import { startPhoneNetwork, type PhoneNetwork } from '../harness/phone-network';
import { CACHE_NAMES } from '../../src/offline/policy';
import { numberFlag, readFlags, switchFlag } from './flags';
import { calibrate } from './lighthouse/runs';
import { medianOf } from './median';

const flags = readFlags({
  reuse: switchFlag(),
  runs: numberFlag(5, { min: 1 }),
  slowdown: numberFlag(undefined, { min: 1 }),
  // Prints what each first visit fetched, path by path.
  details: switchFlag(),
});

const PORTS = { api: 4810, apiProxy: 4820, site: 9810, siteProxy: 9820 } as const;
const PHONE_NETWORK = { rttMs: 150, kbps: 1600 } as const;
const BOARD = '/ru/loads';
/** Longer than any answer within the worker's timeout: a visit that shows no list by then shows none. */
const GIVE_UP_MS = 20_000;

/** Marks, in every page, when the board's list is first in a painted frame (ms from navigation start). */
const LIST_WATCH = `(() => {
  const look = () => {
    if (document.querySelector('main li a[href*="/load/"]')) window.__listOnScreenAt = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

const NO_SERVICE_WORKERS = `delete Navigator.prototype.serviceWorker;`;

interface Phone {
  page: Page;
  cdp: CDPSession;
}

async function phonePage(context: BrowserContext, slowdown: number): Promise<Phone> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Performance.enable');
  return { page, cdp };
}

/** Opens the board; ms until its list was on screen, or null when it never was. */
async function listOnScreen({ page }: Phone, url: string): Promise<number | null> {
  await page.goto(url, { waitUntil: 'commit', timeout: GIVE_UP_MS }).catch(() => undefined);
  try {
    await page.waitForFunction(() => (window as unknown as { __listOnScreenAt?: number }).__listOnScreenAt !== undefined, undefined, {
      timeout: GIVE_UP_MS,
    });
  } catch {
    return null;
  }
  return page.evaluate(() => (window as unknown as { __listOnScreenAt: number }).__listOnScreenAt);
}

/** Main-thread time so far (Chromium's TaskDuration), ms. */
async function mainThreadMs({ cdp }: Phone): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** Until the worker controls the page and has kept it with its data and the board's answer. */
async function workerHasKept(page: Page): Promise<void> {
  const names = [CACHE_NAMES.page, CACHE_NAMES['page-data'], CACHE_NAMES.api];
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    const kept = await page.evaluate(async (cacheNames) => {
      if (!navigator.serviceWorker.controller) return false;
      const counts = await Promise.all(cacheNames.map(async (name) => (await (await caches.open(name)).keys()).length));
      return counts.every((count) => count > 0);
    }, names);
    if (kept) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`The worker did not keep ${BOARD} within ${GIVE_UP_MS / 1000} s`);
}

const totalSent = (network: PhoneNetwork) => [...network.sent.values()].reduce((sum, bytes) => sum + bytes, 0);

interface FirstVisit {
  listMs: number | null;
  bytes: number;
  mainThreadMs: number;
}

/** A first visit, until the page (and with `worker`, the worker's keeping of it) has settled. */
async function firstVisit(
  browser: Browser,
  networks: PhoneNetwork[],
  slowdown: number,
  worker: boolean,
): Promise<{ context: BrowserContext; visit: FirstVisit }> {
  const context = await browser.newContext();
  await context.addInitScript(LIST_WATCH);
  // Without the worker: a browser without service workers, so the site registers none and fetches
  // nothing for one (Playwright's `serviceWorkers: 'block'` only bypasses a worker, which still installs).
  if (!worker) await context.addInitScript(NO_SERVICE_WORKERS);
  const phone = await phonePage(context, slowdown);
  for (const network of networks) network.resetCount();
  const listMs = await listOnScreen(phone, `http://localhost:${PORTS.siteProxy}${BOARD}`);
  await phone.page.waitForLoadState('networkidle');
  if (worker) await workerHasKept(phone.page);
  await phone.page.waitForTimeout(1_000);
  if (flags.details)
    for (const network of networks)
      for (const [path, bytes] of network.sent) console.log(`  ${worker ? 'with' : 'without'} the worker: ${bytes} B ${path}`);
  const visit = { listMs, bytes: networks.reduce((sum, network) => sum + totalSent(network), 0), mainThreadMs: await mainThreadMs(phone) };
  await phone.page.close();
  return { context, visit };
}

async function repeatVisit(context: BrowserContext, slowdown: number): Promise<number | null> {
  const phone = await phonePage(context, slowdown);
  try {
    const listMs = await listOnScreen(phone, `http://localhost:${PORTS.siteProxy}${BOARD}`);
    if (flags.details) {
      // A page that never got an answer has no document to ask.
      const seen = await Promise.race([
        phone.page
          .evaluate(() => `${navigator.serviceWorker.controller ? 'controlled' : 'not controlled'}: ${document.title}`)
          .catch((error: unknown) => String(error)),
        new Promise<string>((resolve) => setTimeout(() => resolve('no document'), 2_000)),
      ]);
      console.log(`  repeat visit: ${listMs === null ? 'no list' : `${listMs.toFixed(0)} ms`}, ${seen}`);
    }
    return listMs;
  } finally {
    await phone.page.close();
  }
}

async function main(): Promise<void> {
  const { chromium } = await import('@playwright/test');
  // The pinned day's loads, so a reused build is read against the loads it was built from.
  const api = await startApi({ port: PORTS.api, quiet: true, day: PINNED_SAMPLE_DAY });
  const apiNetwork = await startPhoneNetwork({ target: `http://localhost:${PORTS.api}`, port: PORTS.apiProxy, ...PHONE_NETWORK });
  const siteNetwork = await startPhoneNetwork({ target: `http://localhost:${PORTS.site}`, port: PORTS.siteProxy, ...PHONE_NETWORK });
  const networks = [apiNetwork, siteNetwork];
  try {
    apiNetwork.slow = false;
    if (!flags.reuse) await buildSite(`${apiNetwork.url}/api`, { SITE_URL: siteNetwork.url });
    const site = await startStaticServer('public', PORTS.site);
    siteNetwork.slow = false;
    const slowdown = await cpuSlowdown(siteNetwork.url);
    apiNetwork.slow = true;
    siteNetwork.slow = true;
    // A browser of its own for each first visit: Chromium's HTTP cache outlives a browser context.
    const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const runs: { without: FirstVisit; first: FirstVisit; network: number | null; silent: number | null; offline: number | null }[] = [];
    try {
      for (let run = 0; run < flags.runs; run += 1) {
        const bare = await launch();
        const blocked = await firstVisit(bare, networks, slowdown, false).finally(() => bare.close());
        const browser = await launch();
        try {
          const { context, visit } = await firstVisit(browser, networks, slowdown, true);
          const network = await repeatVisit(context, slowdown);
          for (const each of networks) each.silent = true;
          const silent = await repeatVisit(context, slowdown);
          for (const each of networks) each.silent = false;
          await context.setOffline(true);
          const offline = await repeatVisit(context, slowdown);
          runs.push({ without: blocked.visit, first: visit, network, silent, offline });
        } finally {
          await browser.close();
        }
        process.stdout.write(`run ${run + 1}/${flags.runs} done\n`);
      }
    } finally {
      await site.close();
    }
    report(runs, slowdown);
  } finally {
    for (const network of networks) await network.close();
    await api.close();
  }
}

/** The calibrated CPU slowdown (bench:lighthouse's), unless --slowdown gives one. */
async function cpuSlowdown(siteUrl: string): Promise<number> {
  if (flags.slowdown !== undefined) return flags.slowdown;
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const calibration = await calibrate(`${siteUrl}/uz/pricing`, undefined, { chromePort: chrome.port });
    console.log(`benchmarkIndex ${calibration.readings.map((r) => r.toFixed(0)).join(' and ')}: CPU slowdown ${calibration.multiplier}x`);
    return calibration.multiplier;
  } finally {
    chrome.kill();
  }
}

function report(
  runs: { without: FirstVisit; first: FirstVisit; network: number | null; silent: number | null; offline: number | null }[],
  slowdown: number,
): void {
  const median = (values: (number | null)[]) => {
    const shown = values.filter((value): value is number => value !== null);
    return shown.length < values.length ? null : medianOf(shown);
  };
  const ms = (value: number | null) => (value === null ? 'no list' : `${value.toFixed(0)} ms`);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const withoutBytes = median(runs.map((run) => run.without.bytes)) ?? 0;
  const withBytes = median(runs.map((run) => run.first.bytes)) ?? 0;
  const withoutMain = median(runs.map((run) => run.without.mainThreadMs)) ?? 0;
  const withMain = median(runs.map((run) => run.first.mainThreadMs)) ?? 0;
  console.log(
    `\nbench:offline, ${new Date().toISOString().slice(0, 10)}: ${BOARD}, CPU slowdown ${slowdown}x, network ${PHONE_NETWORK.rttMs} ms / ` +
      `${PHONE_NETWORK.kbps / 1000} Mbps, median of ${runs.length}; ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}\n`,
  );
  console.log(
    `First visit, list on screen       ${ms(median(runs.map((run) => run.without.listMs)))} without the worker, ${ms(median(runs.map((run) => run.first.listMs)))} with it`,
  );
  console.log(
    `First visit, bytes over the wire  ${kb(withoutBytes)} without, ${kb(withBytes)} with: the worker adds ${kb(withBytes - withoutBytes)}`,
  );
  console.log(
    `First visit, main-thread time     ${ms(withoutMain)} without, ${ms(withMain)} with: the worker adds ${ms(withMain - withoutMain)}`,
  );
  console.log(`Repeat visit with the network     ${ms(median(runs.map((run) => run.network)))}`);
  console.log(`Repeat visit, network silent      ${ms(median(runs.map((run) => run.silent)))}`);
  console.log(`Repeat visit, offline             ${ms(median(runs.map((run) => run.offline)))}`);
  console.log(`(each run: ${runs.map((run) => [run.network, run.silent, run.offline].map((value) => ms(value)).join(' / ')).join('; ')})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
