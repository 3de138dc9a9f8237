// npm run bench:lighthouse [-- --reuse] [--runs 3] [--slowdown N] [--only /ru/loads,/uz] [--compare DIR] [--without-script] [--gate-main-thread] [--save DIR]:
// Lighthouse (mobile preset, Debian's Chromium) on one page of each kind, with the CPU slowdown
// calibrated to the phone our visitors hold; prints the median of the runs and exits non-zero when a
// budget is missed. Builds first unless --reuse (then public/ must have been built against this
// script's API port, 4710, with SITE_URL http://localhost:9710). Also builds and measures the stack's
// floor, a bare Gatsby page (tools/bench/floor-site), beside each page: every run of a page is followed
// by a run of the floor, so each page is judged against the floor measured in the same minutes
// (issue 28's targets, printed per page; reported, not gated). --save DIR keeps every Lighthouse result.
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
// Noise: the machine is shared. Each page's figures are the median of RUNS runs; a page whose median
// misses a main-thread budget (TBT, longest task) is measured again, up to BATCHES times, and passes if
// one batch's median meets it. A real regression misses in every batch; a busy neighbour does not.
// Main-thread budgets fail the run only with --gate-main-thread (see GATE_MAIN_THREAD); JS size,
// accessibility, best practices, SEO and CLS always do.
import os from 'node:os';
import path from 'node:path';
import { withBuiltSite } from '../harness/stack';
import { FLOOR_I18N_SITE, FLOOR_PORT, buildFloorSite } from './floor';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/env';
import type { StaticServer } from '../serve/static-server';
import { medianOf } from './median';
import { listFlag, numberFlag, readFlags, switchFlag, textFlag } from './flags';
import { splitLanguagePrefix } from '../../src/i18n/paths';

/** One page of each type the site builds (the 404 page is covered by the hydration e2e: Lighthouse scores its status). */
const PAGES: readonly { kind: string; path: string }[] = [
  { kind: 'home', path: '/uz' },
  { kind: 'board', path: '/ru/loads' },
  { kind: 'help', path: '/uz-cyrl/help' },
  { kind: 'pricing (bare alias)', path: '/pricing' },
  { kind: 'load', path: '/uz/load/1001' },
  { kind: 'city', path: '/ru/loads/from/toshkent' },
  { kind: 'route', path: '/uz/loads/route/toshkent/samarqand' },
  { kind: 'directory', path: '/uz-cyrl/loads/places' },
];

const flags = readFlags({
  reuse: switchFlag(),
  runs: numberFlag(3, { min: 1 }),
  slowdown: numberFlag(undefined, { min: 1 }),
  only: listFlag(),
  compare: textFlag(),
  'without-script': switchFlag(),
  'gate-main-thread': switchFlag(),
  save: textFlag(),
});

const RUNS = flags.runs;
const BATCHES = 3;
/** Chrome DevTools' CPU calibration: the low-tier mobile device scores 264 on Lighthouse's benchmark. */
const LOW_TIER_BENCHMARK_INDEX = 264;

/**
 * Issue 23's main-thread targets at the calibrated slowdown, reported for every page (the table marks
 * a miss). Not yet met on every page type: see BUDGETS and the README's "Hydration" section.
 */
export const MAIN_THREAD_TARGETS = { tbtMs: 200, longestTaskMs: 150 } as const;

/**
 * Issue 28's targets, each against the floor measured beside the page: what the site adds to the
 * stack's own cost. The board, the page most visitors come for and the only one that fetches on
 * arrival, has a wider allowance.
 */
const FLOOR_TARGETS = {
  tbtOverFloorMs: { page: 50, board: 100 },
  /** Over the floor's longest task attributed to a script file. */
  scriptTaskOverFloorMs: 20,
  mainThreadTimesFloor: { page: 1.5, board: 2 },
} as const;

/** The board, held to the wider allowances. */
const BOARD_PATH = PAGES.find((page) => page.kind === 'board')?.path;

type FloorFigures = Pick<Result, 'tbtMs' | 'longestScriptTaskMs' | 'mainThreadMs'>;

function allowance(path: string): 'board' | 'page' {
  return path === BOARD_PATH ? 'board' : 'page';
}

/** Issue 28's main-thread limit for a page: at most this many times the floor's. */
function mainThreadLimit(path: string): number {
  return FLOOR_TARGETS.mainThreadTimesFloor[allowance(path)];
}

