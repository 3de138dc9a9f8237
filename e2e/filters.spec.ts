import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { DEFAULT_SAMPLE_LOADS } from '../src/config/constants';
import { isoDay } from '../src/loads/format';
import { vehicleLabel } from '../src/loads/vehicle-types';
import { matchPlace } from '../src/places/match';
import { PINNED_SAMPLE_DAY, generateLoad, generateLoads, sampleDayStart } from '../tools/sample-api/data';
import { boardHydrated, boardStatus, controlApi, loadCards, matchingIds, resetApi } from './support';
import { E2E_API_URL } from './env';
import { renderedHtmlErrors } from './rendered-html';

// The board's and the city pages' filters (CONTRACT.md, "Filters") in Chromium, on the built site and
// the e2e sample API's 120 loads.

test.afterEach(resetApi);

const BOARD = generateLoads(DEFAULT_SAMPLE_LOADS).map((raw) => normalizeLoad(raw));
const count = (keep: (load: Load) => boolean) => BOARD.filter(keep).length;
const plural = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? 'груз' : 'груз[аов]+');

const cards = loadCards;

async function openFilters(page: Page, url: string, names = { open: /^Фильтры($|:)/, vehicle: 'Тип транспорта' }) {
  await page.goto(url);
  const toggle = page.getByRole('button', { name: names.open });
  // Hydrated: React keeps its fiber on the button (as boardHydrated reads the search field's).
  await expect
    .poll(() => toggle.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$'))), { timeout: 10_000 })
    .toBe(true);
  await toggle.click();
  await expect(page.getByRole('group', { name: names.vehicle })).toBeVisible();
}

async function hrefsOf(page: Page): Promise<string[]> {
  return cards(page)
    .locator('a[href*="/load/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test('a vehicle type: each option counts its loads, the list and its count follow, focus stays, Back and Forward move between filters', async ({
  page,
}) => {
  const tents = count((load) => load.vehicleType === 'Tent');
  await openFilters(page, '/ru/loads');
  const tent = page.getByRole('checkbox', { name: `Тент (${tents})` });
  await tent.check();
  await expect(page).toHaveURL(/\/ru\/loads\?vehicle=Tent$/);
  await expect(page.getByRole('status')).toHaveText(
    new RegExp(`^Найден\\S* ${tents} ${plural(tents)}, страница 1 из ${Math.ceil(tents / 20)}$`),
  );
  await expect(tent).toBeFocused();
  await expect(tent).toBeChecked();
  for (const text of await cards(page).allTextContents()) expect(text).toContain('Тент');
  await expect(page.getByRole('button', { name: 'Убрать фильтр: Тент' })).toBeVisible();
  // A type no load uses is offered with its zero.
  await expect(page.getByRole('checkbox', { name: /^Автовоз \(0\)$/ })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/ru\/loads$/);
  await expect(page.getByRole('status')).toHaveText(/^Найдено 120 грузов/);
  await expect(tent).not.toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(/vehicle=Tent$/);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`${tents} ${plural(tents)}`));
});

