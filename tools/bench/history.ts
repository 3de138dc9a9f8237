// npm run bench:history [-- --live N --past M]
// The board history's share of a build (docs/history.md): with M past loads in the file and N live loads read,
// the steps the build runs (open, record the read, the closed-load and going-rate queries, save), timed
// and with the memory they add; the file's size; and an import of M lines. Figures, not assertions: the
// machine is shared and noisy, so it prints nproc and the load average with them.
//
// The build's steps run in a child process of their own, so its peak memory is theirs alone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeLoad } from '../../src/api-client/normalize';
import { RATE_WINDOW_DAYS } from '../../src/config/constants';
import { openHistory } from '../../src/history/store';
import { rateWindow } from '../../src/rates/window';
import { importFile } from '../history/import-file';
import { generateLoads, UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from '../sample-api/data';
import { PAST_DEFAULTS, startOfUtcDay, writePast } from '../sample-api/past';
import { numberFlag, readFlags, textFlag } from './flags';

const DAY = 86_400_000;
/** Of the loads past.ts draws per day, the share that closed before the end and is written. */
const WRITTEN_SHARE = 0.88;
const TARGET_SECONDS = 3;
const TARGET_MB = 300;

/** `--child FILE`: this script run again as the child that times the build's steps on FILE. */
const flags = readFlags({ live: numberFlag(10_000), past: numberFlag(1_000_000), child: textFlag() });

function machine(): string {
  const [one, five] = os.loadavg();
  return `nproc ${os.availableParallelism()}, load average ${one?.toFixed(2)} ${five?.toFixed(2)}, node ${process.version}`;
}

/** The dictionary the sample API's /vehicle-types lists, as a build reads it. */
const SAMPLE_VEHICLE_TYPES = [...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES].map((type) => type.name);

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The build's history steps, in this process (the child). Prints one JSON line of figures. */
async function buildSteps(file: string, live: number): Promise<void> {
  const loads = generateLoads(live).map((raw) => normalizeLoad(raw));
  const now = startOfUtcDay(Date.now()) + 6 * 3_600_000;
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  // Wall time and this process's CPU time: on a shared machine the wall clock mostly measures the
  // neighbours, the CPU time what these steps cost.
  const times: Record<string, { wall: number; cpu: number }> = {};
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const lap = (name: string) => {
    const at = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    times[name] = { wall: at - last, cpu: (cpu.user + cpu.system) / 1000 };
    last = at;
    lastCpu = process.cpuUsage();
  };
  const history = await openHistory(file);
  lap('open');
  history.addVehicleTypes(SAMPLE_VEHICLE_TYPES);
  const counts = history.recordRead(loads, now);
  lap('record');
  // The build logs how many loads the history holds after its read (src/gatsby/board-history.ts).
  history.loadCounts();
  lap('loadCounts');
  const closed = history.closedSince(now - 30 * DAY).length;
  lap('closedSince 30 d');
  // What the build reads for the going rates (src/gatsby/rates.ts), over the same window.
  const rates = rateWindow(now);
  const window = history.rateSamples(rates.start, rates.end).length;
  lap(`rateSamples ${RATE_WINDOW_DAYS} d`);
  const bytes = history.save();
  lap('save');
  history.close();
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ times, counts, closed, window, bytes, baseline, peak }));
}

async function main(): Promise<void> {
  const { live, past } = flags;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
  try {
    console.log(`Board history bench: ${live} live loads, ${past} past loads (${machine()})`);
    const lines = path.join(dir, 'past.jsonl');
    let started = performance.now();
    let startedCpu = process.cpuUsage();
    const days = PAST_DEFAULTS.days;
    const written = writePast(lines, { end: startOfUtcDay(Date.now()), days, perDay: past / days / WRITTEN_SHARE });
    console.log(`generated ${written} past lines (${mb(fs.statSync(lines).size)}) in ${seconds(performance.now() - started)}`);

    const file = path.join(dir, 'history.sqlite');
    started = performance.now();
    startedCpu = process.cpuUsage();
    const history = await openHistory(file);
    history.addVehicleTypes(SAMPLE_VEHICLE_TYPES);
    const counts = await importFile(history, lines);
    const importMs = performance.now() - started;
    const importCpu = process.cpuUsage(startedCpu);
    const size = history.save();
    history.close();
    console.log(
      `import: ${counts.lines} lines in ${seconds(importMs)} (${Math.round(counts.lines / (importMs / 1000))} lines/s; CPU ${seconds((importCpu.user + importCpu.system) / 1000)}), ` +
        `peak RSS of the importing process ${mb(process.resourceUsage().maxRSS * 1024)}; file ${mb(size)}`,
    );
    fs.rmSync(lines);

    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, '--child', file, '--live', String(live)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`the build's steps failed: ${child.stderr}`);
    const figures = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
      times: Record<string, { wall: number; cpu: number }>;
      counts: Record<string, number>;
      closed: number;
      window: number;
      bytes: number;
      baseline: number;
      peak: number;
    };
    const total = Object.values(figures.times).reduce((sum, { wall }) => sum + wall, 0);
    const totalCpu = Object.values(figures.times).reduce((sum, { cpu }) => sum + cpu, 0);
    const extra = figures.peak - figures.baseline;
    console.log(
      `build's history steps (${JSON.stringify(figures.counts)}; ${figures.closed} closed in 30 days, ${figures.window} rate samples on the board in 90 days):`,
    );
    console.log(`  ${'step'.padEnd(26)} wall      CPU`);
    for (const [step, { wall, cpu }] of Object.entries(figures.times))
      console.log(`  ${step.padEnd(26)} ${seconds(wall).padEnd(9)} ${seconds(cpu)}`);
    console.log(
      `  ${'total'.padEnd(26)} ${seconds(total).padEnd(9)} ${seconds(totalCpu)} (target <= ${TARGET_SECONDS} s: wall ${total / 1000 <= TARGET_SECONDS ? 'met' : 'NOT met'}, CPU ${totalCpu / 1000 <= TARGET_SECONDS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  extra memory (peak RSS over the process before opening) ${mb(extra)} (target <= ${TARGET_MB} MB: ${extra / 1e6 <= TARGET_MB ? 'met' : 'NOT met'})`,
    );
    console.log(`  file after the build ${mb(figures.bytes)}`);
    console.log(`(${machine()} at the end)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (flags.child !== undefined) {
  void buildSteps(flags.child, flags.live);
} else {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
