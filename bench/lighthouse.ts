// npm run bench:lighthouse [-- --reuse] [--runs 3]: Lighthouse (mobile preset, Debian's Chromium) on
// one page of each kind; prints the median of the runs and exits non-zero when a budget is missed.
// Builds first unless --reuse (then public/ must have been built against this script's API port).
import { withBuiltSite } from '../scripts/lib/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/env';

const PAGES = ['/uz', '/ru/loads', '/uz-cyrl/help', '/pricing', '/uz/load/1001'];
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

export const BUDGETS = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0,
  jsKb: 110,
} as const;

interface Result {
  /** Elements Lighthouse saw move, when anything did. */
  shifted: string[];
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: { html: number; js: number; css: number };
  failedAudits: string[];
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  url?: string;
  description?: string;
}

// Lighthouse's result type is wide; only the fields read here are declared.
interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { numericValue?: number; score: number | null; title: string; details?: { items?: (NetworkItem & { node?: { snippet?: string }; score?: number })[] } }
  >;
}

// Lighthouse 12's own mobile user agent, marked as a tool: load pages hand people over to the app
// after 100 ms but let crawlers and auditing tools stay (src/handoff/crawler.ts), so they can be measured.
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';

async function runLighthouse(url: string, port: number): Promise<Result> {
  const { default: lighthouse } = await import('lighthouse');
  const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', emulatedUserAgent: USER_AGENT });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = runner.lhr as unknown as LighthouseResult;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const sum = (type: string) => items.filter((i) => i.resourceType === type).reduce((total, i) => total + (i.transferSize ?? 0), 0);
  const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const items = lhr.audits[ref.id]?.details?.items ?? [];
        const detail = items.map((item) => item.description ?? item.url).filter(Boolean).slice(0, 3).join('; ');
        return `${category}: ${ref.id}${detail ? ` (${detail})` : ''}`;
      }),
  );
  const shifted = (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => `${item.node?.snippet ?? '?'} (${item.score ?? '?'})`);
  return {
    shifted,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    bytes: { html: sum('Document'), js: sum('Script'), css: sum('Stylesheet') },
    failedAudits,
  };
}

function median(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)] as Result;
}

function budgetProblems(path: string, result: Result): string[] {
  const problems: string[] = [];
  for (const category of ['performance', 'accessibility', 'best-practices', 'seo'] as const) {
    if (result.scores[category] < BUDGETS[category]) problems.push(`${path}: ${category} ${result.scores[category]} < ${BUDGETS[category]}`);
  }
  // Compared as Lighthouse reports it (three decimals): sub-pixel shifts of a few millionths are not a
  // layout shift anyone sees, and Lighthouse itself shows them as 0.000.
  if (Number(result.cls.toFixed(3)) > BUDGETS.cls) problems.push(`${path}: CLS ${result.cls.toFixed(4)} > 0 (${result.shifted.join('; ') || 'no element named'})`);
  if (result.bytes.js / 1024 > BUDGETS.jsKb) problems.push(`${path}: JS ${(result.bytes.js / 1024).toFixed(1)} KB > ${BUDGETS.jsKb} KB`);
  return problems;
}

async function main(): Promise<number> {
  const { launch } = await import('chrome-launcher');
  return withBuiltSite({ apiPort: 4710, sitePort: 9710, build: !process.argv.includes('--reuse') }, async ({ siteUrl }) => {
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    const problems: string[] = [];
    try {
      console.log(`\nLighthouse 12, mobile preset, median of ${RUNS} runs\n`);
      console.log('| page | perf | a11y | best pr. | SEO | LCP (ms) | CLS | TBT (ms) | HTML (KB) | JS (KB) | CSS (KB) |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const path of PAGES) {
        const results: Result[] = [];
        for (let run = 0; run < RUNS; run += 1) results.push(await runLighthouse(`${siteUrl}${path}`, chrome.port));
        const result = median(results);
        const kb = (bytes: number) => (bytes / 1024).toFixed(1);
        const s = result.scores;
        console.log(
          `| ${path} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${result.lcpMs.toFixed(0)} | ${result.cls.toFixed(3)} | ${result.tbtMs.toFixed(0)} | ${kb(result.bytes.html)} | ${kb(result.bytes.js)} | ${kb(result.bytes.css)} |`,
        );
        problems.push(...budgetProblems(path, result));
        for (const audit of result.failedAudits) problems.push(`${path}: failed audit ${audit}`);
      }
    } finally {
      await chrome.kill();
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
    console.error(error instanceof Error ? error.stack ?? error.message : String(error));
    process.exit(1);
  });
