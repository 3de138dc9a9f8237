import type { Reporter } from 'gatsby';

/**
 * The site's own steps of a build, each logged as one line with its wall and CPU seconds (this process's
 * user and system time), which `npm run bench:build` reads beside Gatsby's own steps. On a shared machine
 * the CPU seconds are the figure to compare: wall time moves with everyone else's work.
 */
export const BUILD_STEP_LINE = /^Build step "([^"]+)": ([\d.]+) s wall, ([\d.]+) s CPU/;

export interface StepClock {
  /** Runs `work`, counting its time to this step. */
  time<T>(work: () => T): T;
  /** Logs the step's line with every time counted so far. */
  report(reporter: Pick<Reporter, 'info'>): void;
}

export function stepClock(name: string): StepClock {
  let wallMs = 0;
  let cpuMicros = 0;
  return {
    time(work) {
      const wall = performance.now();
      const cpu = process.cpuUsage();
      try {
        return work();
      } finally {
        const used = process.cpuUsage(cpu);
        cpuMicros += used.user + used.system;
        wallMs += performance.now() - wall;
      }
    },
    report(reporter) {
      reporter.info(`Build step "${name}": ${(wallMs / 1000).toFixed(2)} s wall, ${(cpuMicros / 1e6).toFixed(2)} s CPU`);
    },
  };
}

/** One step timed and logged. */
export function timedStep<T>(reporter: Pick<Reporter, 'info'>, name: string, work: () => T): T {
  const clock = stepClock(name);
  try {
    return clock.time(work);
  } finally {
    clock.report(reporter);
  }
}

/** One asynchronous step timed and logged (its CPU time includes whatever else ran meanwhile). */
export async function timedAsyncStep<T>(reporter: Pick<Reporter, 'info'>, name: string, work: () => Promise<T>): Promise<T> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  try {
    return await work();
  } finally {
    const used = process.cpuUsage(cpu);
    reporter.info(
      `Build step "${name}": ${((performance.now() - wall) / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`,
    );
  }
}