/** Issue 28's limits for a page, from the floor measured beside it. */
function floorLimits(path: string, floor: FloorFigures): { tbtMs: number; scriptTaskMs: number; timesFloor: number } {
  return {
    tbtMs: floor.tbtMs + FLOOR_TARGETS.tbtOverFloorMs[allowance(path)],
    scriptTaskMs: floor.longestScriptTaskMs + FLOOR_TARGETS.scriptTaskOverFloorMs,
    timesFloor: mainThreadLimit(path),
  };
}

/** What a page misses of issue 28's targets against the floor measured beside it (empty when none). */
function floorTargetMisses(path: string, page: FloorFigures, floor: FloorFigures): string[] {
  const limits = floorLimits(path, floor);
  const ratio = page.mainThreadMs / floor.mainThreadMs;
  return [
    page.tbtMs > limits.tbtMs ? `TBT ${page.tbtMs.toFixed(0)} > ${limits.tbtMs.toFixed(0)}` : '',
    page.longestScriptTaskMs > limits.scriptTaskMs
      ? `script task ${page.longestScriptTaskMs.toFixed(0)} > ${limits.scriptTaskMs.toFixed(0)}`
      : '',
    ratio > limits.timesFloor ? `main thread ${ratio.toFixed(2)}x > ${limits.timesFloor}x` : '',
  ].filter(Boolean);
}

export const BUDGETS = {
  // What CI fails on. Measured on this kind of machine, shared, at 12.4-14.7x: the build before partial
  // hydration read TBT 204-624 ms and longest tasks 227-390 ms; this one 118-316 ms and 161-318 ms,
  // its longest task being the page's first parse, style and layout, or Gatsby's entry evaluation
  // (app.js or framework.js, whichever arrives last: 120-213 ms, where the bare Gatsby page of the
  // floor reads 148-214). The gate sits above what noise makes of this build and catches a page that
  // goes back to hydrating everything.
  tbtMs: 450,
  longestTaskMs: 450,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0,
  // 110 KB while production pages ran Preact; 120 KB with React DOM and ky (issue 10). This round's
  // board added share links on every card, vehicle types named in the page's language, the search over
  // every spelling (loaded on first use) and the feed link: /ru/loads measured 120.5-122.1 KB in
  // Lighthouse's transfer sizes (one more shared chunk, so one more request). The budget moved; the
  // stack did not.
  jsKb: 120,
} as const;

/**
 * Audits the contract makes fail on purpose, reported but not counted against the budget. A bare path
 * (`/pricing`) is an alias whose canonical is its `/uz` twin while it is also the x-default alternate
 * (CONTRACT.md, Routes); Lighthouse fails any page listed in hreflang whose canonical is another
 * hreflang URL.
 */
function contractException(path: string, auditId: string, explanation: string | undefined): string | null {
  const bareAlias = splitLanguagePrefix(path).language === null;
  if (bareAlias && auditId === 'canonical' && /hreflang/i.test(explanation ?? '')) {
    return 'canonical on a bare alias: its /uz twin, as CONTRACT.md (Routes) requires';
  }
  return null;
}

