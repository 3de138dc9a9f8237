/**
 * Starts one sample API for the whole jest run (in the parent process; workers inherit the env set
 * here). Its /__control state is shared by every test file running in parallel, so tests that change
 * shapes or inject failures start a private instance with `startApi({port: 0})` instead.
 */
import { startApi, type HarnessApi } from '../../tools/harness/sample-api';
import { PINNED_SAMPLE_DAY } from '../../tools/sample-api/data';

export const TEST_API_LOADS = 120;
const DEFAULT_TEST_API_PORT = 4311;

declare global {
  var __SAMPLE_API__: HarnessApi | undefined;
}

export default async function globalSetup(): Promise<void> {
  const explicit = process.env.TEST_API_PORT;
  process.env.API_QUIET = '1';
  // Every sample API of the run, shared or private, serves the loads the tests were written against,
  // whatever the day (tools/sample-api/data.ts).
  process.env.SAMPLE_DAY = PINNED_SAMPLE_DAY;
  // Another jest run (or anything else) may hold the default port: any free port will do then.
  const api = await startApi({
    port: explicit ? Number(explicit) : DEFAULT_TEST_API_PORT,
    orFreePort: !explicit,
    host: '127.0.0.1',
    loads: TEST_API_LOADS,
    quiet: true,
    shape: 'data',
  });
  globalThis.__SAMPLE_API__ = api;
  process.env.TEST_API_URL = api.url;
  process.env.GATSBY_API_URL = api.url;
}
