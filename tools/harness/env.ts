import path from 'node:path';
import { toolEnv } from '../env';

const vars = toolEnv(process.env);
const LANE_PORT_STEP = 100;

/**
 * The e2e run's lane: each Playwright worker has a sample API and a copy of the site of its own
 * (tools/harness/e2e-lanes.ts), so a spec that switches the API's failure modes or counts its requests runs
 * beside another. Playwright numbers its workers from 0 (TEST_PARALLEL_INDEX); outside a worker, lane 0.
 */
export const E2E_LANE = vars.integer('TEST_PARALLEL_INDEX', { fallback: 0, min: 0, max: 7 });
/**
 * Lane 0's ports, apart from `npm start`'s, so both can run on one machine; lane n adds n × 100 to each (4410
 * and 9410 for lane 1: jest's sample API has 4311).
 */
export const E2E_BASE_API_PORT = vars.integer('E2E_API_PORT', { fallback: 4310, min: 1, max: 64_000 });
export const E2E_BASE_SITE_PORT = vars.integer('E2E_SITE_PORT', { fallback: 9310, min: 1, max: 64_000 });
export const E2E_API_PORT = lanePorts(E2E_LANE).api;
export const E2E_SITE_PORT = lanePorts(E2E_LANE).site;
export const E2E_API_URL = `http://localhost:${E2E_API_PORT}/api`;
export const E2E_SITE_URL = `http://localhost:${E2E_SITE_PORT}`;
/** The built site this lane serves: the build itself for lane 0, a copy made for the lane's ports for the others. */
export const E2E_PUBLIC_DIR = laneSiteDir(E2E_LANE);
export const CHROMIUM_PATH = vars.string('CHROME_PATH', { fallback: '/usr/bin/chromium' });
/** The alerts bot the e2e build names (TELEGRAM_ALERTS_BOT), so the kept searches offer their Telegram link. */
export const E2E_ALERTS_BOT = 'yukbor_e2e_alerts_bot';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

vars.done();

export function laneSiteDir(lane: number): string {
  if (lane === 0) return path.resolve('public');
  return path.resolve('node_modules', '.cache', 'e2e-lanes', String(lanePorts(lane).site));
}

/** Where lane `lane` listens. */
export function lanePorts(lane: number): { api: number; site: number } {
  return { api: E2E_BASE_API_PORT + LANE_PORT_STEP * lane, site: E2E_BASE_SITE_PORT + LANE_PORT_STEP * lane };
}
