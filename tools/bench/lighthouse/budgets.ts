/**
 * What bench:lighthouse holds a page to. The budgets fail the run (CI runs it); the targets are
 * printed page by page, each against the floor measured beside the page, and fail nothing: on these
 * shared hosts they read the host's weather as much as the code.
 */
import type { Allowance, BenchPage } from './pages';
import type { RunSummary } from './summaries';

export const BUDGETS = {
  // What CI fails on with --gate-main-thread. Measured on this kind of machine, shared, at 12.4-14.7x:
  // the build before partial hydration read TBT 204-624 ms and longest tasks 227-390 ms; this one
  // 118-316 ms and 161-318 ms, its longest task being the page's first parse, style and layout, or
  // Gatsby's entry evaluation (app.js or framework.js, whichever arrives last: 120-213 ms, where the
  // bare Gatsby page of the floor reads 148-214). The gate sits above what noise makes of this build
  // and catches a page that goes back to hydrating everything.
  tbtMs: 450,
  longestTaskMs: 450,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0,
  // 110 KB while production pages ran Preact; 120 KB with React DOM and ky. The board's share links,
  // vehicle types in the page's language, search over every spelling and feed link once took it to
  // 120.5-122.1 KB in Lighthouse's transfer sizes; it is back under 120.
  jsKb: 120,
} as const;

/** Main-thread targets at the calibrated slowdown, the same for every page. */
export const ABSOLUTE_MAIN_THREAD_TARGETS = { tbtMs: 200, longestTaskMs: 150 } as const;

/** Targets against the floor measured beside the page: what the site adds to the stack's own cost. */
const TARGETS_AGAINST_FLOOR = {
  tbtOverFloorMs: { page: 50, board: 100 },
  /** Over the floor's longest task attributed to a script file. */
  scriptTaskOverFloorMs: 20,
  mainThreadTimesFloor: { page: 1.5, board: 2 },
} as const satisfies Record<string, number | Record<Allowance, number>>;

export type FloorFigures = Pick<RunSummary, 'tbtMs' | 'longestScriptTaskMs' | 'mainThreadMs'>;

/** A page's main-thread limit: at most this many times the floor's. */
export function mainThreadTimesFloor(page: BenchPage): number {
  return TARGETS_AGAINST_FLOOR.mainThreadTimesFloor[page.allowance];
}

/** A page's limits, from the floor measured beside it. */
export function limitsAgainstFloor(page: BenchPage, floor: FloorFigures): { tbtMs: number; scriptTaskMs: number; timesFloor: number } {
  return {
    tbtMs: floor.tbtMs + TARGETS_AGAINST_FLOOR.tbtOverFloorMs[page.allowance],
    scriptTaskMs: floor.longestScriptTaskMs + TARGETS_AGAINST_FLOOR.scriptTaskOverFloorMs,
    timesFloor: mainThreadTimesFloor(page),
  };
}

/** What a page misses of its targets against the floor measured beside it (empty when none). */
export function missesAgainstFloor(page: BenchPage, figures: FloorFigures, floor: FloorFigures): string[] {
  const limits = limitsAgainstFloor(page, floor);
  const ratio = figures.mainThreadMs / floor.mainThreadMs;
  return [
    figures.tbtMs > limits.tbtMs ? `TBT ${figures.tbtMs.toFixed(0)} > ${limits.tbtMs.toFixed(0)}` : '',
    figures.longestScriptTaskMs > limits.scriptTaskMs
      ? `script task ${figures.longestScriptTaskMs.toFixed(0)} > ${limits.scriptTaskMs.toFixed(0)}`
      : '',
    ratio > limits.timesFloor ? `main thread ${ratio.toFixed(2)}x > ${limits.timesFloor}x` : '',
  ].filter(Boolean);
}

/** What a page's run misses of the absolute main-thread budgets (gated only with --gate-main-thread). */
export function mainThreadProblems(path: string, result: RunSummary): string[] {
  const problems: string[] = [];
  if (result.tbtMs > BUDGETS.tbtMs) problems.push(`${path}: TBT ${result.tbtMs.toFixed(0)} ms > ${BUDGETS.tbtMs} ms`);
  if (result.longestTaskMs > BUDGETS.longestTaskMs)
    problems.push(`${path}: longest task ${result.longestTaskMs.toFixed(0)} ms (${result.longestTaskUrl}) > ${BUDGETS.longestTaskMs} ms`);
  return problems;
}

/**
 * What fails the run. TBT and the longest task only with `gateMainThread`: on these shared hosts the
 * calibrated slowdown equalises Lighthouse's benchmark, not the work (a host of benchmarkIndex
 * 1,800-2,400 read the board at TBT 1,610 ms where hosts of 3,500 read 137-395 ms for the same kind of
 * build), so an absolute figure fails on the host, not on the code. What that gate stood for, a page
 * that goes back to hydrating everything or a refresh that renders every card again, is held by tests
 * that cannot be noise: e2e/hydration.spec.ts ("the board hydrates itself and nothing around it") and
 * __tests__/board-refresh.test.tsx.
 */
export function budgetProblems(path: string, result: RunSummary, gateMainThread: boolean): string[] {
  const problems = gateMainThread ? mainThreadProblems(path, result) : [];
  for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
    const scored = result.scoresWithoutExceptions[category];
    if (scored < BUDGETS[category]) problems.push(`${path}: ${category} ${scored} < ${BUDGETS[category]}`);
  }
  // Compared as Lighthouse reports it (three decimals): sub-pixel shifts of a few millionths are not a
  // layout shift anyone sees, and Lighthouse itself shows them as 0.000.
  if (Number(result.cls.toFixed(3)) > BUDGETS.cls)
    problems.push(`${path}: CLS ${result.cls.toFixed(4)} > 0 (${result.shifted.join('; ') || 'no element named'})`);
  if (result.bytes.js / 1024 > BUDGETS.jsKb) problems.push(`${path}: JS ${(result.bytes.js / 1024).toFixed(1)} KB > ${BUDGETS.jsKb} KB`);
  for (const audit of result.failedAudits) problems.push(`${path}: failed audit ${audit}`);
  return problems;
}
