import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_SITE_URL } from './tools/harness/env';

// Run through `npm run test:e2e`, which starts the sample API, builds and serves the site first.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One worker unless told: a worker's specs switch the failure modes of its lane's sample API, and only
  // `npm run test:e2e` starts a lane per worker (tools/harness/e2e-lanes.ts); it asks for two.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: E2E_SITE_URL,
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'block',
  },
});
