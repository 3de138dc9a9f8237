/**
 * bench:lighthouse's runs: one Lighthouse run of a URL, the host's calibration, and a page measured in
 * runs that alternate with the floor (and, when asked, with the compared build and the pages without
 * script), so everything judged together shares the machine's weather.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { medianOf } from '../median';
import { mainThreadProblems } from './budgets';
import type { BenchPage } from './pages';
import type { BenchServers } from './servers';
import { runWithMedianTbt, scriptGzipBytes, summarize, type LighthouseResult, type RunSummary } from './summaries';

// Lighthouse 12's own mobile user agent, marked as a tool: load pages hand people over to the app
// after 100 ms but let crawlers and auditing tools stay (src/handoff/crawler.ts), so they can be measured.
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';

/** Chrome DevTools' CPU calibration: the low-tier mobile device scores 264 on Lighthouse's benchmark. */
export const LOW_TIER_BENCHMARK_INDEX = 264;

/** Where runs go: Chromium's debugging port, and the folder that keeps every result (--save), if any. */
export interface RunTarget {
  chromePort: number;
  saveDir?: string;
}

/** One Lighthouse run (mobile preset) of `url` at CPU slowdown `multiplier`. */
export async function lighthouseRun(url: string, multiplier: number, { chromePort, saveDir }: RunTarget): Promise<LighthouseResult> {
  const { default: lighthouse } = await import('lighthouse');
  const runner = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    emulatedUserAgent: USER_AGENT,
    // Merged into the mobile preset's simulated throttling: only the CPU factor changes.
    throttling: { cpuSlowdownMultiplier: multiplier },
  });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    const name = `${new URL(url).port}${new URL(url).pathname.replace(/\//g, '_')}-${Date.now()}.json`;
    writeFileSync(`${saveDir}/${name}`, JSON.stringify(runner.lhr));
  }
  return runner.lhr as unknown as LighthouseResult;
}

export interface Calibration {
  /** The benchmarkIndex of each warm-up run. */
  readings: number[];
  /** The host at rest: the larger reading (a busy neighbour makes a reading low, never high). */
  benchmarkIndex: number;
  multiplier: number;
  /** Whether the multiplier was given (--slowdown) rather than calibrated. */
  given: boolean;
}

/**
 * The CPU slowdown that makes this host a cheap phone: the host's benchmarkIndex at rest (the larger
 * of two warm-up runs) over the low-tier device's, unless `slowdown` fixes it.
 */
export async function calibrate(url: string, slowdown: number | undefined, target: RunTarget): Promise<Calibration> {
  const readings: number[] = [];
  for (let run = 0; run < 2; run += 1)
    readings.push((await lighthouseRun(url, 4, { ...target, saveDir: undefined })).environment.benchmarkIndex);
  const benchmarkIndex = Math.max(...readings);
  const multiplier = slowdown ?? Math.max(1, Math.round((benchmarkIndex / LOW_TIER_BENCHMARK_INDEX) * 10) / 10);
  return { readings, benchmarkIndex, multiplier, given: slowdown !== undefined };
}

/** Main-thread times (ms) of the runs of one page that alternated with each other (--without-script). */
export interface RunsWithoutScript {
  page: number[];
  pageWithoutScript: number[];
  floor: number[];
  floorWithoutScript: number[];
  floorI18n: number[];
}

/** Medians (ms) of the runs that alternated, and the least the page can cost on this stack. */
export interface LeastOnThisStack {
  page: number;
  pageWithoutScript: number;
  floor: number;
  floorWithoutScript: number;
  floorI18n: number;
  /**
   * The page without script plus the stack's own script (the floor less the floor without script):
   * what the page costs here whatever the site's code does.
   */
  least: number;
}

export function leastOnThisStack(runs: RunsWithoutScript): LeastOnThisStack {
  const [page, pageWithoutScript, floor, floorWithoutScript, floorI18n] = [
    runs.page,
    runs.pageWithoutScript,
    runs.floor,
    runs.floorWithoutScript,
    runs.floorI18n,
  ].map(medianOf) as [number, number, number, number, number];
  return { page, pageWithoutScript, floor, floorWithoutScript, floorI18n, least: pageWithoutScript + (floor - floorWithoutScript) };
}

