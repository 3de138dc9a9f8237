import { expect, test, type Locator, type Page } from '@playwright/test';
import { tashkentDay } from '../src/config/time';
import { decodeAlertToken } from '../src/search/alert-token';
import { NO_FILTERS } from '../src/search/filter-table';
import { E2E_ALERTS_BOT } from './env';

/*
 * A city or route page is kept as it is, without a filter (docs/board.md, "Saved searches"): its "keep
 * this search" is in the build's HTML, and the saved searches' code comes only once it is reached (a tap,
 * a focus, a pointer near), so the page's first script stays within its budget. Kept, it is a kept search
 * like any other: listed on the board in the reader's words, counted, with its Telegram alerts.
 */

const CITY = '/ru/loads/from/toshkent';
const ROUTE = '/ru/loads/route/toshkent/samarqand';
const EXTRAS_CHUNK = /\/board-tap-filter-extras-[^/]*\.js$/;

test.use({ viewport: { width: 360, height: 640 } });

/** The scripts of the saved searches' chunk the page asked for so far. */
function extrasRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (EXTRAS_CHUNK.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

/** The Telegram alerts token of the link named `name`, the bot's t.me link. */
async function alertsToken(page: Page, name: RegExp): Promise<string> {
  const link = page.getByRole('link', { name });
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^https://t\\.me/${E2E_ALERTS_BOT}\\?start=[A-Za-z0-9_-]{1,64}$`));
  return new URL(href).searchParams.get('start') ?? '';
}

/** Whether the page's script has taken over `button` (React keeps its fiber on the node): a tap before that is lost. */
const hydrated = (button: Locator) => button.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));

/** Taps "keep this search" once the page runs. */
async function tapKeep(page: Page): Promise<void> {
  const keep = page.getByRole('button', { name: 'Сохранить поиск' });
  await expect.poll(() => hydrated(keep)).toBe(true);
  await keep.click();
}

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('yukbor.savedSearches') ?? '[]') as { path: string; query: string }[]);

