// npm run bench:lighthouse [-- --reuse [--e2e]] [--runs 3] [--slowdown N] [--only /ru/loads,/uz] [--compare DIR] [--without-script] [--gate-main-thread] [--budgets-only] [--save DIR]:
// Lighthouse (mobile preset, Debian's Chromium) on one page of each kind, with the CPU slowdown
// calibrated to the phone our visitors hold; prints the median of the runs and exits non-zero when a
// budget is missed. Builds first unless --reuse (then public/ must have been built against this
// script's API port, 4710, with SITE_URL http://localhost:9710; with --e2e, the build `npm run test:e2e`
// left there, on its ports, 4310 and 9310: CI measures the build its browser tests ran on). Also builds and measures the stack's
// floor, a bare Gatsby page (tools/bench/floor-site), beside each page: every run of a page is followed
// by a run of the floor, so each page is judged against the floor measured in the same minutes.
// --save DIR keeps every Lighthouse result. --budgets-only builds and runs no floor: only what is gated
// is judged (CI's step).
//
// Targets (lighthouse/budgets.ts; printed page by page with a verdict, gated nowhere): main-thread time
// at most 1.2x the page's least on this stack on the home, help, pricing and load pages, 1.4x on the
// board, city, route and directory pages (the least needs --without-script); TBT at most the floor's
// + 50 ms (the board + 100); the longest task a script runs at most the floor's + 20 ms; script at most
// 120 KB gzip (that one is also a budget).
//
// --compare DIR measures another build (say, of the last release: built the same way into DIR) side by
// side, each run of a page alternating between the two, so the machine's load weighs on both alike.
//
// --without-script also measures, in the same runs, each page with every script taken out, the floor
// with every script taken out, and the floor with the owner's i18n plugin (tools/bench/floor-i18n-site),
// and prints what the stack leaves the site: a page's HTML and CSS alone plus the stack's own script
// (the floor less the floor without script) is the least that page can cost on this stack, whatever
// the site's code does; the rest is the site's script. An analysis, not a gate (2.5 times as long).
//
// Calibration: Lighthouse's mobile preset slows the host's CPU a fixed 4x, so a fast host measures a
// fast phone. Here the multiplier is the host's `benchmarkIndex` (Lighthouse's own measure of the
// machine, read from warm-up runs) divided by 264, the low-tier device of Chrome DevTools' CPU
// calibration: every host then measures what a cheap Android phone feels.
//
// Noise: the machine is shared. Each page's figures are the median of --runs runs; with
// --gate-main-thread, a page whose median misses a main-thread budget (TBT, longest task) is measured
// again, up to three batches, and passes if one batch's median meets it. A real regression misses in
// every batch; a busy neighbour does not. JS size, accessibility, best practices, SEO and CLS always
// fail the run (tools/bench/lighthouse/budgets.ts).
//
// Its figures go to docs/bench-results.md with the machine (`npm run bench:record -- bench:lighthouse`; it says so as it ends).
//
// The parts: lighthouse/pages.ts (what is measured), budgets.ts (what a page is held to), runs.ts
// (Lighthouse runs, calibration, a page measured beside the floor), summaries.ts (a run's figures),
// reports.ts (the tables), servers.ts (the floor, the compared build, the copies without script).
import { withBuiltSite } from '../harness/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_API_PORT, E2E_SITE_PORT } from '../harness/env';
import { FLOOR_I18N_SITE, buildFloorSite } from './floor';
import { listFlag, numberFlag, readFlags, switchFlag, textFlag } from './flags';
import { budgetProblems } from './lighthouse/budgets';
import { PAGES } from './lighthouse/pages';
import { printDetails, printHost, printLeast, printMeasured, printTable, printTargets } from './lighthouse/reports';
import { type Calibration, calibrate, measurePage, type PageMeasurement } from './lighthouse/runs';
import { startBenchServers } from './lighthouse/servers';
import { runWithMedianTbt, type RunSummary } from './lighthouse/summaries';

const flags = readFlags({
  reuse: switchFlag(),
  e2e: switchFlag(),
  runs: numberFlag(3, { min: 1 }),
  slowdown: numberFlag(undefined, { min: 1 }),
  only: listFlag(),
  compare: textFlag(),
  'without-script': switchFlag(),
  'gate-main-thread': switchFlag(),
  'budgets-only': switchFlag(),
  save: textFlag(),
});
const budgetsOnly = flags['budgets-only'];
if (budgetsOnly && (flags.compare || flags['without-script'] || flags['gate-main-thread'])) {
  console.error('--budgets-only measures no floor: it cannot go with --compare, --without-script or --gate-main-thread');
  process.exit(2);
}

