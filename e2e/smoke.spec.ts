import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LANGUAGES } from '../src/config/languages';
import { E2E_PUBLIC_DIR } from './env';

const NAV_LOADS = { uz: 'Yuklar', 'uz-Cyrl': 'Юклар', ru: 'Грузы' } as const;

for (const language of LANGUAGES) {
  test(`the ${language.code} home has the language, navigation and footer`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/${language.prefix}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const loadsLink = page.getByRole('banner').getByRole('link', { name: NAV_LOADS[language.code] });
    await expect(loadsLink).toHaveAttribute('href', `/${language.prefix}/loads`);
    await expect(page.getByRole('contentinfo')).toContainText('© 2024');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/(uz|uz-cyrl|ru)$/);
    await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
}

test('navigating keeps the language of the path', async ({ page }) => {
  await page.goto('/ru/help');
  await page.getByRole('banner').getByRole('link', { name: 'Возможности' }).click();
  await expect(page).toHaveURL(/\/ru\/features$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Возможности');
});

test('the language selector switches to the same page in another language and remembers it', async ({ page }) => {
  await page.goto('/uz/help?noredirect');
  // Before the page's script has loaded, the links are plain links (header.spec.ts): no query, no memory.
  await page.waitForLoadState('networkidle');
  const before = await page.evaluate(() => history.length);
  await page.getByRole('link', { name: 'Ўзбекча' }).click();
  await expect(page).toHaveURL(/\/uz-cyrl\/help\?noredirect$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ёрдам');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('uz-Cyrl');
  expect(await page.evaluate(() => history.length)).toBe(before);
});

test('a bare path is the Uzbek Latin page with its canonical on /uz', async ({ page }) => {
  await page.goto('/features');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imkoniyatlar');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/uz\/features$/);
});

test('an unknown path answers 404 in the language its prefix names', async ({ page }) => {
  const response = await page.goto('/ru/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('texts are also served as files', async ({ request }) => {
  const response = await request.get('/locales/uz-cyrl/common.json');
  expect(response.ok()).toBe(true);
  expect((await response.json()).nav.loads).toBe('Юклар');
});

test('the sitemap lists prefixed pages, not bare aliases, and robots.txt names it', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap-index\.xml/);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/uz-cyrl\/features<\/loc>/);
  expect(sitemap).not.toMatch(/<loc>http:\/\/localhost:\d+\/features<\/loc>/);
  expect(sitemap).not.toContain('/applink');
});

test('the sitemap lists every prefixed page the build made, once', () => {
  // Read from the build's own page data: one folder per page, whoever made it.
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'sq') walk(path.join(dir, entry.name));
      else if (entry.name === 'page-data.json') pages.push(`/${path.relative(path.join(E2E_PUBLIC_DIR, 'page-data'), dir)}`);
    }
  };
  walk(path.join(E2E_PUBLIC_DIR, 'page-data'));
  const indexable = pages.filter((page) => /^\/(uz|uz-cyrl|ru)(\/|$)/.test(page) && !/\/(404|applink|auth)(\.html)?$/.test(page));
  const sitemap = fs.readFileSync(path.join(E2E_PUBLIC_DIR, 'sitemap-0.xml'), 'utf8');
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((match) => match[1] || '/');
  expect(indexable.length).toBeGreaterThan(100);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual([...indexable].sort());
});
