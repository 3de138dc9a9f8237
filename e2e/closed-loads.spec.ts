import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { holdExternal, interceptExternal } from './support';
import { closedLoadWithRoutePage, publishedClosedLoads } from './closed-loads';
import { E2E_PUBLIC_DIR } from './env';

// Taken loads are explained (docs/closed-loads.md): a load that left the board in the last 30 days (the build's
// history imported the sample API's past) is explained on its URL by the 404 page, from the closed-load
// index the build published, in the path's language, with status 404, noindex and no redirect.
// axe audits it with the other page types (validators.spec.ts).

const closed = closedLoadWithRoutePage();
const PUBLIC = E2E_PUBLIC_DIR;

const VARIANTS = [
  { prefix: '', lang: 'uz', title: 'Eʼlon yopilgan', code: 'uz', handOver: 'Ilovaga oʻtish' },
  { prefix: '/uz', lang: 'uz', title: 'Eʼlon yopilgan', code: 'uz', handOver: 'Ilovaga oʻtish' },
  { prefix: '/uz-cyrl', lang: 'uz-Cyrl', title: 'Эълон ёпилган', code: 'uz-Cyrl', handOver: 'Иловага ўтиш' },
  { prefix: '/ru', lang: 'ru', title: 'Заявка закрыта', code: 'ru', handOver: 'Перейти в приложение' },
] as const;

test('the build published closed loads from its history', () => {
  expect(publishedClosedLoads().length).toBeGreaterThan(0);
  expect(closed, 'a closed load whose route page this build made').toBeDefined();
});

for (const variant of VARIANTS) {
  test(`a closed load's URL ${variant.prefix || '(bare)'}/load/{id} explains it and leads on`, async ({ page }) => {
    if (!closed) throw new Error('no closed load in the build');
    const visited = await interceptExternal(page);
    const url = `${variant.prefix}/load/${encodeURIComponent(closed.id)}`;
    await page.clock.install();
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    const heading = page.getByRole('heading', { level: 1, name: variant.title });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(heading).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('lang', variant.lang);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /(^|,\s*)noindex(,|$)/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    const route = `${closed.from[variant.code]} → ${closed.to[variant.code]}`;
    await expect(page).toHaveTitle(`${variant.title}: ${route} | YukBor`);
    await expect(page.getByRole('main').getByText(route, { exact: true })).toBeVisible();
    // No redirect to the app: the visitor stays on the explanation, past every timer the page set for the
    // next few seconds (an open load hands over after REDIRECT_DELAY_MS).
    await page.clock.runFor(3_000);
    expect(new URL(page.url()).pathname).toBe(url);
    expect(visited).toEqual([]);
    await expect(page.getByRole('link', { name: variant.handOver })).toHaveAttribute('href', `${variant.prefix}/applink`);
    // The lead-on link opens the route page of the same route, which lists open loads only.
    const leadOn = page.getByRole('main').getByRole('link').first();
    const leadOnPath = closed.leadOn.kind === 'route' ? closed.leadOn.path : '';
    await expect(leadOn).toHaveAttribute('href', `${variant.prefix}${leadOnPath}`);
    const [routePage] = await Promise.all([
      page.waitForEvent('response', (answer) => answer.url().endsWith(`${variant.prefix}${leadOnPath}`)),
      leadOn.click(),
    ]);
    expect(routePage.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${variant.prefix}${leadOnPath}$`));
    await expect(page.locator(`a[href$="/load/${encodeURIComponent(closed.id)}"]`)).toHaveCount(0);
  });
}

test('an unknown load id is still an unknown load: no explanation, handed over to the app', async ({ page }) => {
  await holdExternal(page);
  const response = await page.goto('/ru/load/no-such-load-7');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/ru\/applink$/, { timeout: 15_000 });
});

test('closed loads are in no sitemap, on no board, city or route page, and have no page of their own', () => {
  if (!closed) throw new Error('no closed load in the build');
  const loadPath = `/load/${encodeURIComponent(closed.id)}`;
  const sitemaps = fs.readdirSync(PUBLIC).filter((name) => /^sitemap.*\.xml$/.test(name));
  expect(sitemaps.length).toBeGreaterThan(0);
  for (const name of sitemaps) expect(fs.readFileSync(path.join(PUBLIC, name), 'utf8')).not.toContain(`${loadPath}<`);
  expect(fs.existsSync(path.join(PUBLIC, loadPath))).toBe(false);
  const lists = [
    'loads',
    'uz/loads',
    'ru/loads',
    ...(closed.leadOn.kind === 'route' ? [closed.leadOn.path.slice(1), `ru${closed.leadOn.path}`] : []),
  ];
  for (const list of lists) expect(fs.readFileSync(path.join(PUBLIC, list, 'index.html'), 'utf8')).not.toContain(`${loadPath}"`);
});

test('the live board does not list a closed load after its refresh from the API', async ({ page }) => {
  if (!closed) throw new Error('no closed load in the build');
  await page.goto('/ru/loads');
  await page.waitForLoadState('networkidle');
  await expect(page.locator(`a[href$="/load/${encodeURIComponent(closed.id)}"]`)).toHaveCount(0);
});
