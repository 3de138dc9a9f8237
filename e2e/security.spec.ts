import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { expect, test } from '@playwright/test';
import { inlineScriptHashes, policyAllows } from '../src/gatsby/csp';
import { controlApi, holdExternal, resetApi } from './support';
import { E2E_PUBLIC_DIR } from './env';

test.afterEach(resetApi);

const PAGES = [
  '/uz',
  '/?noredirect',
  '/ru/loads',
  '/uz-cyrl/features',
  '/how-it-works',
  '/ru/help',
  '/pricing',
  '/privacy',
  '/uz/terms',
  '/ru/applink',
  '/uz-cyrl/auth?token=abc',
  '/uz/load/1001',
  '/ru/load/1125',
  '/ru/no-such-page',
];

for (const pagePath of PAGES) {
  test(`${pagePath} runs under the Content-Security-Policy with no violation`, async ({ page }) => {
    await controlApi({ loads: 130 });
    // Stay on this site: the hand-off pages would otherwise leave for a store before the check, and the
    // load pages' /applink, rendered in the same document, is checked with them.
    await holdExternal(page);
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(pagePath);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 10000);
    // What the scroll brought in (lazy pictures) has loaded, and two frames were drawn after it.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const violations = await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []);
    expect(violations).toEqual([]);
  });
}

test('every page the build wrote has one script policy, and it allows each of its inline scripts', () => {
  // Most pages get their policy as they are rendered, before Gatsby stitches their scripts in
  // (src/gatsby/ssr-csp.tsx): this reads what was published, every file of it.
  const publicDir = E2E_PUBLIC_DIR;
  const wrong: string[] = [];
  let pages = 0;
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['page-data', 'static', 'locales', '_gatsby'].includes(entry.name)) walk(full);
      } else if (entry.name.endsWith('.html')) {
        pages += 1;
        const html = fs.readFileSync(full, 'utf8');
        const policies = html.match(/<meta http-equiv="Content-Security-Policy"/g)?.length ?? 0;
        if (policies !== 1 || !policyAllows(html, inlineScriptHashes(html))) wrong.push(path.relative(publicDir, full));
      }
    }
  };
  walk(publicDir);
  expect(pages).toBeGreaterThan(100);
  expect(wrong).toEqual([]);
});

test("the build's renders read no file, so the next build renders again only the pages that changed", () => {
  // Gatsby's own record of it, in its saved state: a render that read a file (the scripts slice, say)
  // makes it render every page on every later build, 44,000 at 10,000 loads (src/gatsby/ssr-csp.tsx).
  const state = v8.deserialize(fs.readFileSync(path.resolve('.cache', 'redux', 'redux.rest.state'))) as {
    html?: { unsafeBuiltinWasUsedInSSR?: boolean };
  };
  expect(state.html?.unsafeBuiltinWasUsedInSSR).toBe(false);
});
