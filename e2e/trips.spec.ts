import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import nodePath from 'node:path';
import { normalizeLoad } from '../src/api-client/normalize';
import { DEFAULT_SAMPLE_LOADS } from '../src/config/constants';
import { placeRoutePath } from '../src/config/routes';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { buildTrips } from '../src/gatsby/trips';
import { apiControl } from '../tools/harness/sample-api';
import { generateLoads } from '../tools/sample-api/data';
import { E2E_API_URL } from './env';
import { gatsbyRequests, resetApi, uncachedRequests } from './support';
import { expectedIds } from './expected-list';
import { PLACES } from '../src/places/gazetteer';
import { NO_FILTERS } from '../src/search/filter-table';
import { gazetteerPlaces } from '../src/search/gazetteer-places';
import { onTheWay } from '../src/search/on-the-way';
import { filterRow, tashkentToday } from '../src/search/rows';

/**
 * A pre-built route page is the driver's trip (CONTRACT.md, "Trips"): its loads on the way with their
 * detours, narrowed by a filter in the URL; a card's way back; the map read by its name; keyboard only,
 * on a 360 x 640 phone. The route is picked from the e2e API's board (its default sample loads).
 */
test.use({ viewport: { width: 360, height: 640 } });

const loads = generateLoads(DEFAULT_SAMPLE_LOADS).map((raw) => normalizeLoad(raw));
const groups = groupBuildLoads(loads);
const tripOf = buildTrips(groups, Date.now());
const route = [...groups.routes.values()].find(
  (candidate) =>
    groups.routes.has(`${candidate.to.slug}/${candidate.from.slug}`) && tripOf(candidate.from, candidate.to).onTheWay.length >= 5,
);
if (!route) throw new Error('The sample data has no route with a way back and loads on the way');
const trip = tripOf(route.from, route.to);
const path = `/ru${placeRoutePath(route.from.slug, route.to.slug)}`;
const from = route.from.names.ru;
const to = route.to.names.ru;