interface Result {
  shifted: string[];
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The longest main-thread task at the calibrated slowdown (Lighthouse's simulation). */
  longestTaskMs: number;
  longestTaskUrl: string;
  /**
   * The longest task Lighthouse attributes to a script. The others are the document's own (its HTML
   * parse, style and layout: attributed to the page, or unattributable), which no script can split.
   */
  longestScriptTaskMs: number;
  longestScriptTaskUrl: string;
  /** The longest of the document's own tasks (0 when none reached the long-tasks audit's 50 ms). */
  longestDocumentTaskMs: number;
  mainThreadMs: number;
  /** Main-thread time by Lighthouse's category (script evaluation, parsing, style and layout, …). */
  categories: Record<string, number>;
  /** Script evaluation per chunk, at the calibrated slowdown (Lighthouse lists chunks over 50 ms only). */
  scripts: { url: string; scripting: number; parseCompile: number }[];
  bytes: { html: number; js: number; css: number };
  benchmarkIndex: number;
  multiplier: number;
  failedAudits: string[];
  exceptions: string[];
  scoresWithoutExceptions: Record<'accessibility' | 'best-practices' | 'seo', number>;
}

interface TableItem {
  resourceType?: string;
  transferSize?: number;
  url?: string;
  description?: string;
  duration?: number;
  group?: string;
  groupLabel?: string;
  scripting?: number;
  scriptParseCompile?: number;
  node?: { snippet?: string };
  score?: number;
}

// Lighthouse's result type is wide; only the fields read here are declared.
interface LighthouseResult {
  environment: { benchmarkIndex: number };
  configSettings: { throttling: { cpuSlowdownMultiplier: number } };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { numericValue?: number; score: number | null; title: string; explanation?: string; details?: { items?: TableItem[] } }
  >;
}

// Lighthouse 12's own mobile user agent, marked as a tool: load pages hand people over to the app
// after 100 ms but let crawlers and auditing tools stay (src/handoff/crawler.ts), so they can be measured.
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';

async function lighthouseRun(url: string, port: number, multiplier: number): Promise<LighthouseResult> {
  const { default: lighthouse } = await import('lighthouse');
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    emulatedUserAgent: USER_AGENT,
    // Merged into the mobile preset's simulated throttling: only the CPU factor changes.
    throttling: { cpuSlowdownMultiplier: multiplier },
  });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const saveDir = flags.save;
  if (saveDir) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(saveDir, { recursive: true });
    const name = `${new URL(url).port}${new URL(url).pathname.replace(/\//g, '_')}-${Date.now()}.json`;
    writeFileSync(`${saveDir}/${name}`, JSON.stringify(runner.lhr));
  }
  return runner.lhr as unknown as LighthouseResult;
}

function shortUrl(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').pop() || pathname;
  } catch {
    return url || '(no script)';
  }
}

function summarize(path: string, lhr: LighthouseResult): Result {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = (audit: string) => lhr.audits[audit]?.details?.items ?? [];
  const network = items('network-requests');
  const sum = (type: string) => network.filter((i) => i.resourceType === type).reduce((total, i) => total + (i.transferSize ?? 0), 0);
  const failing = (category: string) =>
    (lhr.categories[category]?.auditRefs ?? []).filter(
      (ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1,
    );
  const exceptions: string[] = [];
  const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    failing(category).flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      const exception = contractException(path, ref.id, audit?.explanation);
      if (exception) {
        exceptions.push(`${category}: ${exception}`);
        return [];
      }
      const detail = (audit?.details?.items ?? [])
        .map((item) => item.description ?? item.url)
        .filter(Boolean)
        .slice(0, 3)
        .join('; ');
      return [`${category}: ${ref.id}${detail ? ` (${detail})` : ''}`];
    }),
  );
  // Lighthouse's category score is the weighted mean of its audits; recomputed with the exceptions passing.
  const scoreWithoutExceptions = (category: string) => {
    const refs = (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null);
    const weight = refs.reduce((total, ref) => total + ref.weight, 0);
    const earned = refs.reduce((total, ref) => {
      const audit = lhr.audits[ref.id];
      const passed = contractException(path, ref.id, audit?.explanation) ? 1 : (audit?.score ?? 0);
      return total + ref.weight * passed;
    }, 0);
    return weight ? Math.round((earned / weight) * 100) : score(category);
  };
  // The long-tasks audit lists tasks of 50 ms and more with their simulated duration; below that,
  // the longest observed task scaled by the multiplier is what the simulation would give.
  const longTasks = items('long-tasks');
  const observed = items('main-thread-tasks').reduce((max, task) => Math.max(max, task.duration ?? 0), 0);
  const multiplier = lhr.configSettings.throttling.cpuSlowdownMultiplier;
  const longest = longTasks[0];
  const isScript = (task: TableItem) => /\.js$/.test(new URL(task.url ?? '', 'http://x').pathname);
  const longestScript = longTasks.find(isScript);
  const longestDocument = longTasks.find((task) => !isScript(task));
  const categories: Record<string, number> = {};
  for (const item of items('mainthread-work-breakdown')) categories[item.groupLabel ?? item.group ?? '?'] = item.duration ?? 0;
  return {
    shifted: items('layout-shifts').map((item) => `${item.node?.snippet ?? '?'} (${item.score ?? '?'})`),
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    longestTaskMs: longest?.duration ?? observed * multiplier,
    longestTaskUrl: longest ? shortUrl(longest.url ?? '') : '',
    longestScriptTaskMs: longestScript?.duration ?? 0,
    longestScriptTaskUrl: longestScript ? shortUrl(longestScript.url ?? '') : '',
    longestDocumentTaskMs: longestDocument?.duration ?? 0,
    mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0,
    categories,
    scripts: items('bootup-time').map((item) => ({
      url: shortUrl(item.url ?? ''),
      scripting: item.scripting ?? 0,
      parseCompile: item.scriptParseCompile ?? 0,
    })),
    bytes: { html: sum('Document'), js: sum('Script'), css: sum('Stylesheet') },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    multiplier,
    failedAudits,
    exceptions,
    scoresWithoutExceptions: {
      accessibility: scoreWithoutExceptions('accessibility'),
      'best-practices': scoreWithoutExceptions('best-practices'),
      seo: scoreWithoutExceptions('seo'),
    },
  };
}

