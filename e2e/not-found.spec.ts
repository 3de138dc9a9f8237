import { expect, test, type Page } from '@playwright/test';

// 404.html answers every unknown path: it has no address of its own, so no canonical or alternates,
// and its language links lead to each language's home, the same before and after hydration.
const HOMES = ['/uz', '/uz-cyrl', '/ru'];

async function languageLinks(page: Page, navigationName: string): Promise<(string | null)[]> {
  const links = page.getByRole('navigation', { name: navigationName }).getByRole('link');
  return links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
}

test('the 404 page links each language home, in its HTML as after hydration', async ({ browser }) => {
  const withoutScript = await browser.newContext({ javaScriptEnabled: false });
  const html = await withoutScript.newPage();
  const response = await html.goto('/ru/no-such-page');
  expect(response?.status()).toBe(404);
  // Without script the page stays in Uzbek Latin, the language the build wrote it in.
  expect(await languageLinks(html, 'Tilni tanlash')).toEqual(HOMES);
  await withoutScript.close();

  const page = await browser.newPage();
  await page.goto('/ru/no-such-page');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.waitForLoadState('networkidle');
  expect(await languageLinks(page, 'Выбор языка')).toEqual(HOMES);
  await page.getByRole('navigation', { name: 'Выбор языка' }).getByRole('link', { name: 'Ўзбекча' }).click();
  await expect(page).toHaveURL(/\/uz-cyrl$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');
  await page.close();
});

test('the 404 page has one main landmark and no canonical or alternate links', async ({ page }) => {
  await page.goto('/uz/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.locator('link[rel=canonical], link[rel=alternate], meta[property="og:url"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /^YukBor: yuklar va haydovchilar/);
});