test('a route page lists its loads on the way, each with its detour, smallest first, and draws the trip', async ({ page }) => {
  await page.goto(path);
  const section = page.getByRole('region', { name: 'Попутные грузы' });
  await expect(section).toBeVisible();
  await expect(section.locator('[data-on-the-way-count]')).toHaveText(new RegExp(`^${trip.total} попутн`));
  const cards = section.locator(':scope > ul > li');
  const shown = Math.min(20, trip.onTheWay.length);
  await expect(cards).toHaveCount(shown);
  const detours = (await section.locator('[data-detour]').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
  expect(detours).toEqual(trip.onTheWay.slice(0, shown).map(({ detourKm }) => detourKm));
  const map = page.getByRole('img', { name: `Карта поездки ${from} → ${to}` });
  await expect(map).toBeVisible();
  await expect(page.getByText(/Линия лишь соединяет два пункта, это не карта дорог\./)).toBeVisible();
});

test('a vehicle filter in the URL narrows the loads on the way through the board’s matcher', async ({ page }) => {
  const vehicle = trip.onTheWay.map(({ load }) => load.vehicleType).find(Boolean) as string;
  const expected = trip.onTheWay.filter(({ load }) => load.vehicleType.toLowerCase() === vehicle.toLowerCase());
  await page.goto(`${path}?vehicle=${encodeURIComponent(vehicle)}`);
  const section = page.getByRole('region', { name: 'Попутные грузы' });
  await expect(section.locator('[data-on-the-way-count]')).toHaveText(new RegExp(`^${expected.length} попутн`));
  const visible = section.locator(':scope > ul > li:not([hidden]) a[href^="/ru/load/"]');
  const shownIds = new Set(trip.onTheWay.slice(0, 20).map(({ load }) => load.id));
  await expect(visible).toHaveCount(expected.filter(({ load }) => shownIds.has(load.id)).length);
  const left = section.locator(':scope > ul > li[hidden]');
  if ((await left.count()) > 0) await expect(left.first()).toBeHidden();
});

test('a load posted after the build that is on the way shows there with its detour, in the rule’s order, under a filter too', async ({
  page,
}) => {
  // The same places as the build's first load on the way: the same detour, and newer, so first of them.
  const { load: first, detourKm } = trip.onTheWay[0] as (typeof trip.onTheWay)[number];
  const { posted } = await apiControl(E2E_API_URL).set({ post: [{ from: first.from, to: first.to }] });
  const id = posted[0] as string;
  try {
    await page.goto(path);
    const section = page.getByRole('region', { name: 'Попутные грузы' });
    // Unfiltered, the section reads what was posted since once a driver reading the page is near it.
    await section.scrollIntoViewIfNeeded();
    await expect(async () => {
      await page.keyboard.press('Shift');
      await expect(section.locator('[data-on-the-way-count]')).toHaveText(new RegExp(`^${trip.total + 1} попутн`), { timeout: 1000 });
    }).toPass();
    // The build's cards, or, once a load posted since is among them, the list the page renders in their place.
    const cards = section.locator(':scope > ul > li:visible, :scope > [data-on-the-way-live] > ul > li:visible');
    await expect(cards.first().locator(`a[href="/ru/load/${id}"]`)).toHaveCount(1);
    await expect(cards).toHaveCount(Math.min(20, trip.onTheWay.length + 1));
    await expect(cards.first().locator('[data-detour]')).toHaveText(new RegExp(`${detourKm}\\s*км`));
    const detours = (await cards.locator('[data-detour]').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
    expect(detours).toEqual([...detours].sort((a, b) => a - b));

    const vehicle = (await (await fetch(`${E2E_API_URL}/loads/${id}`)).json()).data.vehicleType?.name as string | undefined;
    if (vehicle) {
      const matching = trip.onTheWay.filter(({ load }) => load.vehicleType.toLowerCase() === vehicle.toLowerCase());
      await page.goto(`${path}?vehicle=${encodeURIComponent(vehicle)}`);
      await expect(section.locator('[data-on-the-way-count]')).toHaveText(new RegExp(`^${matching.length + 1} попутн`));
      await expect(cards.first().locator(`a[href="/ru/load/${id}"]`)).toHaveCount(1);
    }
  } finally {
    await resetApi();
  }
});

test('a filter tapped on a route page changes its lists with no request of Gatsby’s, and Back and Forward follow', async ({ page }) => {
  const weightMin = Math.floor(Math.max(...trip.onTheWay.map(({ load }) => load.weight ?? 0)));
  const rows = loads.map((load) => filterRow(load, gazetteerPlaces()));
  const context = { today: tashkentToday(Date.now()), places: PLACES };
  const filtered = onTheWay(
    rows,
    { from: route.from.slug, to: route.to.slug },
    { ...NO_FILTERS, weight: { min: weightMin, max: null } },
    context,
  );
  expect(filtered.length).toBeLessThan(trip.total);
  await page.goto(path);
  const count = page.getByRole('region', { name: 'Попутные грузы' }).locator('[data-on-the-way-count]');
  await expect(count).toHaveText(new RegExp(`^${trip.total} попутн`));
  await page.waitForLoadState('networkidle');
  const gatsby = gatsbyRequests(page, path);
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  const field = page.getByRole('form', { name: 'Фильтры списка' }).getByRole('textbox', { name: 'От' });
  await field.fill(String(weightMin));
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`weightMin=${weightMin}`));
  await expect(count).toHaveText(new RegExp(`^${filtered.length} попутн`));
  // The route's own list follows the same address: its results line names the filtered count.
  const own = expectedIds(loads, `?weightMin=${weightMin}`, { from: route.from.slug, to: route.to.slug }).length;
  const ownText = own === 0 ? /^Ничего не найдено/ : new RegExp(`^Найден\\S* ${own} груз`);
  await expect(page.locator('[role="status"][aria-atomic="true"]').first()).toHaveText(ownText);
  expect(gatsby).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(count).toHaveText(new RegExp(`^${trip.total} попутн`));
  await expect(field).toHaveValue('');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`weightMin=${weightMin}`));
  await expect(count).toHaveText(new RegExp(`^${filtered.length} попутн`));
  await expect(field).toHaveValue(String(weightMin));
});