/** One page measured: the run that stands for it, and what was measured beside it. */
export interface PageMeasurement {
  page: BenchPage;
  /** The run with the median TBT of the best batch. */
  run: RunSummary;
  /** The floor's run with the median TBT, of the runs that alternated with that batch (none with --budgets-only). */
  floorBeside?: RunSummary;
  /** Every run of the floor, all batches. */
  floorRuns: RunSummary[];
  batches: number;
  /** With a compared build: its run with the median TBT, and this build's of the first batch. */
  compared?: { other: RunSummary; firstBatch: RunSummary };
  withoutScript?: RunsWithoutScript;
}

export interface MeasureOptions {
  siteUrl: string;
  servers: BenchServers;
  multiplier: number;
  target: RunTarget;
  runs: number;
  /**
   * Batches of `runs` a page whose median misses a main-thread budget is measured in, at most; it
   * passes if one batch's median meets it. A real regression misses in every batch; a busy neighbour
   * does not. 1 when the main-thread budgets fail nothing.
   */
  batches: number;
}

/**
 * Measures a page in batches of runs, each run of the page followed by one of the floor and, in the
 * first batch, of the compared build and of the pages without script.
 */
export async function measurePage(page: BenchPage, options: MeasureOptions): Promise<PageMeasurement> {
  const { servers, multiplier, target } = options;
  const summaryOf = async (url: string, path = page.path) => {
    const lhr = await lighthouseRun(url, multiplier, target);
    return summarize(path, lhr, await scriptGzipBytes(lhr));
  };
  let best: { run: RunSummary; floor?: RunSummary } | undefined;
  let compared: PageMeasurement['compared'];
  let withoutScript: RunsWithoutScript | undefined;
  const floorRuns: RunSummary[] = [];
  let batch = 0;
  while (batch < options.batches && (!best || mainThreadProblems(page.path, best.run).length > 0)) {
    batch += 1;
    const runs: RunSummary[] = [];
    const floors: RunSummary[] = [];
    const others: RunSummary[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const result = await summaryOf(`${options.siteUrl}${page.path}`);
      runs.push(result);
      // The floor right after the page, so both share the machine's weather.
      const floor = servers.floorUrl ? await summaryOf(servers.floorUrl, '/') : undefined;
      if (floor) floors.push(floor);
      if (servers.compareUrl && batch === 1) others.push(await summaryOf(`${servers.compareUrl}${page.path}`));
      if (servers.withoutScript && floor && batch === 1) {
        const urls = servers.withoutScript;
        withoutScript ??= { page: [], pageWithoutScript: [], floor: [], floorWithoutScript: [], floorI18n: [] };
        withoutScript.page.push(result.mainThreadMs);
        withoutScript.floor.push(floor.mainThreadMs);
        withoutScript.pageWithoutScript.push((await summaryOf(`${urls.pages}${page.path}`)).mainThreadMs);
        withoutScript.floorWithoutScript.push((await summaryOf(urls.floor)).mainThreadMs);
        withoutScript.floorI18n.push((await summaryOf(urls.floorI18n)).mainThreadMs);
      }
    }
    floorRuns.push(...floors);
    const candidate = runWithMedianTbt(runs);
    if (others.length) compared = { other: runWithMedianTbt(others), firstBatch: candidate };
    if (!best || candidate.tbtMs + candidate.longestTaskMs < best.run.tbtMs + best.run.longestTaskMs)
      best = { run: candidate, floor: floors.length ? runWithMedianTbt(floors) : undefined };
  }
  if (!best) throw new Error(`${page.path}: no run was made (runs ${options.runs}, batches ${options.batches})`);
  return { page, run: best.run, floorBeside: best.floor, floorRuns, batches: batch, compared, withoutScript };
}
