import { gzipSync } from 'node:zlib';
/**
 * What bench:lighthouse reads out of one Lighthouse result: the figures its tables print and its
 * budgets judge, and the one run of several that stands for them.
 */
import { splitLanguagePrefix } from '../../../src/i18n/paths';

/** A row of a Lighthouse audit's details table; only the fields read here are declared. */
export interface TableItem {
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
export interface LighthouseResult {
  environment: { benchmarkIndex: number };
  configSettings: { throttling: { cpuSlowdownMultiplier: number } };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { numericValue?: number; score: number | null; title: string; explanation?: string; details?: { items?: TableItem[] } }
  >;
}

/** One Lighthouse run of one page, reduced to what the bench prints and judges. */
export interface RunSummary {
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
  /**
   * Transfer sizes as Lighthouse counts them (the body as the server sent it, and its HTTP/1.1
   * headers: about 0.66 KB a request from the local server, which a CDN's HTTP/2 compresses away), and
   * `jsGzip`: the same scripts' bodies gzipped (level 6, as a CDN does), which the budget counts.
   */
  bytes: { html: number; js: number; css: number; jsGzip: number };
  benchmarkIndex: number;
  multiplier: number;
  failedAudits: string[];
  exceptions: string[];
  scoresWithoutExceptions: Record<'accessibility' | 'best-practices' | 'seo', number>;
}

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

function shortUrl(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').pop() || pathname;
  } catch {
    return url || '(no script)';
  }
}

/**
 * The page's scripts, gzipped: every script Lighthouse saw it fetch while loading (lazy chunks fetched
 * then included), fetched again from the server that served them and gzipped at level 6. The budget is
 * gzip; Lighthouse's transfer size also counts each response's headers and whatever encoding the local
 * server chose (its brotli at the compression package's quality 4 reads larger than gzip).
 */
export async function scriptGzipBytes(lhr: LighthouseResult): Promise<number> {
  const urls = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.resourceType === 'Script' && item.url)
    .map((item) => item.url as string);
  const sizes = await Promise.all(
    [...new Set(urls)].map(async (url) => {
      const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
      if (!response.ok) throw new Error(`${url}: ${response.status} when measuring its gzip size`);
      return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 6 }).length;
    }),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

export function summarize(path: string, lhr: LighthouseResult, jsGzip: number): RunSummary {
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
    bytes: { html: sum('Document'), js: sum('Script'), css: sum('Stylesheet'), jsGzip },
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

/**
 * The run with the median TBT (ties broken by the longest task), whole: its other figures come from
 * the same run, so they agree with each other.
 */
export function runWithMedianTbt(runs: readonly RunSummary[]): RunSummary {
  const sorted = [...runs].sort((a, b) => a.tbtMs - b.tbtMs || a.longestTaskMs - b.longestTaskMs);
  return sorted[Math.floor(sorted.length / 2)] as RunSummary;
}
