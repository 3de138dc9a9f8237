import { expect, test } from '@playwright/test';
import { controlApi, holdExternal, resetApi } from './support';

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

for (const path of PAGES) {
  test(`${path} runs under the Content-Security-Policy with no violation`, async ({ page }) => {
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
    const response = await page.goto(path);
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
