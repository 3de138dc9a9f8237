import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface Cli {
  process: ChildProcess;
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/**
 * A real command of the repo, `tools/…` with its arguments, in one process (`node --import tsx`), so
 * SIGKILL stops the run itself. Only PATH and HOME come from the test's own environment.
 */
export function startCli(script: string, args: readonly string[], environment: Record<string, string>): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { process: child, exited };
}

/** Polls `condition` until it holds, or fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const begun = Date.now();
  while (!condition()) {
    if (Date.now() - begun > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