test('a city page is kept as it is, keyboard only, its code fetched only once the button is reached', async ({ page, request }) => {
  // In the build's HTML: nothing is added after hydration, and it is there before the script runs.
  const html = await (await request.get(CITY)).text();
  // Disabled until the page runs, so that no tap is lost.
  expect(/<button type="button" class="[^"]*" aria-label="Сохранить поиск" disabled="">Сохранить<\/button>/.test(html)).toBe(true);

  const fetched = extrasRequests(page);
  await page.goto(CITY);
  const keep = page.getByRole('button', { name: 'Сохранить поиск' });
  await expect.poll(() => hydrated(keep)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  await page.getByRole('button', { name: /^Фильтры/ }).focus();
  await page.keyboard.press('Tab');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  // The same button now removes it, and keeps focus; the keep flow's live region says it was kept.
  await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeFocused();
  await expect(page.getByText('Поиск сохранён на этом телефоне.')).toHaveAttribute('aria-live', 'polite');
  expect(fetched.length).toBeGreaterThan(0);
  expect(await stored(page)).toEqual([expect.objectContaining({ path: '/loads/from/toshkent', query: '' })]);
  // Its Telegram alerts, beside "Remove from saved".
  const token = await alertsToken(page, /^Следить за новыми грузами \(бот в Telegram\)/);
  expect(decodeAlertToken(token, tashkentDay(Date.now()) ?? '')).toMatchObject({
    search: { language: 'ru', scope: { from: 'toshkent' }, filters: NO_FILTERS },
  });

  // Removed with the same button, and offered again.
  await page.keyboard.press('Enter');
  await expect(keep).toBeFocused();
  expect(await stored(page)).toEqual([]);
});

test('a city and a route page kept as they are are listed on the board in the reader’s words, counted, with their alerts', async ({
  page,
}) => {
  await page.goto(CITY);
  await tapKeep(page);
  await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeVisible();
  await page.goto(ROUTE);
  await expect(page.getByRole('heading', { level: 1, name: 'Грузы: Ташкент → Самарканд' })).toBeVisible();
  await tapKeep(page);
  await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeFocused();
  await expect(page.getByText('Поиск сохранён на этом телефоне.')).toHaveAttribute('aria-live', 'polite');
  const routeToken = await alertsToken(page, /^Следить за новыми грузами \(бот в Telegram\)/);
  // A kept route's alerts follow its trip: the token holds both ends (its loads on the way come with them).
  expect(decodeAlertToken(routeToken, tashkentDay(Date.now()) ?? '')).toMatchObject({
    search: { language: 'ru', scope: { from: 'toshkent', to: 'samarqand' }, filters: NO_FILTERS },
  });

  await page.goto('/ru/loads');
  const saved = page.getByRole('region', { name: 'Сохранённые поиски' });
  await expect(saved.getByText(/^\(2\)/)).toBeVisible();
  await saved.getByText('Сохранённые поиски').click();
  const city = saved.getByRole('listitem').filter({ hasText: 'Ташкент → все направления' });
  const route = saved.getByRole('listitem').filter({ hasText: 'Ташкент → Самарканд' });
  await expect(city.getByRole('link', { name: 'Ташкент → все направления', exact: true })).toHaveAttribute('href', CITY);
  await expect(route.getByRole('link', { name: 'Ташкент → Самарканд', exact: true })).toHaveAttribute('href', ROUTE);
  // Each counts its loads posted since it was last opened.
  for (const item of [city, route]) await expect(item.getByText(/^с \d\d\.\d\d\.\d{4}, \d\d:\d\d: новых нет$/)).toBeVisible();
  expect(await alertsToken(page, /^Следить за новыми грузами \(бот в Telegram\) \(Ташкент → Самарканд\)/)).toBe(routeToken);
  await expect(city.getByRole('link', { name: /^Следить в RSS-ридере/ })).toHaveAttribute('href', '/feeds/ru/from/toshkent.atom');

  // In Uzbek, the same kept pages in the reader's words.
  await page.goto('/uz/loads');
  const uzSaved = page.getByRole('region', { name: 'Saqlangan qidiruvlar' });
  await uzSaved.getByText('Saqlangan qidiruvlar').click();
  await expect(uzSaved.getByRole('link', { name: 'Toshkent → barcha yoʻnalishlar', exact: true })).toHaveAttribute(
    'href',
    '/uz/loads/from/toshkent',
  );
  await expect(uzSaved.getByRole('link', { name: 'Toshkent → Samarqand', exact: true })).toHaveAttribute(
    'href',
    '/uz/loads/route/toshkent/samarqand',
  );
  await expect(uzSaved.getByText(/^\d\d\.\d\d\.\d{4}, soat \d\d:\d\d dan beri: yangi yuk yoʻq$/)).toHaveCount(2);

  // Kept on the board, the city page offers to remove it, in Uzbek too.
  await page.goto('/uz/loads/from/toshkent');
  await expect(page.getByRole('button', { name: 'Saqlanganlardan olib tashlash' })).toBeVisible();
});

test('five kept: a city page kept as it is says that five is the most, and keeps nothing more', async ({ page }) => {
  await page.goto('/ru/loads');
  await page.evaluate(() => {
    const now = Date.now();
    const kept = [1, 2, 3, 4, 5].map((tonnes) => ({
      path: '/loads',
      query: `?weightMin=${tonnes}`,
      openedAt: now,
      newSince: now,
    }));
    localStorage.setItem('yukbor.savedSearches', JSON.stringify(kept));
  });
  await page.goto(CITY);
  await tapKeep(page);
  await expect(page.getByRole('status').filter({ hasText: 'Можно сохранить не более 5 поисков: удалите один.' })).toHaveCount(1);
  expect((await stored(page)).map((one) => one.path)).not.toContain('/loads/from/toshkent');
});
