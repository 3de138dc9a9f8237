/** What bench:lighthouse prints: the host, a line per page as it is measured, and the tables at the end. */
import os from 'node:os';
import { BUDGETS, pageLimits, targetMisses } from './budgets';
import { LOW_TIER_BENCHMARK_INDEX, leastOnThisStack, type Calibration, type PageMeasurement } from './runs';
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
  const floor = floorBeside ? `the floor beside it: TBT ${ms(floorBeside.tbtMs)} ms` : 'no floor measured';
  console.log(
    `${page.path}: TBT ${ms(run.tbtMs)} ms, longest task ${ms(run.longestTaskMs)} ms; ${floor} (${batches} batch${batches > 1 ? 'es' : ''})`,
  );
}

export function printTable(title: string, rows: [string, string, RunSummary][]): void {
  console.log(`\n${title}\n`);
  console.log(
    '| page type | path | TBT (ms) | longest task (ms) | longest script task (ms) | main thread (ms) | JS (KB gzip; Lighthouse’s transfer) | perf | a11y / BP / SEO | CLS | LCP (ms) |',
  );
  console.log('| --- | --- | ---: | --- | --- | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const [kind, path, r] of rows) {
    const s = r.scores;
    const seo = s.seo === r.scoresWithoutExceptions.seo ? `${s.seo}` : `${s.seo} (${r.scoresWithoutExceptions.seo}*)`;
    console.log(
      `| ${kind} | ${path} | ${ms(r.tbtMs)} | ${ms(r.longestTaskMs)} ${r.longestTaskUrl} | ${ms(r.longestScriptTaskMs)} ${r.longestScriptTaskUrl} | ${ms(r.mainThreadMs)} | ${kb(r.bytes.jsGzip)} (${kb(r.bytes.js)}) | ${s.performance} | ${s.accessibility} / ${s['best-practices']} / ${seo} | ${r.cls.toFixed(3)} | ${ms(r.lcpMs)} |`,
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
}

/**
 * Each page against its targets: main-thread time against its least (with --without-script), TBT and
 * the longest script task against the floor's runs that alternated with the page's, script size.
 */
export function printTargets(measured: readonly PageMeasurement[], calibration: Calibration): void {
  const withLeast = measured.some((m) => m.withoutScript);
  console.log(
    `\nEach page against its targets (CPU slowdown ${calibration.multiplier}x, benchmarkIndex ${ms(calibration.benchmarkIndex)}, ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)})${withLeast ? '' : ': main thread against the least only with --without-script'}\n`,
  );
  console.log(
    '| page type | main thread (ms): page / least = ratio (target) | TBT (ms): page / floor / limit | longest script task (ms): page / floor / limit | script (KB gzip, limit ' +
      `${BUDGETS.jsKb}) | verdict |`,
  );
  console.log('| --- | --- | --- | --- | ---: | --- |');
  let met = 0;
  for (const { page, run, floorBeside: floor, withoutScript } of measured) {
    if (!floor) continue;
    const least = withoutScript ? leastOnThisStack(withoutScript) : undefined;
    const mainThread = least ? { mainThreadMs: least.page, leastMs: least.least } : undefined;
    const misses = targetMisses(page.path, page.targets, run, floor, mainThread);
    const limits = pageLimits(page.targets, floor, least?.least);
    if (misses.length === 0) met += 1;
    const ratio = least
      ? `${ms(least.page)} / ${ms(least.least)} = ${(least.page / least.least).toFixed(2)}x (${page.targets.mainThreadTimesLeast}x)`
      : `${ms(run.mainThreadMs)} / not measured (${page.targets.mainThreadTimesLeast}x)`;
    console.log(
      `| ${page.kind} | ${ratio} | ${ms(run.tbtMs)} / ${ms(floor.tbtMs)} / ${ms(limits.tbtMs)} ` +
        `| ${ms(run.longestScriptTaskMs)} / ${ms(floor.longestScriptTaskMs)} / ${ms(limits.scriptTaskMs)} | ${kb(run.bytes.jsGzip)} ` +
        `| ${misses.length ? `missed: ${misses.join(', ')}` : 'met'} |`,
    );
  }
  console.log(`\nTargets met on ${met} of ${measured.length} pages${withLeast ? '' : ' (main thread not judged)'}.`);
}

/**
 * What the stack leaves the site, page by page (--without-script). The stack's own script is the floor
 * less the floor without script; added to a page without script, it makes the least that page costs
 * here, whatever the site's code does.
 */
export function printLeast(measured: readonly PageMeasurement[], multiplier: number): void {
  console.log(`\nWhat the stack leaves the site: main thread (ms), medians of the runs that alternated (CPU slowdown ${multiplier}x)\n`);
  console.log(
    "| page type | page | page without script | floor / without script / with i18n plugin | least on this stack (page without script + floor - floor without script) | least / floor | the site's script (page - least) | its room under the target |",
  );
  console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |');
  for (const { page, withoutScript } of measured) {
    if (!withoutScript) continue;
    const m = leastOnThisStack(withoutScript);
    const target = page.targets.mainThreadTimesLeast;
    console.log(
      `| ${page.kind} | ${ms(m.page)} | ${ms(m.pageWithoutScript)} | ${ms(m.floor)} / ${ms(m.floorWithoutScript)} / ${ms(m.floorI18n)} ` +
        `| ${ms(m.least)} | ${(m.least / m.floor).toFixed(2)}x | ${ms(m.page - m.least)} | ${ms(target * m.least - m.page)} (${target}x) |`,
    );
  }
}
