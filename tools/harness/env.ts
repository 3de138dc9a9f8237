import { toolEnv } from '../env';

const vars = toolEnv(process.env);

/** Ports the e2e run uses, apart from `npm start`'s, so both can run on one machine. */
export const E2E_API_PORT = vars.integer('E2E_API_PORT', { fallback: 4310, min: 1, max: 65_535 });
export const E2E_SITE_PORT = vars.integer('E2E_SITE_PORT', { fallback: 9310, min: 1, max: 65_535 });
export const E2E_API_URL = `http://localhost:${E2E_API_PORT}/api`;
export const E2E_SITE_URL = `http://localhost:${E2E_SITE_PORT}`;
export const CHROMIUM_PATH = vars.string('CHROME_PATH', { fallback: '/usr/bin/chromium' });
/** The alerts bot the e2e build names (TELEGRAM_ALERTS_BOT), so the kept searches offer their Telegram link. */
export const E2E_ALERTS_BOT = 'yukbor_e2e_alerts_bot';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

vars.done();
