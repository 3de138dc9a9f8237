import { expect, test, type Page } from '@playwright/test';
import { boardHydrated, boardStatus, controlApi, resetApi } from './support';

/**
 * A phone's first screen (docs/board.md, "The first screen on a phone") and where focus stays
 * (docs/accessibility.md, WCAG 2.4.3 and 2.4.11): the first load starts on the first screen of a route
 * page, of a board with five kept searches and of a board with two filters, and a control in use never
 * leaves the screen nor drops focus to the page.
 */

test.afterEach(resetApi);

const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/load/"]') });

/** Where the first load's card starts, from the top of the page (the page is not scrolled). */
async function firstCardTop(page: Page): Promise<number> {
  await expect(cards(page).first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return (await cards(page).first().boundingBox())?.y ?? Infinity;
}

/** The phone keeps these searches of the board (src/board/saved/saved-searches.ts), as if kept one by one. */
async function keep(page: Page, vehicles: readonly string[]): Promise<void> {
  await page.evaluate((names) => {
    const now = Date.now();
    const kept = names.map((name) => ({ path: '/loads', query: `?vehicle=${name}`, openedAt: now, newSince: now }));
    localStorage.setItem('yukbor.savedSearches', JSON.stringify(kept));
  }, vehicles);
}

/** The route page of the busiest rated route: the one with the largest rate block above where its list was. */
async function busiestRatedRoute(page: Page): Promise<string> {
  await page.goto('/ru/loads/rates');
  const route = await page.locator('li[data-route]').first().getAttribute('data-route');
  expect(route).toMatch(/^\/loads\/route\//);
  return `/ru${route}`;
}

for (const phone of PHONES) {
  test(`${phone.width} x ${phone.height}: a route page's first load is on the first screen, its going rate after the list`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    const route = await busiestRatedRoute(page);
    await page.goto(route);
    const rate = page.getByRole('region', { name: 'Обычная цена на направлении' });
    await expect(rate).toHaveAttribute('data-going-rate', 'shown');
    expect(await firstCardTop(page)).toBeLessThan(phone.height);
    // The rate is one tap away, and below the list's pages.
    await expect(page.getByRole('link', { name: 'Обычная цена на направлении — после списка грузов' })).toHaveAttribute(
      'href',
      '#going-rate',
    );
    const pages = await page.getByRole('navigation', { name: 'Страницы' }).or(cards(page).last()).last().boundingBox();
    expect((await rate.boundingBox())?.y ?? 0).toBeGreaterThan(pages?.y ?? Infinity);
  });

  test(`${phone.width} x ${phone.height}: five kept searches fold to one line, and the first load is on the first screen`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto('/ru/loads');
    await keep(page, ['Tent', 'Refrijerator', 'Kamaz', 'Labo', 'Damas']);
    await page.reload();
    const kept = page.getByRole('region', { name: 'Сохранённые поиски' });
    const fold = kept.getByText('Сохранённые поиски');
    await expect(fold).toBeVisible();
    await expect(kept.getByRole('link', { name: 'Тент', exact: true })).toBeHidden();
    expect(await firstCardTop(page)).toBeLessThan(phone.height);
    // Opened, every kept search is there.
    await fold.click();
    await expect(kept.getByRole('listitem')).toHaveCount(5);
    await expect(kept.getByRole('link', { name: 'Дамас', exact: true })).toBeVisible();
  });

  test(`${phone.width} x ${phone.height}: with two filters chosen the first load is on the first screen`, async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/ru/loads?vehicle=Tent&weightMin=10');
    await expect(page.getByRole('button', { name: 'Убрать фильтр: от 10 т' })).toBeVisible();
    await expect(page.locator('[role="status"]')).toHaveText(/^Найден\S* \d+ груз\S*, страница 1 из/);
    expect(await firstCardTop(page)).toBeLessThan(phone.height);
  });

  // The status and freshness lines fold to one line, the chips and "keep this search" stay compact, and
  // the From and To fields stand above them: the first load is still on the first screen, with two
  // filters, with an API in no order (whose counts say "at least"), and with five kept searches too.
  for (const [name, arrange] of [
    ['two filters and the From and To fields', async () => undefined],
    ['an API in no order', async () => controlApi({ order: 'none' })],
    ['five kept searches', async (page: Page) => keep(page, ['Tent', 'Refrijerator', 'Kamaz', 'Labo', 'Damas'])],
  ] as const) {
    test(`${phone.width} x ${phone.height}: ${name}: the first load of a list with two filters is on the first screen`, async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await page.goto('/ru/loads');
      await arrange(page);
      await page.goto('/ru/loads?vehicle=Tent&weightMin=5');
      await boardHydrated(page);
      await expect(page.getByRole('button', { name: 'Убрать фильтр: от 5 т' })).toBeVisible();
      await expect(boardStatus(page)).toHaveText(/груз/);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const to = await page.getByRole('combobox', { name: 'Куда', exact: true }).boundingBox();
      expect(to?.y ?? Infinity).toBeLessThan(phone.height);
      const top = await firstCardTop(page);
      expect(top).toBeGreaterThan((to?.y ?? 0) + (to?.height ?? 0));
      expect(top).toBeLessThan(phone.height);
      if (name === 'five kept searches') {
        // Five is the most: "keep" says so when tapped, in the polite status beside it.
        await page.getByRole('button', { name: 'Сохранить поиск' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'не более 5' })).toBeVisible();
      }
    });
  }

  test(`${phone.width} x ${phone.height}: a filter tapped with the keyboard keeps the focused control on screen as the chips grow`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto('/ru/loads');
    await boardHydrated(page);
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    // A type with no load under the other choices cannot be ticked (nor reached with Tab): the others can.
    const boxes = page.getByRole('group', { name: 'Тип транспорта' }).getByRole('checkbox', { disabled: false });
    await expect(boxes.first()).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Тип транспорта' })
        .getByRole('checkbox', { name: /\(0\)$/ })
        .first(),
    ).toBeDisabled();
    const count = await boxes.count();
    await boxes.first().focus();
    for (let index = 0; index < count; index += 1) {
      const box = boxes.nth(index);
      await expect(box).toBeFocused();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
      await expect(page.getByRole('button', { name: /^Убрать фильтр: / })).toHaveCount(index + 1);
      // Once the list has answered, the focused control is still within the screen, whole.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect
        .poll(() =>
          box.evaluate((element) => {
            const rect = element.getBoundingClientRect();
            return document.activeElement === element && rect.top >= 0 && rect.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await page.keyboard.press('Tab');
    }
  });

  test(`${phone.width} x ${phone.height}: removing a kept search moves focus to the next one, then to the list's heading`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto('/ru/loads');
    await keep(page, ['Tent', 'Refrijerator', 'Kamaz']);
    await page.reload();
    await boardHydrated(page);
    const kept = page.getByRole('region', { name: 'Сохранённые поиски' });
    await kept.getByText('Сохранённые поиски').click();
    await kept.getByRole('button', { name: 'Удалить: Рефрижератор' }).click();
    await expect(kept.getByRole('button', { name: 'Удалить: КамАЗ' })).toBeFocused();
    await kept.getByRole('button', { name: 'Удалить: КамАЗ' }).click();
    // The last one removed: the one before it takes focus.
    await expect(kept.getByRole('button', { name: 'Удалить: Тент' })).toBeFocused();
    await kept.getByRole('button', { name: 'Удалить: Тент' }).click();
    await expect(kept).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Список грузов' })).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });
}