test('a card’s way back opens the reversed route around both ends, keyboard only', async ({ page }) => {
  await page.goto(path);
  const back = page
    .getByRole('main')
    .getByRole('link', { name: `Обратные грузы ${to} — ${from}` })
    .first();
  await back.focus();
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(
    (url) => url.pathname === `/ru${placeRoutePath(route.to.slug, route.from.slug)}` && url.searchParams.get('near') === '50',
  );
  await expect(page.getByRole('heading', { level: 1, name: `Грузы: ${to} → ${from}` })).toBeVisible();
  // The route's own way back says how many loads lead home, and links the same list.
  await page.goBack();
  const wayBack = page.getByRole('link', {
    name: new RegExp(`^Обратно, ${to} → ${from} \\(в радиусе 50 км от обоих пунктов\\): ${trip.wayBack} груз`),
  });
  await expect(wayBack).toHaveAttribute('href', `/ru${placeRoutePath(route.to.slug, route.from.slug)}?near=50`);
});

/**
 * A route the build made no page for, between two places the gazetteer knows: the 404 page renders it
 * in the browser with a route page's sections (CONTRACT.md, "Trips"), the status stays 404 and the page
 * stays out of the index. The pair has no loads of its own and none back, and several on its way.
 */
const UZ = PLACES.filter((place) => place.country === 'UZ');
const fallbackPair = UZ.flatMap((a) => UZ.map((b) => [a, b] as const)).find(
  ([a, b]) =>
    a.slug !== b.slug &&
    !groups.routes.has(`${a.slug}/${b.slug}`) &&
    !groups.routes.has(`${b.slug}/${a.slug}`) &&
    tripOf(a, b).onTheWay.length >= 3,
);
if (!fallbackPair) throw new Error('The sample data has no pair of places without loads and with loads on its way');
const [fa, fb] = fallbackPair;
const fallbackTrip = tripOf(fa, fb);
/** Another such pair, chosen in the test: the first the build wrote no page for (a going rate makes one too). */
function nextFallbackPair(): readonly [(typeof UZ)[number], (typeof UZ)[number]] {
  const pair = UZ.flatMap((a) => UZ.map((b) => [a, b] as const)).find(
    ([a, b]) =>
      a.slug !== b.slug &&
      (a.slug !== fa.slug || b.slug !== fb.slug) &&
      !fs.existsSync(nodePath.join('public', 'ru', placeRoutePath(a.slug, b.slug), 'index.html')) &&
      tripOf(a, b).onTheWay.length >= 1,
  );
  if (!pair) throw new Error('The build made a page for every other pair of places with loads on the way');
  return pair;
}

