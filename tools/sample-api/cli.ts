// `npm run api`: the sample API alone, configured from the environment (from-env.ts).
import { sampleApiEnv } from './from-env';
import { utcDayOf } from './data';
import { startSampleApi, type SampleApi } from './server';

async function main(): Promise<void> {
  const settings = sampleApiEnv(process.env);
  const { port, loads, change } = settings;
  const day = settings.day ?? utcDayOf(Date.now());
  let api: SampleApi;
  try {
    api = await startSampleApi({ ...settings, day });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`port ${port} is already in use (set API_PORT to another port)`);
    throw error;
  }
  const changing = change
    ? `, changing after every ${change.every} list requests${change.limit != null ? ` for the first ${change.limit}` : ''}`
    : '';
  process.stdout.write(`Sample API: ${api.url} (${loads} loads counting back from ${day}${changing})\n`);
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