/** The run with the median TBT: its other figures come from the same run, so they agree with each other. */
function median(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => a.tbtMs - b.tbtMs || a.longestTaskMs - b.longestTaskMs);
  return sorted[Math.floor(sorted.length / 2)] as Result;
}

function mainThreadProblems(path: string, result: Result): string[] {
  const problems: string[] = [];
  if (result.tbtMs > BUDGETS.tbtMs) problems.push(`${path}: TBT ${result.tbtMs.toFixed(0)} ms > ${BUDGETS.tbtMs} ms`);
  if (result.longestTaskMs > BUDGETS.longestTaskMs)
    problems.push(`${path}: longest task ${result.longestTaskMs.toFixed(0)} ms (${result.longestTaskUrl}) > ${BUDGETS.longestTaskMs} ms`);
  return problems;
}

/**
 * Whether TBT and the longest task fail the run. Off by default: on these shared hosts the calibrated
 * slowdown equalises Lighthouse's benchmark, not the work (a host of benchmarkIndex 1,800-2,400 read
 * the board at TBT 1,610 ms where hosts of 3,500 read 137-395 ms for the same kind of build), so an
 * absolute figure fails on the host, not on the code. What the gate stood for, a page that goes back
 * to hydrating everything or a refresh that renders every card again, is held by tests that cannot be
 * noise: e2e/hydration.spec.ts ("the board hydrates itself and nothing around it") and
 * __tests__/board-refresh.test.tsx. The figures are still measured, printed and compared with the floor.
 */
const GATE_MAIN_THREAD = flags['gate-main-thread'];

function budgetProblems(path: string, result: Result): string[] {
  const problems = GATE_MAIN_THREAD ? mainThreadProblems(path, result) : [];
  for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
    const scored = result.scoresWithoutExceptions[category];
    if (scored < BUDGETS[category]) problems.push(`${path}: ${category} ${scored} < ${BUDGETS[category]}`);
  }
  // Compared as Lighthouse reports it (three decimals): sub-pixel shifts of a few millionths are not a
  // layout shift anyone sees, and Lighthouse itself shows them as 0.000.
  if (Number(result.cls.toFixed(3)) > BUDGETS.cls)
    problems.push(`${path}: CLS ${result.cls.toFixed(4)} > 0 (${result.shifted.join('; ') || 'no element named'})`);
  if (result.bytes.js / 1024 > BUDGETS.jsKb) problems.push(`${path}: JS ${(result.bytes.js / 1024).toFixed(1)} KB > ${BUDGETS.jsKb} KB`);
  for (const audit of result.failedAudits) problems.push(`${path}: failed audit ${audit}`);
  return problems;
}

/**
 * The host's benchmarkIndex at rest: the larger of two warm-up runs (a run that shares the machine
 * with a busy neighbour reads low, never high).
 */
