// npm run bench:build -- --loads N [--order newest|oldest|none|all] [--clean-only] [--dir DIR] [--skip-clean] [--logs DIR] [--floor | --floor-only]
// Builds against the sample API with N loads: a clean build in each order the API may list in (all three by
// default), then, unless --clean-only, in the last of them, nothing changed (twice) and 1% of loads changed.
// Prints, per build, wall and CPU seconds (user + system of the whole process tree), peak memory of all
// build processes, pages per second and the machine's load; then every step's seconds and the memory the
// tree peaked at while it ran, Gatsby's own and the site's ("Build step" lines, src/gatsby/build-steps.ts).
// With --logs, each build's output goes to DIR/build-N.log. Figures, not assertions: the machines are
// shared and noisy, so compare CPU seconds and the ratios within one run rather than wall time.
// With --floor, last, the build's floor: the pages of the last clean build (their paths and contexts, read
// from its page data) made by Gatsby alone, with a template of one heading (tools/bench/build-floor-site),
// what this stack costs those pages on this machine before any of the site's code runs. --floor-only
// builds the floor alone, from the page data already in DIR/public.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startApi } from '../harness/sample-api';
import { LIST_ORDERS, type ListOrderSetting } from '../sample-api/server';
import { BUILD_STEP_LINE } from '../../src/gatsby/build-steps';
import { choiceFlag, numberFlag, readFlags, switchFlag, textFlag } from './flags';
import { treeUsage } from './process-tree';
import { FLOOR_PAGES_FILE } from './build-floor-site/gatsby-node';

interface Step {
  name: string;
  wall: number;
  /** CPU seconds: the site's steps count their own process; Gatsby's the whole tree since the step before. */
  cpu: number;
  /** The most resident memory the tree held while the step ran (a Gatsby step's includes the site's within it). */
  peakMb: number;
}

interface Run {
  name: string;
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  pages: number;
  steps: Step[];
  loadBefore: string;
  loadAfter: string;
}

const flags = readFlags({
  loads: numberFlag(1000, { min: 1 }),
  order: choiceFlag([...LIST_ORDERS, 'all'] as const, 'all'),
  'clean-only': switchFlag(),
  dir: textFlag('.'),
  'skip-clean': switchFlag(),
  logs: textFlag(undefined, { bare: 'bench-logs' }),
  floor: switchFlag(),
  'floor-only': switchFlag(),
});
const LOADS = flags.loads;
const DIR = path.resolve(flags.dir);
const API_PORT = 4510;
const LOGS = flags.logs === undefined ? null : path.resolve(flags.logs);
// A history of the bench's own: every clean build starts from an empty one, so the runs compare.
const HISTORY = path.join(os.tmpdir(), `bench-build-history-${process.pid}.sqlite`);
const FLOOR_SITE = path.resolve('tools', 'bench', 'build-floor-site');
const FLOOR_PAGES = path.join(FLOOR_SITE, FLOOR_PAGES_FILE);
let builds = 0;

/** Gatsby's own step lines: `success Building static HTML for pages - 34.980s - 10906/10906 311.78/s`. */
const GATSBY_STEP_LINE = /^success (.+?) - ([\d.]+)s\b/;

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** The step a line of the build's output ends, if it ends one. */
function stepOf(line: string, treeCpu: number, lastCpu: number): Omit<Step, 'peakMb'> | null {
  const ours = BUILD_STEP_LINE.exec(line.replace(/^info /, ''));
  if (ours) return { name: `site: ${ours[1]}`, wall: Number(ours[2]), cpu: Number(ours[3]) };
  const gatsby = GATSBY_STEP_LINE.exec(line);
  if (gatsby) return { name: (gatsby[1] as string).replace(/ from http\S+/, ''), wall: Number(gatsby[2]), cpu: treeCpu - lastCpu };
  return null;
}

