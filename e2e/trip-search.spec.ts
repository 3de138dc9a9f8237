import { expect, test, type Page } from '@playwright/test';
import { boardHydrated, boardStatus, resetApi } from './support';

/**
 * Where from and where to (CONTRACT.md, "Trips"; docs/board.md, "From and To"): the board's two place
 * fields, each with its radius, and a search naming a trip, typed as drivers type them, lead to the city
 * or route page with the filters kept; at 360 x 640, with the keyboard only.
 */

test.afterEach(resetApi);

const PHONE = { width: 360, height: 640 };

async function openBoard(page: Page, path: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await boardHydrated(page);
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const labelled = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return labelled ?? element?.getAttribute('aria-label') ?? '';
  });

test('keyboard only: From and To with their case endings lead to the route page, which is announced and focused', async ({ page }) => {
  await openBoard(page, '/ru/loads');
  await page.locator('#load-search').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Найти' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Откуда', exact: true })).toBeFocused();
  await page.keyboard.type('из Самарканда');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Радиус вокруг пункта отправления');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Куда', exact: true })).toBeFocused();
  await page.keyboard.type('в Ташкент');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ru\/loads\/route\/samarqand\/toshkent$/);
  await expect(page.locator('#gatsby-announcer')).toHaveText(/Самарканд → Ташкент/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(boardStatus(page)).toHaveText(/^Найден\S* \d+ груз/);
});

test('each field has its own radius, and the filters chosen on the board are kept', async ({ page }) => {
  await openBoard(page, '/ru/loads?vehicle=Tent&weightMin=10');
  await page.getByRole('combobox', { name: 'Откуда', exact: true }).fill('Samarqanddan');
  await page.getByRole('combobox', { name: 'Радиус вокруг пункта отправления' }).selectOption('50');
  await page.getByRole('button', { name: 'Найти' }).press('Enter');
  await expect(page).toHaveURL(/\/ru\/loads\/from\/samarqand\?vehicle=Tent&weightMin=10&near=50$/);
  await expect(page.getByRole('button', { name: 'Убрать фильтр: в радиусе 50 км' })).toBeVisible();

  await openBoard(page, '/ru/loads');
  await page.getByRole('combobox', { name: 'Откуда', exact: true }).fill('Самарқанд');
  await page.getByRole('combobox', { name: 'Куда', exact: true }).fill('Тошкентга');
  await page.getByRole('combobox', { name: 'Радиус вокруг пункта назначения' }).selectOption('25');
  await page.getByRole('button', { name: 'Найти' }).press('Enter');
  await expect(page).toHaveURL(/\/ru\/loads\/route\/samarqand\/toshkent\?nearTo=25$/);
  await expect(page.getByRole('button', { name: 'Убрать фильтр: пункт назначения: в радиусе 25 км' })).toBeVisible();
});

test('one search naming two places is the trip, in Russian and in Uzbek, typed or in a shared link', async ({ page }) => {
  for (const [board, typed, route] of [
    ['/ru/loads', 'Самарканд - Ташкент', /\/ru\/loads\/route\/samarqand\/toshkent$/],
    ['/ru/loads', 'Самарканд Ташкент', /\/ru\/loads\/route\/samarqand\/toshkent$/],
    ['/uz/loads', 'Samarqanddan Toshkentga', /\/uz\/loads\/route\/samarqand\/toshkent$/],
    ['/uz-cyrl/loads', 'Самарқанд — Тошкент', /\/uz-cyrl\/loads\/route\/samarqand\/toshkent$/],
  ] as const) {
    await openBoard(page, board);
    await page.locator('#load-search').fill(typed);
    await page.locator('#load-search').press('Enter');
    await expect(page).toHaveURL(route);
  }
  // A link with such a search opens the route page in its place.
  await page.goto(`/ru/loads?search=${encodeURIComponent('Самарканд - Ташкент')}`);
  await expect(page).toHaveURL(/\/ru\/loads\/route\/samarqand\/toshkent$/);
  await page.goBack();
  await expect(page).not.toHaveURL(/search=/);
});

test('one place with its direction opens its city page; with its case ending or one letter off it is the place searched', async ({
  page,
}) => {
  await openBoard(page, '/ru/loads');
  await page.locator('#load-search').fill('из Самарканда');
  await page.locator('#load-search').press('Enter');
  await expect(page).toHaveURL(/\/ru\/loads\/from\/samarqand$/);

  await openBoard(page, '/ru/loads?search=Самарканд');
  await expect(boardStatus(page)).toHaveText(/^Найден\S* \d+ груз/);
  const place = await boardStatus(page).textContent();
  for (const typed of ['Самарканда', 'Samarkant', 'САМАРКАНД']) {
    await openBoard(page, `/ru/loads?search=${encodeURIComponent(typed)}`);
    await expect(boardStatus(page)).toHaveText(place ?? '-');
  }
});

test('a place the site does not know stays as typed, says so, and keeps focus on its field', async ({ page }) => {
  await openBoard(page, '/ru/loads');
  const from = page.getByRole('combobox', { name: 'Откуда', exact: true });
  await from.fill('Атлантида');
  await from.press('Enter');
  await expect(page.getByText('Такого места мы не знаем: «Атлантида». Выберите его из подсказок.')).toBeVisible();
  await expect(from).toBeFocused();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveValue('Атлантида');
  await expect(page).toHaveURL(/\/ru\/loads$/);
});