async function calibrate(url: string, port: number): Promise<{ benchmarkIndex: number; multiplier: number }> {
  const fixed = flags.slowdown;
  const readings: number[] = [];
  for (let run = 0; run < 2; run += 1) readings.push((await lighthouseRun(url, port, 4)).environment.benchmarkIndex);
  const benchmarkIndex = Math.max(...readings);
  const multiplier = fixed || Math.max(1, Math.round((benchmarkIndex / LOW_TIER_BENCHMARK_INDEX) * 10) / 10);
  console.log(
    `Host: benchmarkIndex ${readings.map((r) => r.toFixed(0)).join(' and ')} (using ${benchmarkIndex.toFixed(0)}), ` +
      `CPU slowdown ${multiplier}x${fixed ? ' (given)' : ` = ${benchmarkIndex.toFixed(0)} / ${LOW_TIER_BENCHMARK_INDEX}`}; ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  return { benchmarkIndex, multiplier };
}

function printDetails(kind: string, path: string, result: Result): void {
  const ms = (value: number) => value.toFixed(0);
  const categories = Object.entries(result.categories)
    .sort((a, b) => b[1] - a[1])
    .map(([label, duration]) => `${label} ${ms(duration)}`)
    .join(', ');
  const scripts = result.scripts.map((s) => `${s.url} ${ms(s.scripting)} (+${ms(s.parseCompile)} parse)`).join(', ');
  console.log(`- ${kind} ${path}: main thread ${ms(result.mainThreadMs)} ms: ${categories}`);
  console.log(`  script evaluation per chunk (ms): ${scripts || 'none over 50 ms'}`);
  const missed = [
    result.tbtMs > MAIN_THREAD_TARGETS.tbtMs ? `TBT over ${MAIN_THREAD_TARGETS.tbtMs} ms` : '',
    result.longestScriptTaskMs > MAIN_THREAD_TARGETS.longestTaskMs
      ? `a script task over ${MAIN_THREAD_TARGETS.longestTaskMs} ms (${result.longestScriptTaskUrl})`
      : '',
    result.longestDocumentTaskMs > MAIN_THREAD_TARGETS.longestTaskMs
      ? `a document task over ${MAIN_THREAD_TARGETS.longestTaskMs} ms (${result.longestDocumentTaskMs.toFixed(0)} ms: parse, style, layout)`
      : '',
  ].filter(Boolean);
  console.log(`  issue 23's target: ${missed.length ? `missed: ${missed.join(', ')}` : 'met'}`);
}

function printTable(title: string, results: [string, string, Result][]): void {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`\n${title}\n`);
  console.log(
    '| page type | path | TBT (ms) | longest task (ms) | longest script task (ms) | main thread (ms) | JS (KB gzip) | perf | a11y / BP / SEO | CLS | LCP (ms) |',
  );
  console.log('| --- | --- | ---: | --- | --- | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const [kind, path, r] of results) {
    const s = r.scores;
    const seo = s.seo === r.scoresWithoutExceptions.seo ? `${s.seo}` : `${s.seo} (${r.scoresWithoutExceptions.seo}*)`;
    console.log(
      `| ${kind} | ${path} | ${r.tbtMs.toFixed(0)} | ${r.longestTaskMs.toFixed(0)} ${r.longestTaskUrl} | ${r.longestScriptTaskMs.toFixed(0)} ${r.longestScriptTaskUrl} | ${r.mainThreadMs.toFixed(0)} | ${kb(r.bytes.js)} | ${s.performance} | ${s.accessibility} / ${s['best-practices']} / ${seo} | ${r.cls.toFixed(3)} | ${r.lcpMs.toFixed(0)} |`,
    );
  }
}

