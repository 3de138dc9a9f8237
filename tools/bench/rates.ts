// npm run bench:rates [-- --past 1000000 --live 10000]: the going rates' share of a build, without
// Gatsby. Fills a board history in a temporary folder with that many past loads (the sample API's past,
// scaled) and records one read of that many live loads, then times what the build does for the rates:
// the history's window query, the figures and charts of every route, the ranges file, the card
// positions of the pre-built pages and every route page's rate block rendered to HTML. Prints the ranges file's size (raw and gzip), and the route page's
// HTML gzip size from public/ when a build is there.
//
// Memory: the measuring runs in a child process of its own, handed the filled history, so its peak resident
// memory (the kernel's maxRSS) is the rates step's and not the fill's; it prints that peak and how far it rose
// over the child's resident memory before the step, beside the JS heap's growth.
//
// The npm script sets NODE_ENV=production, as `gatsby build` does: React's development build checks
// every element and property, and doubled the rate blocks' time when this bench ran without it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { normalizeLoad } from '../../src/api-client/normalize';
import { openHistory } from '../../src/history/store';
import { ratesOfBuild } from '../../src/gatsby/rates';
import { cardPositions } from '../../src/gatsby/place-pages';
import { rateBlockHtml } from '../../src/gatsby/rate-html';
import { LANGUAGES } from '../../src/config/languages';
import { placeRoutePath } from '../../src/config/routes';
import { generateLoads, UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from '../sample-api/data';
import { PAST_DEFAULTS, pastLines, startOfUtcDay } from '../sample-api/past';
import { toolEnv } from '../env';
import { numberFlag, readFlags, textFlag } from './flags';

const {
  past: pastCount,
  live: liveCount,
  history: historyPath,
  now: nowFlag,
} = readFlags({ past: numberFlag(1_000_000), live: numberFlag(10_000), history: textFlag(), now: numberFlag() });

function* limited<T>(items: Iterable<T>, max: number): Generator<T> {
  let count = 0;
  for (const item of items) {
    if (count >= max) return;
    count += 1;
    yield item;
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** The rates' share of a build on a filled history, in this process (the child), with its memory. */
async function measure(file: string, now: number): Promise<void> {
  const history = await openHistory(file, { key: 'bench' });
  const live = generateLoads(liveCount).map((raw) => normalizeLoad(raw));
  global.gc?.();
  const before = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed };
  const runs: number[] = [];
  let result: ReturnType<typeof ratesOfBuild> | null = null;
  let heapPeak = before.heap;
  let firstPeak = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    result = ratesOfBuild(history, now, run === 0 ? console : undefined);
    // The cards the build pre-renders: the board's first page and every place page's (at most all live loads).
    cardPositions(live, result.rates);
    const figured = performance.now();
    // Every route page's rate block, in every language, as the build renders it to HTML.
    for (const rate of result.rates.routes.values()) for (const language of LANGUAGES) rateBlockHtml(rate, language);
    if (run === 0)
      console.log(
        `rate blocks: ${result.rates.routes.size} routes × ${LANGUAGES.length} languages rendered in ${((performance.now() - figured) / 1000).toFixed(2)} s`,
      );
    runs.push(performance.now() - started);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    // The build runs the step once: its peak is the first run's (the later ones add what GC left).
    if (run === 0) firstPeak = process.resourceUsage().maxRSS * 1024;
  }
  const peakRss = process.resourceUsage().maxRSS * 1024;
  history.close();
  if (!result) return;
  const { rates, ranges } = result;
  console.log(
    `going rates: ${rates.rated.length} of ${rates.routes.size} routes rated; first run ${((runs[0] ?? 0) / 1000).toFixed(2)} s, best of ${runs.length} ${(Math.min(...runs) / 1000).toFixed(2)} s (target ≤ 5 s)`,
  );
  console.log(
    `memory (RSS): the first run, as a build runs it, peaks at ${mb(firstPeak)}, ${mb(firstPeak - before.rss)} over the process before the step (target ≤ 300 MB); all ${runs.length} runs ${mb(peakRss)} (${mb(peakRss - before.rss)} over); JS heap +${mb(heapPeak - before.heap)} at its highest after a run`,
  );
  console.log(
    `ranges file ${ranges.path}: ${(ranges.json.length / 1024).toFixed(1)} KB raw, ${(gzipSync(ranges.json).length / 1024).toFixed(1)} KB gzip`,
  );
  const busiest = rates.rated[0];
  const html = busiest && path.join('public', 'ru', placeRoutePath(busiest.from, busiest.to), 'index.html');
  if (html && fs.existsSync(html)) {
    console.log(`route page ${html} (last build's): ${(gzipSync(fs.readFileSync(html)).length / 1024).toFixed(1)} KB gzip (limit 60 KB)`);
  }
}

async function main(): Promise<void> {
  if (toolEnv(process.env).string('NODE_ENV') !== 'production')
    console.warn('NODE_ENV is not production: React runs its development checks, which the build does not.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rates-'));
  try {
    const now = startOfUtcDay(Date.now()) + 12 * 60 * 60 * 1000;
    const file = path.join(dir, 'history.sqlite');
    const history = await openHistory(file, { key: 'bench' });
    // The dictionary the sample API's /vehicle-types lists, as a build reads it.
    history.addVehicleTypes([...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES].map((type) => type.name));
    // The sample past has about 160 loads a day over 182 days at its defaults: scaled to the count asked.
    const perDay = Math.ceil((PAST_DEFAULTS.perDay * pastCount) / 9_000);
    const started = performance.now();
    const imported = await history.importLines(
      limited(pastLines({ end: startOfUtcDay(now), perDay, posters: Math.max(PAST_DEFAULTS.posters, perDay * 4) }), pastCount),
    );
    const live = generateLoads(liveCount).map((raw) => normalizeLoad(raw));
    history.recordRead(live, now);
    history.save();
    history.close();
    console.log(
      `history: ${imported.new} past loads over ${PAST_DEFAULTS.days} days and ${live.length} live ones, filled in ${((performance.now() - started) / 1000).toFixed(1)} s (not part of a build)`,
    );
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', __filename, '--history', file, '--now', String(now), '--live', String(liveCount)],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) throw new Error(`the rates' step failed (exit ${child.status})`);
    console.log(
      `machine: nproc ${os.cpus().length}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (historyPath !== undefined) {
  measure(historyPath, nowFlag ?? Date.now()).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  void main().then(
    () => undefined,
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
