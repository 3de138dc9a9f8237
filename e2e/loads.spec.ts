import { expect, test } from '@playwright/test';
import { controlApi, countListRequests, resetApi } from './support';

test.afterEach(resetApi);

const cards = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('listitem').filter({ has: page.locator('a[href*="/load/"]') });

test('paging works as plain links before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/uz/loads');
  await page.getByRole('link', { name: 'Keyingi' }).click();
  await expect(page).toHaveURL(/\/uz\/loads\?page=2$/);
  await context.close();
});

test('the first page of loads is in the HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/uz/loads');
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByText('6 dan 1-sahifa')).toBeVisible();
  await expect(page.locator('a[href="/uz/load/1001"]')).toHaveCount(1);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd['@type']).toBe('ItemList');
  expect(jsonLd.itemListElement).toHaveLength(10);
  await context.close();
});

test('the browser refreshes the list with one request and no spinner over the pre-rendered list', async ({ page }) => {
  const requests = countListRequests(page);
  await page.goto('/ru/loads');
  await expect(page.getByText('Страница 1 из 6')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.count()).toBe(1);
  expect(requests.urls[0]).toMatch(/\/loads\?page=1&limit=20$/);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);
});

test('pages forward and back, with the page in the URL and the back button working', async ({ page }) => {
  await page.goto('/uz/loads');
  const previous = page.getByRole('link', { name: 'Oldingi' });
  const next = page.getByRole('link', { name: 'Keyingi' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await next.click();
  await expect(page).toHaveURL(/\/uz\/loads\?page=2$/);
  await expect(page.getByText('6 dan 2-sahifa')).toBeVisible();
  await expect(page.locator('a[href="/uz/load/1021"]')).toHaveCount(1);
  await previous.click();
  await expect(page.getByText('6 dan 1-sahifa')).toBeVisible();
  await page.goto('/uz/loads?page=6');
  await expect(page.getByText('6 dan 6-sahifa')).toBeVisible();
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.goBack();
  await expect(page.getByText('6 dan 1-sahifa')).toBeVisible();
});

test('a search resets to page 1 and is kept in the URL', async ({ page }) => {
  await page.goto('/uz/loads?page=3');
  await expect(page.getByText('6 dan 3-sahifa')).toBeVisible();
  await page.getByRole('searchbox').fill('Toshkent');
  await page.getByRole('button', { name: 'Qidirish' }).click();
  await expect(page).toHaveURL(/\?search=Toshkent$/);
  await expect(cards(page).first()).toContainText('Toshkent');
  // The API also matches the region of a hand-typed place ("Chirchiq, Toshkent viloyati"); cards name the city.
  for (const text of await cards(page).allTextContents()) expect(text.toLowerCase()).toMatch(/toshkent|chirchiq|angren/);
});

test('an empty search says so and offers to clear it', async ({ page }) => {
  await page.goto('/uz-cyrl/loads');
  await page.getByRole('searchbox').fill('zzzz-no-such-place');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByText('Ҳозирда юклар мавжуд эмас. Кейинроқ қайта текширинг.')).toBeVisible();
  await page.getByRole('button', { name: 'Қидирувни тозалаш' }).click();
  await expect(page).toHaveURL(/\/uz-cyrl\/loads$/);
  await expect(cards(page)).toHaveCount(20);
});

test('a failing API shows the error panel with the status and body, and retry recovers', async ({ page }) => {
  await controlApi({ fail: 503 });
  await page.goto('/uz/loads');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Yuklash mumkin emas' })).toBeVisible();
  await expect(alert).toContainText('503');
  await expect(alert).toContainText('Service Unavailable');
  await expect(alert).toContainText('Sample API: injected failure');
  await controlApi({ fail: null });
  await alert.getByRole('button', { name: 'Qayta urinish' }).click();
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

for (const shape of ['loads', 'top-level', 'bare'] as const) {
  test(`reads the API's "${shape}" response shape`, async ({ page }) => {
    await controlApi({ shape });
    await page.goto('/uz/loads?page=2');
    await expect(page.locator('a[href="/uz/load/1021"]')).toHaveCount(1);
    await expect(cards(page)).toHaveCount(20);
  });
}

test('a load with markup in its title shows it as text and runs nothing', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto('/uz/loads?search=onerror');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test('a request made stale by a newer search is aborted, and only the newer result is shown', async ({ page }) => {
  await page.goto('/uz/loads');
  await page.waitForLoadState('networkidle');
  await controlApi({ delayMs: 1500 });
  const aborted: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/loads')) aborted.push(request.url());
  });
  await page.getByRole('searchbox').fill('Toshkent');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/search=Toshkent/);
  await page.getByRole('searchbox').fill('Buxoro');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/search=Buxoro/);
  await expect.poll(() => aborted.length).toBe(1);
  expect(aborted[0]).toContain('search=Toshkent');
  await expect(cards(page).first()).toContainText('Buxoro', { timeout: 10_000 });
  for (const text of await cards(page).allTextContents()) expect(text.toLowerCase()).toContain('buxoro');
});