for (const viewport of [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
])
  test.describe(`at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });

    test('a route the build did not make is a trip page: 404, noindex, its sections, the map named, keyboard only', async ({ page }) => {
      const fallbackPath = `/ru${placeRoutePath(fa.slug, fb.slug)}`;
      const response = await page.goto(fallbackPath);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: `Грузы: ${fa.names.ru} → ${fb.names.ru}` })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page).toHaveTitle(new RegExp(`${fa.names.ru} → ${fb.names.ru}`));
      const section = page.getByRole('region', { name: 'Попутные грузы' });
      await expect(section.locator('[data-on-the-way-count]')).toHaveText(new RegExp(`^${fallbackTrip.total} попутн`));
      const shown = Math.min(20, fallbackTrip.onTheWay.length);
      await expect(section.locator(':scope > ul > li')).toHaveCount(shown);
      const detours = (await section.locator('[data-detour]').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
      expect(detours).toEqual(fallbackTrip.onTheWay.slice(0, shown).map(({ detourKm }) => detourKm));
      await expect(page.getByRole('img', { name: `Карта поездки ${fa.names.ru} → ${fb.names.ru}` })).toBeVisible();
      await expect(page.getByText(/Линия лишь соединяет два пункта, это не карта дорог\./)).toBeVisible();
      await expect(page.locator('p[data-way-back]')).toHaveText(
        new RegExp(`^Обратно, ${fb.names.ru} → ${fa.names.ru} \\(в радиусе 50 км от обоих пунктов\\): ${fallbackTrip.wayBack} груз`),
      );
      // Keyboard only: the reversed route, which is a page too, pre-built or not.
      const reverse = page.getByRole('main').getByRole('link', { name: new RegExp(`^${fb.names.ru} → ${fa.names.ru}: \\d+ груз`) });
      await reverse.focus();
      await expect(reverse).toBeFocused();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/ru${placeRoutePath(fb.slug, fa.slug)}`);
      await expect(page.getByRole('heading', { level: 1, name: `Грузы: ${fb.names.ru} → ${fa.names.ru}` })).toBeVisible();
    });

    test('a filter on a route the build did not make counts from the board’s routes, never fetching the board’s index', async ({
      page,
      request,
    }) => {
      const notFound = (await (await request.get('/page-data/404.html/page-data.json')).json()) as {
        result: { pageContext: { filters: { boardPath: string } } };
      };
      const boardPath = notFound.result.pageContext.filters.boardPath;
      const fallbackPath = `/ru${placeRoutePath(fa.slug, fb.slug)}`;
      await page.goto(fallbackPath);
      const count = page.getByRole('region', { name: 'Попутные грузы' }).locator('[data-on-the-way-count]');
      await expect(count).toHaveText(new RegExp(`^${fallbackTrip.total} попутн`));
      // The type most loads on the way have, as the API spells it: the count must change.
      const types = new Map<string, number>();
      for (const { load } of fallbackTrip.onTheWay) types.set(load.vehicleType, (types.get(load.vehicleType) ?? 0) + 1);
      const vehicle = [...types].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
      const rows = loads.map((load) => filterRow(load, gazetteerPlaces()));
      const context = { today: tashkentToday(Date.now()), places: PLACES };
      const expected = onTheWay(rows, { from: fa.slug, to: fb.slug }, { ...NO_FILTERS, vehicle: [vehicle] }, context).length;
      expect(expected).toBeLessThan(fallbackTrip.total);
      const fetched: string[] = [];
      page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
      // As the filter panel changes a filter: Gatsby's navigation to the filtered address (a route with no
      // loads of its own offers no vehicle choices of its own).
      const to = `${fallbackPath}?vehicle=${encodeURIComponent(vehicle)}`;
      await page.evaluate((url) => (window as unknown as { ___navigate: (url: string) => void }).___navigate(url), to);
      await expect(count).toHaveText(new RegExp(`^${expected} попутн`));
      await page.waitForLoadState('networkidle');
      expect(fetched).not.toContain(boardPath);
    });

    test('a filter tapped on a route the build did not make changes its list with no request of Gatsby’s, and Back undoes it', async ({
      page,
    }) => {
      const fallbackPath = `/ru${placeRoutePath(fa.slug, fb.slug)}`;
      await page.goto(fallbackPath);
      const count = page.getByRole('region', { name: 'Попутные грузы' }).locator('[data-on-the-way-count]');
      await expect(count).toHaveText(new RegExp(`^${fallbackTrip.total} попутн`));
      const weightMin = Math.floor(Math.max(...fallbackTrip.onTheWay.map(({ load }) => load.weight ?? 0)));
      const rows = loads.map((load) => filterRow(load, gazetteerPlaces()));
      const context = { today: tashkentToday(Date.now()), places: PLACES };
      const trip = { from: fa.slug, to: fb.slug };
      const expected = onTheWay(rows, trip, { ...NO_FILTERS, weight: { min: weightMin, max: null } }, context).length;
      expect(expected).toBeLessThan(fallbackTrip.total);
      const gatsby: string[] = [];
      page.on('request', (sent) => {
        const url = new URL(sent.url());
        if (url.pathname.startsWith('/page-data/') || url.pathname === fallbackPath) gatsby.push(`${sent.method()} ${url.pathname}`);
      });
      const toggle = page.getByRole('button', { name: /^Фильтры/ });
      await toggle.click();
      const field = page.getByRole('form', { name: 'Фильтры списка' }).getByRole('textbox', { name: 'От' });
      await field.fill(String(weightMin));
      await field.press('Enter');
      await expect(page).toHaveURL(new RegExp(`weightMin=${weightMin}`));
      await expect(count).toHaveText(new RegExp(`^${expected} попутн`));
      expect(gatsby).toEqual([]);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${fallbackPath}$`));
      await expect(count).toHaveText(new RegExp(`^${fallbackTrip.total} попутн`));
    });

    test('a route the build did not make asks for each of its texts once', async ({ page }) => {
      const texts: string[] = [];
      page.on('request', (sent) => {
        const { pathname } = new URL(sent.url());
        if (pathname.startsWith('/locales/')) texts.push(pathname);
      });
      await page.goto(`/ru${placeRoutePath(fa.slug, fb.slug)}`);
      await expect(page.getByRole('region', { name: 'Попутные грузы' }).locator('[data-on-the-way-count]')).toHaveText(/попутн/);
      await page.waitForLoadState('networkidle');
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((pathname, at) => texts.indexOf(pathname) !== at)).toEqual([]);
    });

    test.describe('with no offline worker, the browser’s own cache', () => {
      test.use({ serviceWorkers: 'block' });

      test('a second route the build did not make asks for none of the texts the first brought', async ({ page }) => {
        const onTheWayCount = page.getByRole('region', { name: 'Попутные грузы' }).locator('[data-on-the-way-count]');
        await page.goto(`/ru${placeRoutePath(fa.slug, fb.slug)}`);
        await expect(onTheWayCount).toHaveText(/попутн/);
        await page.waitForLoadState('networkidle');
        const uncachedTexts = await uncachedRequests(page, (pathname) => pathname.startsWith('/locales/'));
        const [na, nb] = nextFallbackPair();
        const response = await page.goto(`/ru${placeRoutePath(na.slug, nb.slug)}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: `Грузы: ${na.names.ru} → ${nb.names.ru}` })).toBeVisible();
        await expect(onTheWayCount).toHaveText(/попутн/);
        await page.waitForLoadState('networkidle');
        expect(uncachedTexts()).toEqual([]);
      });
    });

    test('the map of a trip the build did not make is named in the page’s language', async ({ page }) => {
      await page.goto(`/uz-cyrl${placeRoutePath(fa.slug, fb.slug)}`);
      await expect(page.getByRole('img', { name: `${fa.names['uz-Cyrl']} → ${fb.names['uz-Cyrl']} йўли харитаси` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Йўл-йўлакай юклар' })).toBeVisible();
      await page.goto(`/uz${placeRoutePath(fa.slug, fb.slug)}`);
      await expect(page.getByRole('img', { name: `${fa.names.uz} → ${fb.names.uz} yoʻli xaritasi` })).toBeVisible();
    });

    test('a route page is kept with its radius, keyboard only, and listed on the board', async ({ page }) => {
      await page.goto(`${path}?near=25`);
      // The chips' code is here (the chip shows): the page's plain button has given way to theirs.
      await expect(page.getByRole('button', { name: /^Убрать фильтр/ })).toBeVisible();
      const keep = page.getByRole('button', { name: 'Сохранить поиск' });
      await keep.focus();
      await expect(keep).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeFocused();
      expect(await page.evaluate(() => localStorage.getItem('yukbor.savedSearches'))).toContain(
        placeRoutePath(route.from.slug, route.to.slug),
      );
      await page.goto('/ru/loads');
      const saved = page.getByRole('region', { name: 'Сохранённые поиски' });
      await saved.getByText('Сохранённые поиски').click();
      await expect(saved.getByRole('link', { name: new RegExp(`${from} → ${to}`) }).first()).toHaveAttribute(
        'href',
        `/ru${placeRoutePath(route.from.slug, route.to.slug)}?near=25`,
      );
      // A trip the build did not make is kept the same way.
      await page.goto(`/ru${placeRoutePath(fa.slug, fb.slug)}?near=25`);
      await expect(page.getByRole('button', { name: 'Сохранить поиск' })).toBeVisible();
    });

    test('a place slug in another spelling leads to the place’s page in each language, history replaced', async ({ page }) => {
      const cases = [
        ['/uz/loads/from/samarkand', '/uz/loads/from/samarqand', 'Yuklar: Samarqand → barcha yoʻnalishlar'],
        ['/uz-cyrl/loads/to/Ташкент', '/uz-cyrl/loads/to/toshkent', null],
        ['/ru/loads/route/tashkent/samarkand', '/ru/loads/route/toshkent/samarqand', 'Грузы: Ташкент → Самарканд'],
        ['/loads/from/Самарканд', '/loads/from/samarqand', null],
      ] as const;
      for (const [typed, canonical, heading] of cases) {
        await page.goto('/ru/loads');
        await page.goto(typed);
        await page.waitForURL((url) => url.pathname === canonical);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.getByText('Oops! Page not found')).toBeHidden();
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/ru/loads');
      }
      const unknown = await page.goto('/ru/loads/from/no-such-place');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    });
  });