test('weight from and to, in tonnes, inclusive; a change returns to page 1; a chip removes it', async ({ page }) => {
  const heavy = count((load) => load.weight !== null && load.weight >= 10 && load.weight <= 20);
  await openFilters(page, '/ru/loads?page=3');
  await page.getByRole('textbox', { name: 'От' }).fill('10');
  await page.getByRole('textbox', { name: 'От' }).press('Enter');
  await expect(page).toHaveURL(/\?weightMin=10$/);
  await page.getByRole('textbox', { name: 'До' }).fill('20');
  await page.getByRole('textbox', { name: 'До' }).press('Tab');
  await expect(page).toHaveURL(/\?weightMin=10&weightMax=20$/);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^Найден\\S* ${heavy} ${plural(heavy)}, страница 1 из`));
  for (const text of await cards(page).locator('li li').allTextContents()) {
    const tonnes = /^([\d,]+)\s*т$/.exec(text.replace(/\u00a0/g, ' '));
    if (tonnes) expect(Number((tonnes[1] as string).replace(',', '.'))).toBeGreaterThanOrEqual(10);
  }
  await page.getByRole('button', { name: 'Убрать фильтр: 10–20 т' }).click();
  await expect(page).toHaveURL(/\/ru\/loads$/);
  await expect(page.getByRole('button', { name: /^Фильтры($|:)/ })).toBeFocused();
});

test('loading day: one tap for tomorrow in Tashkent, a range, and the soonest loading first', async ({ page }) => {
  // The e2e board's loads are from November 2026; the phone's clock is put a day after the newest.
  await page.clock.setFixedTime(new Date('2026-11-21T04:00:00Z'));
  const tomorrow = count((load) => isoDay(load.loadingDate) === '2026-11-22');
  await openFilters(page, '/ru/loads');
  await page.getByRole('button', { name: `Завтра (${tomorrow})` }).click();
  await expect(page).toHaveURL(/loadingFrom=2026-11-22&loadingTo=2026-11-22$/);
  await expect(page.getByRole('button', { name: /^Завтра/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status')).toHaveText(new RegExp(`${tomorrow} ${plural(tomorrow)}`));
  for (const text of await cards(page).allTextContents()) expect(text).toContain('Погрузка: Nov 22');

  await page.getByLabel('С какого дня').fill('2026-11-23');
  await page.getByLabel('По какой день').fill('2026-11-25');
  await expect(page).toHaveURL(/loadingFrom=2026-11-23&loadingTo=2026-11-25$/);
  await page.getByRole('radio', { name: 'Сначала ближайшая погрузка' }).check();
  await expect(page).toHaveURL(/&sort=loading$/);
  const days = async () => (await cards(page).allTextContents()).map((text) => Number(/Погрузка: Nov (\d+)/.exec(text)?.[1]));
  // The list on screen changes order once the sorted one has come.
  const sorted = async () => {
    const shown = await days();
    return shown.length > 0 && shown.every((day, index) => index === 0 || (shown[index - 1] as number) <= day);
  };
  await expect.poll(sorted).toBe(true);
  expect((await days()).length).toBeGreaterThan(0);
  expect((await days()).every((day) => day >= 23 && day <= 25)).toBe(true);
});

test('a city page filters its own loads, pages them, and a shared URL opens the same list', async ({ page, browser }) => {
  const fromTashkent = BOARD.filter((load) => matchPlace(load.from)?.slug === 'toshkent');
  const kind = fromTashkent[0]?.vehicleType ?? 'Tent';
  const expected = fromTashkent.filter((load) => load.vehicleType === kind).length;
  await openFilters(page, '/ru/loads/from/toshkent');
  await page.getByRole('checkbox', { name: `${vehicleLabel(kind, 'ru')} (${expected})` }).check();
  await expect(page).toHaveURL(/\/ru\/loads\/from\/toshkent\?vehicle=/);
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${expected} ${plural(expected)}`));
  for (const text of await cards(page).allTextContents()) expect(text.startsWith('Ташкент')).toBe(true);
  const shown = await hrefsOf(page);

  const other = await browser.newPage();
  await other.goto(page.url());
  await expect(boardStatus(other)).toHaveText(new RegExp(`^Найден\\S* ${expected} ${plural(expected)}`));
  expect(await hrefsOf(other)).toEqual(shown);
  await other.close();
});

test('a load posted after the build shows under a filter it matches, newest first', async ({ page }) => {
  // Change mode posts generateLoad(10,000,001) at the front of the board.
  const posted = normalizeLoad(generateLoad(10_000_001));
  await controlApi({ change: { every: 1, removals: false, limit: 1 } });
  await fetch(`${E2E_API_URL}/loads?limit=1`);
  await controlApi({ change: null });
  await page.goto(`/ru/loads?vehicle=${encodeURIComponent(posted.vehicleType)}`);
  await expect(cards(page).first().locator('a[href*="/load/"]')).toHaveAttribute('href', `/ru/load/${posted.id}`);
  await expect(page.getByText(/^Новые грузы проверены в \d\d:\d\d$/)).toBeVisible();
});

