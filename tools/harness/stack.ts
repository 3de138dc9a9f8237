import { spawn } from 'node:child_process';
import { startApi } from './sample-api';
import type { ListOrderSetting } from '../sample-api/server';
import { PINNED_SAMPLE_DAY } from '../sample-api/data';

/** Shared by `npm start`, the e2e runner, the scripts and the benchmarks: build, serve, look at it. */

/** Runs a command with the site's environment; resolves when it exits 0. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: 'inherit',
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', ...env },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export function buildSite(apiUrl: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  return run('npx', ['gatsby', 'build'], { GATSBY_API_URL: apiUrl, ...extraEnv });
}

export interface BuiltSite {
  apiUrl: string;
  siteUrl: string;
  browser: import('@playwright/test').Browser;
}

/**
 * For scripts that look at the built site in Chromium: a sample API, a build against it (unless
 * `build` is false and public/ is reused), the CDN-like server and a browser, all closed afterwards. The
 * API serves the pinned day's loads (`day` says another), as the e2e runner's does: a reused build, the
 * e2e's or one of another day, is read against the loads it was built from.
 */
export async function withBuiltSite<T>(
  options: {
    apiPort: number;
    sitePort: number;
    build: boolean;
    loads?: number;
    order?: ListOrderSetting;
    day?: string;
    env?: NodeJS.ProcessEnv;
  },
  withSite: (site: BuiltSite) => Promise<T>,
): Promise<T> {
  const { chromium } = await import('@playwright/test');
  const { startStaticServer } = await import('../serve/static-server');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('./env');
  const day = options.day ?? PINNED_SAMPLE_DAY;
  const api = await startApi({ port: options.apiPort, quiet: true, loads: options.loads, order: options.order, day });
  try {
    const siteUrl = `http://localhost:${options.sitePort}`;
    if (options.build) await buildSite(api.url, { SITE_URL: siteUrl, ...options.env });
    const server = await startStaticServer('public', options.sitePort);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      return await withSite({ apiUrl: api.url, siteUrl, browser });
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await api.close();
  }
}