/** Issue 28's targets, page by page, against the floor's runs that alternated with the page's. */
function printFloorTargets(details: [string, string, Result][], floorBeside: Map<string, Result>, multiplier: number): void {
  const ms = (value: number) => value.toFixed(0);
  const host = details[0]?.[2];
  console.log(
    `\nIssue 28: each page against the floor measured beside it (CPU slowdown ${multiplier}x, benchmarkIndex ` +
      `${host ? ms(host.benchmarkIndex) : '?'}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)})\n`,
  );
  console.log(
    '| page type | TBT (ms): page / floor / limit | longest script task (ms): page / floor / limit | main thread (ms): page / floor = ratio (limit) | verdict |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  let met = 0;
  for (const [kind, path, page] of details) {
    const floor = floorBeside.get(path);
    if (!floor) continue;
    const misses = floorTargetMisses(path, page, floor);
    const limits = floorLimits(path, floor);
    if (misses.length === 0) met += 1;
    console.log(
      `| ${kind} | ${ms(page.tbtMs)} / ${ms(floor.tbtMs)} / ${ms(limits.tbtMs)} ` +
        `| ${ms(page.longestScriptTaskMs)} / ${ms(floor.longestScriptTaskMs)} / ${ms(limits.scriptTaskMs)} ` +
        `| ${ms(page.mainThreadMs)} / ${ms(floor.mainThreadMs)} = ${(page.mainThreadMs / floor.mainThreadMs).toFixed(2)}x (${limits.timesFloor}x) ` +
        `| ${misses.length ? `missed: ${misses.join(', ')}` : 'met'} |`,
    );
  }
  console.log(`\nIssue 28's targets met on ${met} of ${details.length} pages.`);
}

const COMPARE_PORT = 9711;
/** --without-script: the pages without script, the floor without script, the floor with the i18n plugin. */
const BARE_PORTS = { pages: 9715, floor: 9716, floorI18n: 9717 } as const;

/** Main-thread times (ms) of the runs of one page that alternated with each other (--without-script). */
interface BareRuns {
  page: number[];
  pageWithoutScript: number[];
  floor: number[];
  floorWithoutScript: number[];
  floorI18n: number[];
}

/**
 * What the stack leaves the site, page by page (--without-script). The stack's own script is the floor
 * less the floor without script; added to a page without script, it makes the least that page costs
 * here, whatever the site's code does. The limit is issue 28's main-thread target against the floor.
 */
function printLowerBounds(runs: Map<string, [string, BareRuns]>, multiplier: number): void {
  const ms = (value: number) => value.toFixed(0);
  console.log(`\nWhat the stack leaves the site: main thread (ms), medians of the runs that alternated (CPU slowdown ${multiplier}x)\n`);
  console.log(
    "| page type | page | page without script | floor / without script / with i18n plugin | least on this stack (page without script + floor - floor without script) | least / floor (limit) | the site's script (page - least) | its room under the limit |",
  );
  console.log('| --- | ---: | ---: | --- | ---: | --- | ---: | ---: |');
  for (const [path, [kind, r]] of runs) {
    const [page, bare, floor, floorBare, floorI18n] = [r.page, r.pageWithoutScript, r.floor, r.floorWithoutScript, r.floorI18n].map(
      medianOf,
    ) as [number, number, number, number, number];
    const least = bare + (floor - floorBare);
    const limit = mainThreadLimit(path);
    console.log(
      `| ${kind} | ${ms(page)} | ${ms(bare)} | ${ms(floor)} / ${ms(floorBare)} / ${ms(floorI18n)} | ${ms(least)} ` +
        `| ${(least / floor).toFixed(2)}x (${limit}x) | ${ms(page - least)} | ${ms(limit * floor - least)} |`,
    );
  }
}

/**
 * Copies the site and the floor without script into a temporary folder and serves them, with the
 * i18n floor; closing stops the three and removes the folder.
 */
async function startBareServers(
  siteDir: string,
  floorDir: string,
  floorI18nDir: string,
  serve: (dir: string, port: number) => Promise<StaticServer>,
): Promise<{ close: () => Promise<void> }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { copyWithoutScript } = await import('./without-script');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-without-script-'));
  copyWithoutScript(siteDir, path.join(folder, 'site'));
  copyWithoutScript(floorDir, path.join(folder, 'floor'));
  const servers = [
    await serve(path.join(folder, 'site'), BARE_PORTS.pages),
    await serve(path.join(folder, 'floor'), BARE_PORTS.floor),
    await serve(floorI18nDir, BARE_PORTS.floorI18n),
  ];
  return {
    close: async () => {
      for (const server of servers) await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<number> {
  const { launch } = await import('chrome-launcher');
  const { only, compare: compareDir, reuse } = flags;
  const pages = only ? PAGES.filter((page) => only.includes(page.path)) : PAGES;
  const withoutScript = flags['without-script'];
  const floorDir = await buildFloorSite(reuse);
  const floorI18nDir = withoutScript ? await buildFloorSite(reuse, FLOOR_I18N_SITE) : null;
  return withBuiltSite({ apiPort: 4710, sitePort: 9710, build: !reuse }, async ({ siteUrl }) => {
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    const { startStaticServer } = await import('../serve/static-server');
    const compareServer = compareDir ? await startStaticServer(compareDir, COMPARE_PORT) : null;
    const compareUrl = `http://localhost:${COMPARE_PORT}`;
    const floorServer = await startStaticServer(floorDir, FLOOR_PORT);
    const bareServers = floorI18nDir ? await startBareServers('public', floorDir, floorI18nDir, startStaticServer) : null;
    const bareRuns = new Map<string, [string, BareRuns]>();
    const problems: string[] = [];
    try {
      const { multiplier } = await calibrate(`${siteUrl}/uz/pricing`, chrome.port);
      const compared: [string, string, Result][] = [];
      const firstBatches: [string, string, Result][] = [];
      const details: [string, string, Result][] = [];
      const notes: string[] = [];
      const floorRuns: Result[] = [];
      const floorBeside = new Map<string, Result>();
      for (const { kind, path } of pages) {
        let best: { page: Result; floor: Result } | undefined;
        let batch = 0;
        while (batch < (GATE_MAIN_THREAD ? BATCHES : 1) && (!best || mainThreadProblems(path, best.page).length > 0)) {
          batch += 1;
          const results: Result[] = [];
          const floors: Result[] = [];
          const baseline: Result[] = [];
          for (let run = 0; run < RUNS; run += 1) {
            results.push(summarize(path, await lighthouseRun(`${siteUrl}${path}`, chrome.port, multiplier)));
            // The floor right after the page, so both share the machine's weather (issue 28).
            floors.push(summarize('/', await lighthouseRun(`http://localhost:${FLOOR_PORT}/`, chrome.port, multiplier)));
            if (compareServer && batch === 1)
              baseline.push(summarize(path, await lighthouseRun(`${compareUrl}${path}`, chrome.port, multiplier)));
            if (bareServers && batch === 1) {
              const main = async (url: string) => summarize(path, await lighthouseRun(url, chrome.port, multiplier)).mainThreadMs;
              const bare = bareRuns.get(path)?.[1] ?? { page: [], pageWithoutScript: [], floor: [], floorWithoutScript: [], floorI18n: [] };
              bare.page.push(results.at(-1)?.mainThreadMs ?? Number.NaN);
              bare.floor.push(floors.at(-1)?.mainThreadMs ?? Number.NaN);
              bare.pageWithoutScript.push(await main(`http://localhost:${BARE_PORTS.pages}${path}`));
              bare.floorWithoutScript.push(await main(`http://localhost:${BARE_PORTS.floor}/`));
              bare.floorI18n.push(await main(`http://localhost:${BARE_PORTS.floorI18n}/`));
              bareRuns.set(path, [kind, bare]);
            }
          }
          floorRuns.push(...floors);
          const candidate = median(results);
          if (baseline.length) {
            compared.push([kind, path, median(baseline)]);
            firstBatches.push([kind, path, candidate]);
          }
          if (!best || candidate.tbtMs + candidate.longestTaskMs < best.page.tbtMs + best.page.longestTaskMs)
            best = { page: candidate, floor: median(floors) };
        }
        if (!best) continue;
        if (batch > 1) notes.push(`${path}: measured in ${batch} batches of ${RUNS}; the best median is shown`);
        details.push([kind, path, best.page]);
        floorBeside.set(path, best.floor);
        console.log(
          `${path}: TBT ${best.page.tbtMs.toFixed(0)} ms, longest task ${best.page.longestTaskMs.toFixed(0)} ms; ` +
            `the floor beside it: TBT ${best.floor.tbtMs.toFixed(0)} ms (${batch} batch${batch > 1 ? 'es' : ''})`,
        );
        problems.push(...budgetProblems(path, best.page));
        for (const exception of best.page.exceptions)
          notes.push(`${path}: ${exception} (* the score with it passing, which the budget uses)`);
      }
      const floor = median(floorRuns);
      if (compared.length) {
        // Runs of the two builds alternate, so these two tables share the machine's weather.
        printTable(`Compared build (${compareDir}), CPU slowdown ${multiplier}x, median of ${RUNS} runs, first batch`, compared);
        printTable(`This build, same runs: CPU slowdown ${multiplier}x, median of ${RUNS} runs, first batch`, firstBatches);
      }
      printTable(`Lighthouse 12, mobile preset, CPU slowdown ${multiplier}x, median of ${RUNS} runs`, [
        ...details,
        ['floor: a bare Gatsby page (not gated)', '/ (tools/bench/floor-site)', floor],
      ]);
      console.log('');
      for (const [kind, path, result] of details) printDetails(kind, path, result);
      printDetails('floor', 'a bare Gatsby page (median of all its runs)', floor);
      printFloorTargets(details, floorBeside, multiplier);
      if (bareRuns.size) printLowerBounds(bareRuns, multiplier);
      if (notes.length) console.log(`\n${notes.map((note) => `- ${note}`).join('\n')}`);
    } finally {
      await chrome.kill();
      await compareServer?.close();
      await floorServer.close();
      await bareServers?.close();
    }
    if (problems.length) {
      console.log(`\nBudgets missed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
      return 1;
    }
    console.log('\nAll budgets met.');
    return 0;
  });
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