test('a filter panel whose code did not come says so in one line, and its retry opens it with focus back on Filters', async ({ page }) => {
  let refuse = true;
  await page.route(/\/board-tap-filter-panel-[0-9a-f]+\.js$/, (route) => (refuse ? route.abort('failed') : route.continue()));
  await page.goto('/ru/loads');
  await boardHydrated(page);
  const toggle = page.getByRole('button', { name: /^Фильтры/ });
  await toggle.click();
  await expect(page.getByText('Эта часть страницы не загрузилась.')).toBeVisible();
  await expect(loadCards(page)).toHaveCount(20);
  refuse = false;
  await page.getByRole('button', { name: 'Повторить' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Тип транспорта' })).toBeVisible();
  await expect(page.getByText('Эта часть страницы не загрузилась.')).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('a malformed value is ignored, never an error panel', async ({ page }) => {
  await page.goto('/ru/loads?vehicle=Tent&weightMin=abc&loadingFrom=2026-02-30&sort=oldest&page=0');
  await expect(page.getByRole('status')).toHaveText(new RegExp(`${count((load) => load.vehicleType === 'Tent')} ${plural(1)}`));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Убрать фильтр: Тент' })).toBeVisible();
});

test('without script: the unfiltered list, and a line that filters need script', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/ru/loads?vehicle=Tent');
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByText('Фильтры работают, когда в браузере включён JavaScript.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Фильтры($|:)/ })).toBeHidden();
  await page.goto('/ru/loads/from/toshkent?vehicle=Tent');
  await expect(page.getByText('Фильтры работают, когда в браузере включён JavaScript.')).toBeVisible();
  await context.close();
});

test('a filtered URL is not indexed: its canonical link is the unfiltered page', async ({ page, request }) => {
  await page.goto('/ru/loads?vehicle=Tent');
  await expect(page.getByRole('button', { name: 'Убрать фильтр: Тент' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/ru\/loads$/);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).not.toContain('vehicle=');
});

test('keyboard and screen reader: labelled controls, the count in the polite status, 320 px wide, forced colours', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/uz/loads');
  await boardHydrated(page);
  const toggle = page.getByRole('button', { name: /^Filtrlar($|:)/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('group', { name: 'Transport turi' })).toBeVisible();
  await page.keyboard.press('Tab');
  const first = page.getByRole('group', { name: 'Transport turi' }).getByRole('checkbox').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toBeFocused();
  await expect(page.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('status')).toHaveText(/ta yuk topildi/);
  await expect(page.getByRole('textbox', { name: 'Kamida' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.emulateMedia({ forcedColors: 'active' });
  const chip = page.getByRole('button', { name: /^Filtrni olib tashlash/ }).first();
  await chip.focus();
  const outline = await chip.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
});

test('axe and the Nu Html Checker find nothing on a filtered board with its panel open', async ({ page }) => {
  test.setTimeout(120_000);
  await openFilters(page, '/uz-cyrl/loads?vehicle=Tent&weightMin=5&sort=loading', { open: /^Филтрлар($|:)/, vehicle: 'Транспорт тури' });
  await expect(page.getByRole('status')).toHaveText(/та юк топилди/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(await renderedHtmlErrors(page)).toEqual([]);
});

test('a kept search: listed on the board with its loads posted since, marked new, counted again once opened', async ({ page }) => {
  // Kept before the sample API's posted loads (a minute apart from the start of the board's day, which its
  // newest load precedes).
  const dayStart = sampleDayStart(PINNED_SAMPLE_DAY) as number;
  await page.clock.setFixedTime(new Date(dayStart + 30_000));
  await page.goto('/ru/loads?vehicle=Konteyner+40ft');
  await expect(page.getByRole('button', { name: 'Убрать фильтр: Контейнер 40ft' })).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить поиск' }).click();
  const unkeep = page.getByRole('button', { name: 'Удалить из сохранённых' });
  await expect(unkeep).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('yukbor.savedSearches'))).toContain('vehicle=Konteyner+40ft');

  // Three loads posted since; the first two are 40 ft containers (tools/sample-api/data.ts).
  await controlApi({ change: { every: 1, removals: false, limit: 1, size: 3 } });
  await fetch(`${E2E_API_URL}/loads?limit=1`);
  await controlApi({ change: null });
  await page.clock.setFixedTime(new Date(dayStart + 3_600_000));
  await page.goto('/ru/loads');
  const saved = page.getByRole('region', { name: 'Сохранённые поиски' });
  await saved.getByText('Сохранённые поиски').click();
  const item = saved.getByRole('listitem').filter({ hasText: 'Контейнер 40ft' });
  // Counted from when it was kept, and says so (Tashkent time).
  await expect(item.getByText(/^с \d\d\.\d\d\.\d{4}, \d\d:\d\d: 2 новых$/)).toBeVisible();
  // Folded, one line says how many are kept and how many new loads they have.
  await expect(saved.getByText(/^\(1\) · 2 новых$/)).toBeVisible();
  await expect(item.getByRole('link', { name: /^Поделиться в Telegram/ })).toHaveAttribute('href', /^https:\/\/t\.me\/share\/url\?url=/);

  await item.getByRole('link', { name: 'Контейнер 40ft', exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/loads\?vehicle=Konteyner\+40ft$/);
  await expect(cards(page).filter({ hasText: 'Новый' })).toHaveCount(2);
  await page.goto('/ru/loads');
  await page.getByRole('region', { name: 'Сохранённые поиски' }).getByText('Сохранённые поиски').click();
  await expect(
    page.getByRole('region', { name: 'Сохранённые поиски' }).getByText(/^с \d\d\.\d\d\.\d{4}, \d\d:\d\d: новых нет$/),
  ).toBeVisible();

  await page.getByRole('region', { name: 'Сохранённые поиски' }).getByRole('button', { name: 'Удалить: Контейнер 40ft' }).click();
  await expect(page.getByRole('region', { name: 'Сохранённые поиски' })).toHaveCount(0);
});

test("a kept city search offers the city's Atom feed", async ({ page }) => {
  await page.goto('/uz/loads/from/toshkent?sort=loading');
  await page.getByRole('button', { name: 'Qidiruvni saqlash' }).click();
  await page.goto('/uz/loads');
  await page.getByRole('region', { name: 'Saqlangan qidiruvlar' }).getByText('Saqlangan qidiruvlar').click();
  const item = page.getByRole('region', { name: 'Saqlangan qidiruvlar' }).getByRole('listitem');
  await expect(item.getByRole('link', { name: /^Toshkent → barcha yoʻnalishlar/ })).toHaveAttribute(
    'href',
    '/uz/loads/from/toshkent?sort=loading',
  );
  await expect(item.getByRole('link', { name: /^RSS dasturida kuzatish/ })).toHaveAttribute('href', '/feeds/uz/from/toshkent.atom');
});

test('near: a place search widens to the places within 50 km, each option with its count, a chip removes it', async ({ page }) => {
  const place = matchingIds(BOARD, '?search=Toshkent');
  const within50 = matchingIds(BOARD, '?search=Toshkent&near=50');
  expect(within50.length).toBeGreaterThan(place.length);
  await openFilters(page, `/ru/loads?search=${encodeURIComponent('Ташкент')}`);
  const near = page.getByRole('group', { name: 'Радиус поиска' });
  await near.getByRole('radio', { name: `В радиусе 50\u00a0км (${within50.length})` }).check();
  await expect(page).toHaveURL(/near=50$/);
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${within50.length} ${plural(within50.length)}`));
  expect(await hrefsOf(page)).toEqual(within50.slice(0, 20).map((id) => `/ru/load/${id}`));
  await page.getByRole('button', { name: 'Убрать фильтр: в радиусе 50\u00a0км' }).click();
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${place.length} ${plural(place.length)}`));
});

test('near: a city page widens to the loads leaving places within 100 km', async ({ page }) => {
  const expected = matchingIds(BOARD, '?near=100', { from: 'fargona' });
  expect(expected.length).toBeGreaterThan(matchingIds(BOARD, '', { from: 'fargona' }).length);
  await openFilters(page, '/ru/loads/from/fargona');
  await page.getByRole('radio', { name: `В радиусе 100\u00a0км (${expected.length})` }).check();
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${expected.length} ${plural(expected.length)}`));
  expect(await hrefsOf(page)).toEqual(expected.slice(0, 20).map((id) => `/ru/load/${id}`));
});

test('near: the board without a place offers no radius, and ?near= alone is ignored', async ({ page }) => {
  await openFilters(page, '/ru/loads?near=50');
  await expect(page.getByRole('group', { name: 'Тип транспорта' }).getByRole('checkbox').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Радиус поиска' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Убрать фильтр: в радиусе/ })).toHaveCount(0);
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${BOARD.length} ${plural(BOARD.length)}`));
});

for (const { name, refuse } of [
  { name: 'full storage (setItem throws)', refuse: 'setItem' },
  { name: 'blocked storage (localStorage itself throws)', refuse: 'access' },
] as const)
  test(`keeping a search when the phone refuses, ${name}, says why in the page language and the board goes on`, async ({ page }) => {
    await page.addInitScript((how) => {
      const refusal = () => {
        throw new DOMException('The quota has been exceeded.', how === 'access' ? 'SecurityError' : 'QuotaExceededError');
      };
      if (how === 'access') Object.defineProperty(window, 'localStorage', { get: refusal });
      else Storage.prototype.setItem = refusal;
    }, refuse);
    await page.goto('/ru/loads?vehicle=Tent');
    const keep = page.getByRole('button', { name: 'Сохранить поиск' });
    await keep.click();
    await expect(page.getByText(/^Телефон не дал сохранить поиск: память заполнена или браузер в приватном режиме\./)).toBeVisible();
    await expect(keep).toBeVisible();
    await expect(page.getByRole('region', { name: 'Сохранённые поиски' })).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    // The board goes on: a filter still narrows the list.
    await page.getByRole('button', { name: 'Убрать фильтр: Тент' }).click();
    await expect(page).toHaveURL(/\/ru\/loads$/);
    await expect(boardStatus(page)).toHaveText(/^Найдено 120 грузов/);
  });

for (const [what, value] of [
  ['markup', '<script>alert(1)</script>'],
  ['a type the board does not know', 'Ракетовоз'],
] as const)
  test(`a vehicle type given as ${what} is ignored: no chip, and the list is not emptied`, async ({ page }) => {
    await page.goto(`/ru/loads?vehicle=${encodeURIComponent(value)}`);
    await boardHydrated(page);
    await expect(boardStatus(page)).toHaveText(/^Найдено 120 грузов, страница 1 из 6$/);
    await expect(page.getByRole('button', { name: /^Убрать фильтр: / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Фильтры', exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

test('weightMin=30&weightMax=10 is read as 10 to 30 tonnes', async ({ page }) => {
  const between = count((load) => load.weight !== null && load.weight >= 10 && load.weight <= 30);
  await page.goto('/ru/loads?weightMin=30&weightMax=10');
  await expect(page.getByRole('button', { name: 'Убрать фильтр: 10–30 т' })).toBeVisible();
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${between} ${plural(between)}, страница 1 из`));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('"20 т" or "25t" typed into a weight field is 20 or 25 tonnes, not a blanked field', async ({ page }) => {
  await openFilters(page, '/ru/loads');
  const from = page.getByRole('textbox', { name: 'От' });
  await from.fill('20 т');
  await from.press('Enter');
  await expect(page).toHaveURL(/\?weightMin=20$/);
  await expect(from).toHaveValue('20');
  const to = page.getByRole('textbox', { name: 'До' });
  await to.fill('25t');
  await to.press('Enter');
  await expect(page).toHaveURL(/\?weightMin=20&weightMax=25$/);
  await expect(to).toHaveValue('25');
  await expect(page.getByRole('button', { name: 'Убрать фильтр: 20–25 т' })).toBeVisible();
});

for (const { prefix, open, vehicle, names } of [
  { prefix: 'ru', open: /^Фильтры($|:)/, vehicle: 'Тип транспорта', names: ['Автовоз (0)', 'Цистерна (0)', 'Рефрижератор', 'Бортовой'] },
  {
    prefix: 'uz-cyrl',
    open: /^Филтрлар($|:)/,
    vehicle: 'Транспорт тури',
    names: ['Автовоз (0)', 'Систерна (0)', 'Рефрижератор', 'Бортли'],
  },
] as const)
  test(`/${prefix}: every vehicle type the API names in Uzbek Latin is offered in the reader's script`, async ({ page }) => {
    await openFilters(page, `/${prefix}/loads`, { open, vehicle });
    const options = page.getByRole('group', { name: vehicle }).getByRole('checkbox');
    for (const name of names)
      await expect(options.and(page.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }))).toHaveCount(1);
    // Only a brand and a container's feet keep their Latin letters.
    const labels = await options.evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent?.trim() ?? ''));
    expect(labels.length).toBeGreaterThan(10);
    for (const label of labels) expect(label.replace(/^Isuzu\b/, '').replace(/\d+ft/, '')).not.toMatch(/[A-Za-z]/);
  });

test('a search kept on the Russian board reads in Russian there and in Uzbek on the Uzbek board', async ({ page }) => {
  await page.goto('/ru/loads?search=Самарканд&vehicle=Refrijerator');
  await page.getByRole('button', { name: 'Сохранить поиск' }).click();
  await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeVisible();
  await page.goto('/ru/loads');
  const ru = page.getByRole('region', { name: 'Сохранённые поиски' });
  await ru.getByText('Сохранённые поиски').click();
  await expect(ru.getByRole('link', { name: 'Самарканд, Рефрижератор', exact: true })).toHaveAttribute(
    'href',
    '/ru/loads?search=%D0%A1%D0%B0%D0%BC%D0%B0%D1%80%D0%BA%D0%B0%D0%BD%D0%B4&vehicle=Refrijerator',
  );
  await page.goto('/uz/loads');
  const uz = page.getByRole('region', { name: 'Saqlangan qidiruvlar' });
  await uz.getByText('Saqlangan qidiruvlar').click();
  await expect(uz.getByRole('link', { name: 'Samarqand, Refrijerator', exact: true })).toBeVisible();
  await page.goto('/uz-cyrl/loads');
  const cyrl = page.getByRole('region', { name: 'Сақланган қидирувлар' });
  await cyrl.getByText('Сақланган қидирувлар').click();
  await expect(cyrl.getByRole('link', { name: 'Самарқанд, Рефрижератор', exact: true })).toBeVisible();
});
