import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_API_URL } from './env';
import { boardHydrated } from './support';

/**
 * Going rates on the built site (docs/rates.md), from the sample API's past that the e2e runner
 * imports into the build's fresh history: the rates page, the busiest routes' rate blocks and charts,
 * the chart at 320 px and in forced colours, the board's cards reading the ranges file, the sitemap.
 */

const SHOTS = path.resolve('test-results', 'rates');

test('the rates page lists rated routes busiest first, and the busiest routes show a rate and a chart', async ({ page }) => {
  await page.goto('/uz/loads/rates');
  await expect(page.getByRole('heading', { level: 1, name: 'Yuk narxlari yoʻnalishlar boʻyicha' })).toBeVisible();
  const rows = page.locator('tbody tr[data-route]');
  expect(await rows.count()).toBeGreaterThan(3);
  const counts = (await rows.locator('td[data-loads]').allTextContents()).map(Number);
  // Each row says what it stands on: loads, posters, prices left out.
  await expect(page.getByRole('columnheader', { name: 'Yuk beruvchilar' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Hisobga olinmagan' })).toBeVisible();
  // The rules a driver can check, and a price per km written as an estimate.
  await expect(page.getByRole('heading', { level: 2, name: 'Narxlar qanday hisoblanadi' })).toBeVisible();
  await expect(page.getByText(/bitta ovozga ega/)).toBeVisible();
  await expect(page.getByText(/medianasidan 5 baravardan/)).toBeVisible();
  await expect(rows.first().locator('td').nth(1)).toContainText(/^≈\s*taxminan\s[\d\s\u00a0]+(,\d+)?\u00a0[A-Z]{3}\/km/);
  await expect(page.getByText(/oraligʻida doskada boʻlgan yuklar/)).toBeVisible();
  const paths = [...new Set(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-route') ?? '')))];
  for (const [index, routePath] of paths.slice(0, 3).entries()) {
    await page.goto(`/ru${routePath}`);
    const block = page.getByRole('region', { name: 'Обычная цена на направлении' });
    if (index === 0) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await block.screenshot({ path: path.join(SHOTS, 'route-rate-busy.png') });
    }
    await expect(block).toHaveAttribute('data-going-rate', 'shown');
    await expect(block.getByText(/^За рейс \(медиана\)$/).first()).toBeVisible();
    await expect(block.locator('svg[data-rate-chart]')).toBeVisible();
    await expect(block.locator('figure table tbody tr')).toHaveCount(12);
    await expect(page.getByRole('link', { name: 'Цены на всех направлениях' }).first()).toHaveAttribute('href', '/ru/loads/rates');
  }
  expect(counts.length).toBeGreaterThan(0);
});

test('a thin route’s chart draws each of its loads, around the figure’s band and median', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.goto('/ru/loads/rates');
  // The least busy rated route: its weeks are too thin for a weekly median.
  const last = await page.locator('tbody tr[data-route]').last().getAttribute('data-route');
  await page.goto(`/ru${last}`);
  const block = page.getByRole('region', { name: 'Обычная цена на направлении' });
  await expect(block).toHaveAttribute('data-going-rate', 'shown');
  const chart = block.locator('svg[data-rate-chart]');
  await expect(chart).toBeVisible();
  expect(await chart.locator('.rate-points circle').count()).toBeGreaterThan(0);
  await expect(chart.locator('rect.rate-band')).toHaveCount(1);
  await expect(chart.locator('line.rate-median')).toHaveCount(1);
  await expect(block.getByRole('listitem').filter({ hasText: 'Цена одного груза' })).toBeVisible();
  await expect(
    block.getByText(/грузовладельцев: \d+\. Не учтены цены, которые более чем в 5 раз выше или ниже медианы: \d+\.$/).first(),
  ).toBeVisible();
  await block.screenshot({ path: path.join(SHOTS, 'route-rate-thin.png') });
});

test('the chart reads at 320 px and in forced colours', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto('/uz/loads/rates');
  const first = await page.locator('tbody tr[data-route]').first().getAttribute('data-route');
  await page.goto(`/uz${first}`);
  const block = page.locator('[data-going-rate="shown"]');
  await expect(block).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const box = await block.locator('svg[data-rate-chart]').boundingBox();
  expect(box?.width).toBeGreaterThan(250);
  await block.screenshot({ path: path.join(SHOTS, 'route-rate-320.png') });
  await page.emulateMedia({ forcedColors: 'active' });
  const stroke = await block.locator('svg[data-rate-chart] path.rate-line').evaluate((node) => getComputedStyle(node).stroke);
  expect(stroke).not.toBe('none');
  await block.screenshot({ path: path.join(SHOTS, 'route-rate-forced-colours.png') });
});

test('the board fetches the ranges file only for cards the build did not position, and those cards say where their price sits', async ({
  page,
}) => {
  const rangesRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/rates\/ranges\.[0-9a-f]{12}\.json$/.test(request.url())) rangesRequests.push(request.url());
  });
  // The refresh on arrival never answers, so the board shows what the build rendered, whatever the
  // sample API holds by now (other specs post loads to it).
  await page.route(`${E2E_API_URL}/loads?**`, () => undefined);
  await page.goto('/ru/loads');
  await boardHydrated(page);
  await expect(page.getByRole('link', { name: 'Цены по направлениям' })).toHaveAttribute('href', '/ru/loads/rates');
  const position = page.getByText(/^(Ниже обычной цены|В пределах обычной цены|Выше обычной цены)$/);
  // The build's positions are in its HTML; the old board fetched the file right after its first render.
  await expect(position.first()).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(rangesRequests).toEqual([]);

  await page.unroute(`${E2E_API_URL}/loads?**`);
  const ranges = page.waitForRequest(/\/rates\/ranges\.[0-9a-f]{12}\.json$/);
  await page.getByRole('link', { name: 'Вперёд' }).first().click();
  await expect(page).toHaveURL(/\/ru\/loads\?page=2$/);
  await ranges;
  await expect(page.getByRole('status')).toHaveText(/страница 2 из/);
  await expect(position.first()).toBeVisible();
  expect(rangesRequests).toHaveLength(1);
});

test('the directory links the rates page, and the sitemap lists it with its alternates', async ({ page, request }) => {
  await page.goto('/uz-cyrl/loads/places');
  await expect(page.getByRole('link', { name: 'Барча йўналишлардаги нархлар' })).toHaveAttribute('href', '/uz-cyrl/loads/rates');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const entry = /<url><loc>[^<]*\/ru\/loads\/rates<\/loc>(.*?)<\/url>/.exec(sitemap)?.[1] ?? '';
  expect(entry).toMatch(/hreflang="uz-Cyrl" href="[^"]*\/uz-cyrl\/loads\/rates"/i);
  expect(entry).toMatch(/hreflang="x-default" href="[^"]*\/loads\/rates"/i);
});
