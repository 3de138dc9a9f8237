// `npm run api`: the sample API alone, configured from the environment (see server.ts).
import { DEFAULT_API_PORT, DEFAULT_SAMPLE_LOADS } from '../../src/config/constants';
import { startSampleApi, type ChangeMode, type SampleApi } from './server';

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw new Error(`${name} must be a whole number ${min}..${max}, got ${JSON.stringify(raw)}`);
  return value;
}

function changeModeFromEnv(): ChangeMode | null {
  const every = envInt('SAMPLE_CHANGE_EVERY', 0, 0, 1_000_000);
  if (every === 0) return null;
  const limit = process.env.SAMPLE_CHANGE_LIMIT ? envInt('SAMPLE_CHANGE_LIMIT', 0, 0, 1_000_000_000) : null;
  return { every, limit, seed: envInt('SAMPLE_CHANGE_SEED', 1, 0, 2 ** 31 - 1) };
}

async function main(): Promise<void> {
  const port = envInt('API_PORT', DEFAULT_API_PORT, 0, 65_535);
  const loads = envInt('SAMPLE_LOADS', DEFAULT_SAMPLE_LOADS, 0, 1_000_000);
  let api: SampleApi;
  try {
    api = await startSampleApi({
      port,
      loads,
      host: process.env.API_HOST || undefined,
      revision: envInt('SAMPLE_LOADS_REVISION', 0, 0, 1_000_000),
      changedEvery: envInt('SAMPLE_LOADS_CHANGED_EVERY', 100, 1, 1_000_000),
      change: changeModeFromEnv(),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`port ${port} is already in use (set API_PORT to another port)`);
    throw error;
  }
  const change = changeModeFromEnv();
  const changing = change
    ? `, changing after every ${change.every} list requests${change.limit != null ? ` for the first ${change.limit}` : ''}`
    : '';
  process.stdout.write(`Sample API: ${api.url} (${loads} loads${changing})\n`);
  const stop = (): void => {
    void api.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Sample API failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