/** Gatsby's build in `dir` with the bench's variables and `env`, sampled as it runs. */
function build(dir: string, env: Record<string, string>): Promise<Omit<Run, 'name' | 'pages' | 'loadBefore' | 'loadAfter'>> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    builds += 1;
    if (LOGS) fs.mkdirSync(LOGS, { recursive: true });
    const log = LOGS ? fs.createWriteStream(path.join(LOGS, `build-${builds}.log`)) : null;
    const child = spawn('npx', ['gatsby', 'build'], {
      cwd: dir,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', CI: 'true', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let peak = 0;
    let cpu = 0;
    let cpuAtLastStep = 0;
    // Since the last step line of any kind (a site step's window), and since Gatsby's last (Gatsby's).
    let peakSinceStep = 0;
    let peakSinceGatsbyStep = 0;
    let rss = 0;
    const steps: Step[] = [];
    const sample = () => {
      if (!child.pid) return;
      const usage = treeUsage(child.pid);
      rss = usage.rssBytes;
      peak = Math.max(peak, rss);
      peakSinceStep = Math.max(peakSinceStep, rss);
      peakSinceGatsbyStep = Math.max(peakSinceGatsbyStep, rss);
      cpu = Math.max(cpu, usage.cpuSeconds);
    };
    const sampler = setInterval(sample, 250);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      log?.write(`${line}\n`);
      if (!/^(success|info) /.test(line)) return;
      sample();
      const step = stepOf(line, cpu, cpuAtLastStep);
      if (!step) return;
      const gatsbys = line.startsWith('success ');
      steps.push({ ...step, peakMb: (gatsbys ? peakSinceGatsbyStep : peakSinceStep) / 2 ** 20 });
      peakSinceStep = rss;
      if (gatsbys) {
        cpuAtLastStep = cpu;
        peakSinceGatsbyStep = rss;
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      log?.end();
      if (code !== 0) reject(new Error(`gatsby build exited ${code}`));
      else resolve({ seconds: (performance.now() - started) / 1000, cpuSeconds: cpu, peakMb: peak / 2 ** 20, steps });
    });
  });
}

/** Every page-data.json file of a build's output. */
function pageDataFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name));
      else if (entry.name === 'page-data.json') files.push(path.join(folder, entry.name));
    }
  };
  walk(path.join(dir, 'public', 'page-data'));
  return files;
}

async function measure(name: string, revision: number, order: ListOrderSetting): Promise<Run> {
  const api = await startApi({ port: API_PORT, loads: LOADS, quiet: true, revision, changedEvery: 100, order });
  try {
    const loadBefore = loadAverage();
    const result = await build(DIR, { GATSBY_API_URL: api.url, HISTORY_FILE: HISTORY });
    const run = { name, ...result, pages: pageDataFiles(DIR).length, loadBefore, loadAfter: loadAverage() };
    console.log(
      `${name}: ${run.seconds.toFixed(1)} s wall, ${run.cpuSeconds.toFixed(1)} s CPU, peak ${run.peakMb.toFixed(0)} MB; load average ${loadBefore} before, ${run.loadAfter} after`,
    );
    return run;
  } finally {
    await api.close();
  }
}

function clean(dir = DIR): void {
  fs.rmSync(HISTORY, { force: true });
  fs.rmSync(path.join(dir, '.cache'), { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'public'), { recursive: true, force: true });
}

/** The floor's pages, one a line, from the page data of the site's last build: each path and context. */
function writeFloorPages(): number {
  const lines = pageDataFiles(DIR).map((file) => {
    const { path: pagePath, result } = JSON.parse(fs.readFileSync(file, 'utf8')) as { path: string; result: { pageContext?: unknown } };
    return JSON.stringify({ path: pagePath, context: result.pageContext ?? {} });
  });
  fs.writeFileSync(FLOOR_PAGES, `${lines.join('\n')}\n`);
  return lines.length;
}

