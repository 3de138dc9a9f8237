/**
 * npm run bench:record -- bench:NAME [its flags]: runs one bench as `npm run bench:NAME` would, prints what it
 * prints, and appends it to docs/bench-results.md, dated and with the machine (cores, load average before and
 * after), newest first. The benches' reference (what each measures, its flags, its target) is
 * docs/benchmarks.md; the readings live in the results file, which only grows this way or by hand.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_FILE = path.join('docs', 'bench-results.md');
const HEADER =
  '# Benchmark results\n\nDated readings of the benches, newest first, each with its machine: what each bench measures and its\n' +
  'targets are in [benchmarks](benchmarks.md). Appended by `npm run bench:record -- bench:NAME [flags]`.\n';

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The results file with one more reading, after the header and before the older ones. */
export function withReading(existing: string, reading: string): string {
  const body = existing.startsWith(HEADER) ? existing.slice(HEADER.length) : existing.replace(/^# Benchmark results\n/, '');
  return `${HEADER}\n${reading.trimEnd()}\n${body.startsWith('\n') ? body : `\n${body}`}`.replace(/\n{3,}/g, '\n\n');
}

/** The Node a reading ran on, and the pinned one beside it when they differ: CI's figures come from the pinned. */
function nodeOf(version: string): string {
  const pinned = fs.existsSync('.node-version') ? `v${fs.readFileSync('.node-version', 'utf8').trim()}` : version;
  return version === pinned ? `Node ${version}` : `Node ${version} (the site pins ${pinned})`;
}

export function readingOf(command: string, started: Date, before: string, after: string, output: string, node = process.version): string {
  return [
    `## ${started.toISOString().slice(0, 10)}: \`npm run ${command}\``,
    '',
    `${os.cpus().length} cores, ${nodeOf(node)}, load average ${before} before and ${after} after.`,
    '',
    '```',
    output.trimEnd(),
    '```',
  ].join('\n');
}

function runBench(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args.slice(0, 1), '--', ...args.slice(1)], {
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
      stdio: ['inherit', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !/^bench:[a-z-]+$/.test(command) || command === 'bench:record') {
    console.error('npm run bench:record: name the bench to run, e.g. npm run bench:record -- bench:filters --loads 10000');
    return 2;
  }
  const started = new Date();
  const before = loadAverage();
  const { code, output } = await runBench([command, ...rest]);
  if (code !== 0) {
    console.error(`npm run bench:record: ${command} failed (exit ${code}); nothing was recorded.`);
    return code;
  }
  const existing = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '';
  const reading = readingOf([command, ...rest].join(' '), started, before, loadAverage(), output);
  fs.writeFileSync(RESULTS_FILE, withReading(existing, reading));
  console.log(`\nRecorded in ${RESULTS_FILE}.`);
  return 0;
}

if (require.main === module) void main().then((code) => process.exit(code));
