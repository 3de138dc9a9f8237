// npm run bench:build -- --loads N [--dir DIR] [--skip-clean] [--logs DIR]
// Builds against the sample API with N loads four times: clean, nothing changed (twice), 1% of
// loads changed. Prints wall time, peak memory of all build processes and pages per second (with --logs,
// each build's own output, step by step, goes to DIR/build-N.log). Figures, not
// assertions: these machines are shared and noisy, so compare the ratios within one run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startApi } from '../harness/sample-api';
import { numberFlag, readFlags, switchFlag, textFlag } from './flags';
import { treeRss } from './process-tree';

interface Run {
  name: string;
  seconds: number;
  peakMb: number;
  pages: number;
}

const flags = readFlags({
  loads: numberFlag(1000, { min: 1 }),
  dir: textFlag('.'),
  'skip-clean': switchFlag(),
  logs: textFlag(undefined, { bare: 'bench-logs' }),
});
const LOADS = flags.loads;
const DIR = path.resolve(flags.dir);
const API_PORT = 4510;
const LOGS = flags.logs === undefined ? null : path.resolve(flags.logs);
let builds = 0;

function build(apiUrl: string): Promise<{ seconds: number; peakMb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    builds += 1;
    if (LOGS) fs.mkdirSync(LOGS, { recursive: true });
    const log = LOGS ? fs.openSync(path.join(LOGS, `build-${builds}.log`), 'w') : 'ignore';
    const child = spawn('npx', ['gatsby', 'build'], {
      cwd: DIR,
      env: { ...process.env, GATSBY_API_URL: apiUrl, GATSBY_TELEMETRY_DISABLED: '1', CI: 'true' },
      stdio: ['ignore', log, 'inherit'],
    });
    let peak = 0;
    const sampler = setInterval(() => {
      if (child.pid) peak = Math.max(peak, treeRss(child.pid));
    }, 250);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (typeof log === 'number') fs.closeSync(log);
      if (code !== 0) reject(new Error(`gatsby build exited ${code}`));
      else resolve({ seconds: (performance.now() - started) / 1000, peakMb: peak / 2 ** 20 });
    });
  });
}

function countPages(): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name === 'page-data.json') count += 1;
    }
  };
  walk(path.join(DIR, 'public', 'page-data'));
  return count;
}

async function measure(name: string, revision: number): Promise<Run> {
  const api = await startApi({ port: API_PORT, loads: LOADS, quiet: true, revision, changedEvery: 100 });
  try {
    const { seconds, peakMb } = await build(api.url);
    return { name, seconds, peakMb, pages: countPages() };
  } finally {
    await api.close();
  }
}

async function main(): Promise<void> {
  console.log(`Build benchmark: ${LOADS} loads, ${DIR}`);
  if (!flags['skip-clean']) {
    fs.rmSync(path.join(DIR, '.cache'), { recursive: true, force: true });
    fs.rmSync(path.join(DIR, 'public'), { recursive: true, force: true });
  }
  // The first rebuild still meets some caches cold (Gatsby compiles its own files again); the second
  // shows what a scheduled rebuild with .cache restored costs.
  const runs = [
    await measure('clean build', 0),
    await measure('nothing changed (first rebuild)', 0),
    await measure('nothing changed (steady)', 0),
    await measure('1% of loads changed', 1),
  ];
  const clean = runs[0] as Run;
  console.log('\n| run | wall (s) | vs clean | peak memory (MB) | pages | pages/s |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const run of runs) {
    console.log(
      `| ${run.name} | ${run.seconds.toFixed(1)} | ${(run.seconds / clean.seconds).toFixed(2)} | ${run.peakMb.toFixed(0)} | ${run.pages} | ${(run.pages / run.seconds).toFixed(0)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