/** Batches a page that misses a main-thread budget is measured in, with --gate-main-thread. */
const GATED_BATCHES = 3;

async function main(): Promise<number> {
  const { launch } = await import('chrome-launcher');
  const { only, reuse, runs } = flags;
  const pages = only ? PAGES.filter((page) => only.includes(page.path)) : PAGES;
  const gateMainThread = flags['gate-main-thread'];
  const floorDir = budgetsOnly ? undefined : await buildFloorSite(reuse);
  const floorI18nDir = flags['without-script'] ? await buildFloorSite(reuse, FLOOR_I18N_SITE) : undefined;
  const ports = reuse && flags.e2e ? { apiPort: E2E_API_PORT, sitePort: E2E_SITE_PORT } : { apiPort: 4710, sitePort: 9710 };
  return withBuiltSite({ ...ports, build: !reuse }, async ({ siteUrl }) => {
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    const servers = await startBenchServers({ siteDir: 'public', floorDir, compareDir: flags.compare, floorI18nDir });
    const target = { chromePort: chrome.port, saveDir: flags.save };
    const problems: string[] = [];
    try {
      const calibration = await calibrate(`${siteUrl}/uz/pricing`, flags.slowdown, target);
      printHost(calibration);
      const { multiplier } = calibration;
      const measured: PageMeasurement[] = [];
      const notes: string[] = [];
      for (const page of pages) {
        const measurement = await measurePage(page, {
          siteUrl,
          servers,
          multiplier,
          target,
          runs,
          batches: gateMainThread ? GATED_BATCHES : 1,
        });
        measured.push(measurement);
        printMeasured(measurement);
        const { path } = page;
        if (measurement.batches > 1) notes.push(`${path}: measured in ${measurement.batches} batches of ${runs}; the best median is shown`);
        problems.push(...budgetProblems(path, measurement.run, gateMainThread));
        for (const exception of measurement.run.exceptions)
          notes.push(`${path}: ${exception} (* the score with it passing, which the budget uses)`);
      }
      printReport(measured, calibration, notes);
    } finally {
      await chrome.kill();
      await servers.close();
    }
    if (problems.length) {
      console.log(`\nBudgets missed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
      return 1;
    }
    console.log('\nAll budgets met.');
    return 0;
  });
}

/** The tables at the end: the medians of each page (and of the compared build), the details, the targets. */
function printReport(measured: readonly PageMeasurement[], calibration: Calibration, notes: readonly string[]): void {
  const { multiplier } = calibration;
  const { runs } = flags;
  const rows = (pick: (m: PageMeasurement) => RunSummary | undefined) =>
    measured.flatMap((m): [string, string, RunSummary][] => {
      const run = pick(m);
      return run ? [[m.page.kind, m.page.path, run]] : [];
    });
  const floorRuns = measured.flatMap((m) => m.floorRuns);
  const floor = floorRuns.length ? runWithMedianTbt(floorRuns) : undefined;
  if (flags.compare) {
    // Runs of the two builds alternate, so these two tables share the machine's weather.
    printTable(
      `Compared build (${flags.compare}), CPU slowdown ${multiplier}x, median of ${runs} runs, first batch`,
      rows((m) => m.compared?.other),
    );
    printTable(
      `This build, same runs: CPU slowdown ${multiplier}x, median of ${runs} runs, first batch`,
      rows((m) => m.compared?.firstBatch),
    );
  }
  const floorRow: [string, string, RunSummary][] = floor
    ? [['floor: a bare Gatsby page (not gated)', '/ (tools/bench/floor-site)', floor]]
    : [];
  printTable(`Lighthouse 12, mobile preset, CPU slowdown ${multiplier}x, median of ${runs} runs`, [...rows((m) => m.run), ...floorRow]);
  console.log('');
  for (const { page, run } of measured) printDetails(page.kind, page.path, run);
  if (floor) {
    printDetails('floor', 'a bare Gatsby page (median of all its runs)', floor);
    printTargets(measured, calibration);
  } else {
    console.log('\nMain-thread targets not judged (--budgets-only: no floor measured beside the pages).');
  }
  if (measured.some((m) => m.withoutScript)) printLeast(measured, multiplier);
  if (notes.length) console.log(`\n${notes.map((note) => `- ${note}`).join('\n')}`);
  console.log(
    '\nRecord these with the machine and benchmarkIndex: npm run bench:record -- bench:lighthouse [flags] appends them to docs/bench-results.md.',
  );
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
