import { chromium } from '@playwright/test';
import { startApi } from './tools/harness/sample-api';
import { startStaticServer } from './tools/serve/static-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_API_PORT, E2E_SITE_PORT } from './tools/harness/env';
async function main() {
  const api = await startApi({ port: E2E_API_PORT, quiet: true });
  const site = await startStaticServer('public', E2E_SITE_PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const rows: Array<Promise<[string, number]>> = [];
  page.on('requestfinished', (r) => { if (r.resourceType() === 'script') rows.push(r.sizes().then((s) => [r.url().replace(/^.*\//, ''), s.responseBodySize])); });
  await page.goto(`http://localhost:${E2E_SITE_PORT}${process.argv[2] ?? '/ru/loads'}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const all = await Promise.all(rows);
  let sum = 0; for (const [u, b] of all.sort((a, b) => b[1] - a[1])) { sum += b; console.log((b / 1024).toFixed(1).padStart(7), u); }
  console.log((sum / 1024).toFixed(1).padStart(7), 'total');
  await browser.close(); await site.close(); await api.close();
}
main();
