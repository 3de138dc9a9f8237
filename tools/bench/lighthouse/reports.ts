/** What bench:lighthouse prints: the host, a line per page as it is measured, and the tables at the end. */
import os from 'node:os';
import { ABSOLUTE_MAIN_THREAD_TARGETS, limitsAgainstFloor, mainThreadTimesFloor, missesAgainstFloor } from './budgets';
import { medianOf } from '../median';
import { LOW_TIER_BENCHMARK_INDEX, type Calibration, type PageMeasurement, type RunsWithoutScript } from './runs';
import type { RunSummary } from './summaries';

const ms = (value: number) => value.toFixed(0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function printHost({ readings, benchmarkIndex, multiplier, given }: Calibration): void {
  console.log(
    `Host: benchmarkIndex ${readings.map((r) => r.toFixed(0)).join(' and ')} (using ${benchmarkIndex.toFixed(0)}), ` +
      `CPU slowdown ${multiplier}x${given ? ' (given)' : ` = ${benchmarkIndex.toFixed(0)} / ${LOW_TIER_BENCHMARK_INDEX}`}; ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
}

export function printMeasured({ page, run, floorBeside, batches }: PageMeasurement): void {
  console.log(
    `${page.path}: TBT ${ms(run.tbtMs)} ms, longest task ${ms(run.longestTaskMs)} ms; ` +
      `the floor beside it: TBT ${ms(floorBeside.tbtMs)} ms (${batches} batch${batches > 1 ? 'es' : ''})`,
  );
}

export function printTable(title: string, rows: [string, string, RunSummary][]): void {
  console.log(`\n${title}\n`);
  console.log(
    '| page type | path | TBT (ms) | longest task (ms) | longest script task (ms) | main thread (ms) | JS (KB gzip) | perf | a11y / BP / SEO | CLS | LCP (ms) |',
  );
  console.log('| --- | --- | ---: | --- | --- | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const [kind, path, r] of rows) {
    const s = r.scores;
    const seo = s.seo === r.scoresWithoutExceptions.seo ? `${s.seo}` : `${s.seo} (${r.scoresWithoutExceptions.seo}*)`;
    console.log(
      `| ${kind} | ${path} | ${ms(r.tbtMs)} | ${ms(r.longestTaskMs)} ${r.longestTaskUrl} | ${ms(r.longestScriptTaskMs)} ${r.longestScriptTaskUrl} | ${ms(r.mainThreadMs)} | ${kb(r.bytes.js)} | ${s.performance} | ${s.accessibility} / ${s['best-practices']} / ${seo} | ${r.cls.toFixed(3)} | ${ms(r.lcpMs)} |`,
    );
  }
}

export function printDetails(kind: string, path: string, result: RunSummary): void {
  const categories = Object.entries(result.categories)
    .sort((a, b) => b[1] - a[1])
    .map(([label, duration]) => `${label} ${ms(duration)}`)
    .join(', ');
  const scripts = result.scripts.map((s) => `${s.url} ${ms(s.scripting)} (+${ms(s.parseCompile)} parse)`).join(', ');
  console.log(`- ${kind} ${path}: main thread ${ms(result.mainThreadMs)} ms: ${categories}`);
  console.log(`  script evaluation per chunk (ms): ${scripts || 'none over 50 ms'}`);
  const targets = ABSOLUTE_MAIN_THREAD_TARGETS;
  const missed = [
    result.tbtMs > targets.tbtMs ? `TBT over ${targets.tbtMs} ms` : '',
    result.longestScriptTaskMs > targets.longestTaskMs
      ? `a script task over ${targets.longestTaskMs} ms (${result.longestScriptTaskUrl})`
      : '',
    result.longestDocumentTaskMs > targets.longestTaskMs
      ? `a document task over ${targets.longestTaskMs} ms (${ms(result.longestDocumentTaskMs)} ms: parse, style, layout)`
      : '',
  ].filter(Boolean);
  console.log(
    `  absolute targets (TBT ${targets.tbtMs} ms, no task over ${targets.longestTaskMs} ms): ${missed.length ? `missed: ${missed.join(', ')}` : 'met'}`,
  );
}

/** Each page's targets against the floor's runs that alternated with the page's. */
export function printTargetsAgainstFloor(measured: readonly PageMeasurement[], calibration: Calibration): void {
  console.log(
    `\nEach page against the floor measured beside it (CPU slowdown ${calibration.multiplier}x, benchmarkIndex ` +
      `${ms(calibration.benchmarkIndex)}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)})\n`,
  );
  console.log(
    '| page type | TBT (ms): page / floor / limit | longest script task (ms): page / floor / limit | main thread (ms): page / floor = ratio (limit) | verdict |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  let met = 0;
  for (const { page, run, floorBeside: floor } of measured) {
    const misses = missesAgainstFloor(page, run, floor);
    const limits = limitsAgainstFloor(page, floor);
    if (misses.length === 0) met += 1;
    console.log(
      `| ${page.kind} | ${ms(run.tbtMs)} / ${ms(floor.tbtMs)} / ${ms(limits.tbtMs)} ` +
        `| ${ms(run.longestScriptTaskMs)} / ${ms(floor.longestScriptTaskMs)} / ${ms(limits.scriptTaskMs)} ` +
        `| ${ms(run.mainThreadMs)} / ${ms(floor.mainThreadMs)} = ${(run.mainThreadMs / floor.mainThreadMs).toFixed(2)}x (${limits.timesFloor}x) ` +
        `| ${misses.length ? `missed: ${misses.join(', ')}` : 'met'} |`,
    );
  }
  console.log(`\nTargets against the floor met on ${met} of ${measured.length} pages.`);
}

/**
 * What the stack leaves the site, page by page (--without-script). The stack's own script is the floor
 * less the floor without script; added to a page without script, it makes the least that page costs
 * here, whatever the site's code does.
 */
export function printLeast(measured: readonly PageMeasurement[], multiplier: number): void {
  console.log(`\nWhat the stack leaves the site: main thread (ms), medians of the runs that alternated (CPU slowdown ${multiplier}x)\n`);
  console.log(
    "| page type | page | page without script | floor / without script / with i18n plugin | least on this stack (page without script + floor - floor without script) | least / floor (limit) | the site's script (page - least) | its room under the limit |",
  );
  console.log('| --- | ---: | ---: | --- | ---: | --- | ---: | ---: |');
  for (const { page: benchPage, withoutScript } of measured) {
    if (!withoutScript) continue;
    const r: RunsWithoutScript = withoutScript;
    const [page, bare, floor, floorBare, floorI18n] = [r.page, r.pageWithoutScript, r.floor, r.floorWithoutScript, r.floorI18n].map(
      medianOf,
    ) as [number, number, number, number, number];
    const least = bare + (floor - floorBare);
    const limit = mainThreadTimesFloor(benchPage);
    console.log(
      `| ${benchPage.kind} | ${ms(page)} | ${ms(bare)} | ${ms(floor)} / ${ms(floorBare)} / ${ms(floorI18n)} | ${ms(least)} ` +
        `| ${(least / floor).toFixed(2)}x (${limit}x) | ${ms(page - least)} | ${ms(limit * floor - least)} |`,
    );
  }
}