async function measureFloor(): Promise<Run> {
  clean(FLOOR_SITE);
  const written = writeFloorPages();
  const loadBefore = loadAverage();
  try {
    const result = await build(FLOOR_SITE, {});
    const run = { name: 'floor: Gatsby alone', ...result, pages: pageDataFiles(FLOOR_SITE).length, loadBefore, loadAfter: loadAverage() };
    console.log(
      `floor (${written} pages of the last clean build, one heading each): ${run.seconds.toFixed(1)} s wall, ${run.cpuSeconds.toFixed(1)} s CPU, peak ${run.peakMb.toFixed(0)} MB; load average ${loadBefore} before, ${run.loadAfter} after`,
    );
    return run;
  } finally {
    fs.rmSync(FLOOR_PAGES, { force: true });
  }
}

function printRuns(runs: readonly Run[]): void {
  const first = runs[0] as Run;
  console.log(`\nnproc ${os.availableParallelism()}; CPU is user + system of the build's whole process tree`);
  console.log('| run | wall (s) | CPU (s) | CPU vs first | peak memory (MB) | pages | pages/s | load average before / after |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const run of runs) {
    console.log(
      `| ${run.name} | ${run.seconds.toFixed(1)} | ${run.cpuSeconds.toFixed(1)} | ${(run.cpuSeconds / first.cpuSeconds).toFixed(2)} | ${run.peakMb.toFixed(0)} | ${run.pages} | ${(run.pages / run.seconds).toFixed(0)} | ${run.loadBefore} / ${run.loadAfter} |`,
    );
  }
}

/** Every step any build logged, in the order first seen, with each build's wall and CPU seconds. */
function printSteps(runs: readonly Run[]): void {
  const names = [...new Set(runs.flatMap((run) => run.steps.map((step) => step.name)))];
  console.log(
    `\nSteps, wall / CPU seconds / the tree's peak MB while it ran ("site:" are the site's own, CPU of the main process; Gatsby's, the tree's)`,
  );
  console.log(`| step | ${runs.map((run) => run.name).join(' | ')} |`);
  console.log(`| --- | ${runs.map(() => '---:').join(' | ')} |`);
  for (const name of names) {
    const cells = runs.map((run) => {
      const found = run.steps.filter((step) => step.name === name);
      if (!found.length) return '';
      const wall = found.reduce((sum, step) => sum + step.wall, 0);
      const cpu = found.reduce((sum, step) => sum + step.cpu, 0);
      const peakMb = Math.max(...found.map((step) => step.peakMb));
      return `${wall.toFixed(1)} / ${cpu.toFixed(1)} / ${peakMb.toFixed(0)}`;
    });
    if (runs.some((run, index) => run.steps.some((step) => step.name === name) && Number(cells[index]?.split(' / ')[0]) >= 0.1))
      console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}

async function main(): Promise<void> {
  const orders = flags.order === 'all' ? LIST_ORDERS : [flags.order];
  console.log(`Build benchmark: ${LOADS} loads, ${DIR}; orders: ${orders.join(', ')}; nproc ${os.availableParallelism()}`);
  const runs: Run[] = [];
  if (flags['floor-only']) {
    runs.push(await measureFloor());
    printRuns(runs);
    printSteps(runs);
    return;
  }
  for (const order of orders) {
    if (!flags['skip-clean']) clean();
    runs.push(await measure(`clean, ${order}`, 0, order));
  }
  // The rebuilds read the board as the last clean build did: nothing changed means the same order too.
  const order = orders[orders.length - 1] as ListOrderSetting;
  if (!flags['clean-only']) {
    // The first rebuild still meets some caches cold (Gatsby compiles its own files again); the second
    // shows what a scheduled rebuild with .cache restored costs.
    runs.push(await measure(`nothing changed (first rebuild), ${order}`, 0, order));
    runs.push(await measure(`nothing changed (steady), ${order}`, 0, order));
    runs.push(await measure(`1% of loads changed, ${order}`, 1, order));
  }
  if (flags.floor) runs.push(await measureFloor());
  printRuns(runs);
  printSteps(runs);
  fs.rmSync(HISTORY, { force: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
