import { test } from '@playwright/test';
test.use({ serviceWorkers: 'allow' });
test('debug', async ({ page, context }) => {
  page.on('console', (m) => console.log('PAGE', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  context.on('serviceworker', (w) => console.log('SW', w.url()));
  await page.goto('/ru/loads/from/toshkent');
  await page.waitForTimeout(6000);
  console.log(await page.evaluate(async () => {
    const regs = await navigator.serviceWorker.getRegistrations();
    return JSON.stringify({ regs: regs.map((r) => [r.scope, r.active?.state, r.installing?.state, r.waiting?.state]), ctrl: !!navigator.serviceWorker.controller, keys: await caches.keys(), ready: document.readyState });
  }));
  const r = await page.evaluate(async () => { try { await navigator.serviceWorker.register('/sw.js'); return 'ok'; } catch (e) { return String(e); } });
  console.log('REG', r);
});
