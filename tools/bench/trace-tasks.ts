// npm run bench:tasks -- [--reuse] /ru/loads …: the main thread's longest tasks on page load, and what
// runs in each (script evaluation by chunk, function calls, parsing, style, layout), as Chromium's trace
// records them on this host without throttling. Multiply by the calibrated slowdown (bench:lighthouse
// prints it) for the phone's figure. For finding what makes a long task, not for budgets.
import { toolEnv } from '../env';
import { withBuiltSite } from '../harness/stack';
import { readFlags, switchFlag } from './flags';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string } };
}

const env = toolEnv(process.env);
const TOP = env.integer('TASKS_TOP', { fallback: 8, min: 1, max: 1000 });
env.done();

function label(event: TraceEvent): string {
  const data = event.args?.data;
  const url = data?.url ? data.url.split('/').pop() : '';
  return [event.name, url, data?.functionName].filter(Boolean).join(' ');
}

async function main(): Promise<number> {
  const { reuse, positionals: paths } = readFlags({ reuse: switchFlag() }, { positionals: true });
  const notPaths = paths.filter((arg) => !arg.startsWith('/'));
  if (notPaths.length) throw new Error(`pages are paths of the site, like /ru/loads: not ${notPaths.join(', ')}`);
  return withBuiltSite({ apiPort: 4710, sitePort: 9710, build: !reuse }, async ({ siteUrl, browser }) => {
    for (const path of paths.length ? paths : ['/uz', '/ru/loads']) {
      const page = await browser.newPage({
        userAgent: 'Mozilla/5.0 (Linux; Android 11) Chrome/131.0 Mobile Safari/537.36 Chrome-Lighthouse',
      });
      await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'] });
      await page.goto(`${siteUrl}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2500);
      const buffer = await browser.stopTracing();
      await page.close();
      const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
      const onMain = events.filter((e) => main && e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.dur !== undefined);
      const tasks = onMain.filter((e) => e.name === 'RunTask').sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
      const total = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
      console.log(`\n${path}: ${tasks.length} tasks, ${total.toFixed(1)} ms on the main thread; the longest:`);
      for (const task of tasks.slice(0, TOP)) {
        const end = task.ts + (task.dur ?? 0);
        const children = onMain
          .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e.name !== 'RunTask')
          .filter((e) => (e.dur ?? 0) >= 300)
          .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
          .slice(0, 6)
          .map((e) => `${label(e)} ${((e.dur ?? 0) / 1000).toFixed(1)}`);
        if (children.length === 0) {
          const names = new Map<string, number>();
          for (const e of onMain)
            if (e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end) names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0));
          children.push(
            ...[...names]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 5)
              .map(([name, dur]) => `(${name} ${(dur / 1000).toFixed(1)})`),
          );
        }
        console.log(`  ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${children.join(' | ')}`);
      }
    }
    return 0;
  });
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
