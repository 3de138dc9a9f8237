import { benchSourceMaps, FlagError, offlineWorkerEnabled } from '../config/env';
import { allowEmptyBoard } from '../history/config';

/**
 * Every on/off variable the build reads (README, "Configuration"), read once as it starts: a value that
 * is neither on nor off (src/config/env.ts, readFlag) stops the build before Gatsby does anything, with
 * one line per variable, rather than deep in a step or, worse, read the wrong way round.
 */
const BUILD_FLAGS: ReadonlyArray<() => boolean> = [offlineWorkerEnabled, allowEmptyBoard, benchSourceMaps];

/** One line per on/off variable of the build whose value is neither on nor off. */
export function buildFlagProblems(): string[] {
  const problems: string[] = [];
  for (const read of BUILD_FLAGS) {
    try {
      read();
    } catch (error) {
      if (!(error instanceof FlagError)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}

/** Stops the process (the build, as gatsby-config loads) with those lines on stderr and exit code 1. */
export function stopOnBadBuildFlags(): void {
  const problems = buildFlagProblems();
  if (problems.length === 0) return;
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
