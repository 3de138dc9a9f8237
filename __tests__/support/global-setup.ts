/**
 * Starts one sample API for the whole jest run (in the parent process; workers inherit the env set
 * here). Its /__control state is shared by every test file running in parallel, so tests that change
 * shapes or inject failures start a private instance with `startSampleApi({port: 0})` instead.
 */
import { startSampleApi } from '../../tools/sample-api/server';
import type { SampleApi } from '../../tools/sample-api/server';

export const TEST_API_LOADS = 120;
const DEFAULT_TEST_API_PORT = 4311;

declare global {
  var __SAMPLE_API__: SampleApi | undefined;
}

export default async function globalSetup(): Promise<void> {
  const explicit = process.env.TEST_API_PORT;
  const port = explicit ? Number(explicit) : DEFAULT_TEST_API_PORT;
  process.env.API_QUIET = '1';
  let api: SampleApi;
  try {
    api = await start(port);
  } catch (error) {
    // Another jest run (or anything else) holds the default port: any free port will do.
    if (explicit || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    api = await start(0);
  }
  globalThis.__SAMPLE_API__ = api;
  process.env.TEST_API_URL = api.url;
  process.env.GATSBY_API_URL = api.url;
}

function start(port: number): Promise<SampleApi> {
  return startSampleApi({ port, host: '127.0.0.1', loads: TEST_API_LOADS, quiet: true, shape: 'data' });
}
