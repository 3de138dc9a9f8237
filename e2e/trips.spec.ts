import { expect, test } from '@playwright/test';
import { normalizeLoad } from '../src/api-client/normalize';
import { DEFAULT_SAMPLE_LOADS } from '../src/config/constants';
import { placeRoutePath } from '../src/config/routes';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { buildTrips } from '../src/gatsby/trips';
import { apiControl } from '../tools/harness/sample-api';
import { generateLoads } from '../tools/sample-api/data';
import { E2E_API_URL } from './env';
import { resetApi } from './support';

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
    await expect(section.locator('[data-on-the-way-count]')).toHaveText(new RegExp(`^${trip.total + 1} попутн`));
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
