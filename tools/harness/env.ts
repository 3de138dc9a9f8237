/** Ports the e2e run uses, apart from `npm start`'s, so both can run on one machine. */
export const E2E_API_PORT = Number(process.env.E2E_API_PORT) || 4310;
export const E2E_SITE_PORT = Number(process.env.E2E_SITE_PORT) || 9310;
export const E2E_API_URL = `http://localhost:${E2E_API_PORT}/api`;
export const E2E_SITE_URL = `http://localhost:${E2E_SITE_PORT}`;
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
