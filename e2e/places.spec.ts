import { expect, test } from '@playwright/test';
import { normalizeLoad } from '../src/api-client/normalize';
import { DEFAULT_SAMPLE_LOADS } from '../src/config/constants';
import { placeRoutePath } from '../src/config/routes';
import { groupLoadsByPlace, type RouteGroup } from '../src/loads/place-groups';
import type { Place } from '../src/places/gazetteer';
import { matchPlace } from '../src/places/match';
import { generateLoads } from '../tools/sample-api/data';
import { expectedIds } from './expected-list';
import { gatsbyRequests } from './support';

/** The routes of the e2e API's board (its default sample loads), to pick pages with and without a way back. */
const ROUTES = [
  ...groupLoadsByPlace(
    generateLoads(DEFAULT_SAMPLE_LOADS).map((raw) => normalizeLoad(raw)),
    matchPlace,
  ).routes.values(),
];
const hasReturn = (route: RouteGroup<Place>) =>
  ROUTES.some((other) => other.from.slug === route.to.slug && other.to.slug === route.from.slug);

function routeWith(wayBack: boolean): RouteGroup<Place> {
  const route = ROUTES.find((candidate) => hasReturn(candidate) === wayBack);
  if (!route) throw new Error(`The sample data has no route ${wayBack ? 'with' : 'without'} return loads`);
  return route;
}

test('the Russian page of loads from Tashkent lists only its loads, in Russian names', async ({ page, request }) => {
  await page.goto('/ru/loads/from/toshkent');
  await expect(page.getByRole('heading', { level: 1, name: 'Грузы: Ташкент → все направления' })).toBeVisible();
  const main = page.getByRole('main');
  const cards = main.locator('li').getByRole('link').and(page.locator('a[href^="/ru/load/"]'));
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(20);
  for (const text of await cards.allTextContents()) expect(text.startsWith('Ташкент')).toBe(true);
  await expect(main.getByRole('link', { name: /^Все направления → Ташкент: \d+ груз/ })).toHaveAttribute('href', '/ru/loads/to/toshkent');
  await expect(main.getByText(/Список обновлён: \d\d\.\d\d\.\d{4}, \d\d:\d\d \(по ташкентскому времени\)/)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Свежие грузы по запросу «Ташкент»' })).toHaveAttribute('href', /^\/ru\/loads\?search=/);

  const html = await (await request.get('/ru/loads/from/toshkent')).text();
  expect(html).toContain('<html lang="ru"');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/ru\/loads\/from\/toshkent"/);
  expect(html).toMatch(/<link rel="alternate" hrefLang="uz-Cyrl" href="http:\/\/localhost:\d+\/uz-cyrl\/loads\/from\/toshkent"/i);
  expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="http:\/\/localhost:\d+\/loads\/from\/toshkent"/i);
  const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
  expect(jsonLd['@type']).toBe('ItemList');
  expect(jsonLd.itemListElement.length).toBeLessThanOrEqual(10);
  expect(jsonLd.itemListElement[0].url).toMatch(/\/ru\/load\/[^/]+$/);
});

// Pagination (pages 2+) is covered by __tests__/gatsby-place-pages.test.ts: no list of the 120 e2e loads has 20.
test('a load card on a place page links a pre-built load page', async ({ page, request }) => {
  await page.goto('/ru/loads/from/toshkent');
  const first = page.getByRole('main').locator('li').getByRole('link').and(page.locator('a[href^="/ru/load/"]')).first();
  const href = (await first.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/ru\/load\/[A-Za-z0-9_-]+$/);
  const loadPage = await request.get(href);
  expect(loadPage.status()).toBe(200);
  expect(await loadPage.text()).toMatch(/<title[^>]*>[^<]*Ташкент → /);
});

test('a route page links its return route', async ({ page }) => {
  const route = routeWith(true);
  await page.goto(`/uz${placeRoutePath(route.from.slug, route.to.slug)}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Qaytish yuki' })).toBeVisible();
  // The way back around both ends comes first (docs/trips.md), then the reversed route itself.
  const back = `/uz${placeRoutePath(route.to.slug, route.from.slug)}`;
  const links = await main.getByRole('link', { name: /→ .*: \d+ ta yuk/ }).evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  expect(links).toEqual(expect.arrayContaining([back]));
  await expect(main.getByText('Qaytish yoʻnalishida hozircha yuk yoʻq.')).toHaveCount(0);
});

test('a route page without return loads says so and links the board', async ({ page }) => {
  const route = routeWith(false);
  await page.goto(`/uz${placeRoutePath(route.from.slug, route.to.slug)}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Qaytish yuki' })).toBeVisible();
  await expect(main.getByText('Qaytish yoʻnalishida hozircha yuk yoʻq.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Barcha yuklarni koʻring' })).toHaveAttribute('href', '/uz/loads');
});

test('the directory lists places with their counts, in the page language, and the board and footer link it', async ({ page }) => {
  await page.goto('/uz-cyrl/loads/places');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');
  const table = page.getByRole('table').first();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Тошкент', exact: true }) });
  await expect(row.getByRole('link').first()).toHaveAttribute('href', '/uz-cyrl/loads/from/toshkent');
  expect(Number(await row.getByRole('link').first().textContent())).toBeGreaterThan(0);
  await page.goto('/ru/loads');
  await expect(page.getByRole('main').getByRole('link', { name: 'Города и направления' })).toHaveAttribute('href', '/ru/loads/places');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Города и направления' })).toHaveAttribute(
    'href',
    '/ru/loads/places',
  );
});

test('the sitemap lists the prefixed place pages, not their bare aliases', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/ru\/loads\/from\/toshkent<\/loc>/);
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/uz\/loads\/places<\/loc>/);
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/uz-cyrl\/loads\/route\/[a-z-]+\/[a-z-]+<\/loc>/);
  expect(sitemap).not.toMatch(/<loc>http:\/\/localhost:\d+\/loads\/from\/toshkent<\/loc>/);
});

test('cards give the road distance and the price per km, in the HTML and after the board refreshes', async ({ page, request }) => {
  // Toshkent–Samarqand: 300 km from the table of known distances (src/places/road-distance.ts).
  const html = await (await request.get('/ru/loads/route/toshkent/samarqand')).text();
  expect(html).toContain('<span aria-hidden="true">≈</span><span class="visually-hidden">примерно</span>\u00a0300\u00a0км');
  expect(html).toMatch(
    /UZS<span[^>]*> <span aria-hidden="true">≈<\/span><span class="visually-hidden">примерно<\/span>\u00a0[\d\u00a0]+\u00a0UZS\/км/,
  );

  await page.goto('/ru/loads');
  const main = page.getByRole('main');
  // The live board's cards, read again from the API: a known route keeps its distance, said as an estimate.
  await expect(main.locator('li li', { hasText: /^≈примерно\s[\d\s]+\sкм$/ }).first()).toBeVisible();
  const facts = await main.locator('li li').allTextContents();
  expect(facts.filter((text) => text.includes('≈')).length).toBeGreaterThan(5);
});

test('a filter tapped on a city page keeps the list on screen until its new one is there, with no request of Gatsby’s', async ({
  page,
}) => {
  const city = '/ru/loads/to/toshkent';
  const loads = generateLoads(DEFAULT_SAMPLE_LOADS).map((raw) => normalizeLoad(raw));
  const expected = expectedIds(loads, '?vehicle=Tent', { to: 'toshkent' });
  expect(expected.length).toBeGreaterThan(0);
  // The cards' code on a slow network: it comes after the tap whose list needs it (loads the build's page does not show).
  await page.route(/\/board-tap-cards-[^/]*\.js$/, async (sent) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await sent.continue();
  });
  await page.goto(city);
  await page.waitForLoadState('networkidle');
  const gatsby = gatsbyRequests(page, city);
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  const tent = page.getByRole('checkbox', { name: /^Тент/ });
  await expect(tent).toBeVisible();
  // Every state the list passes through until its new count is said: the cards a driver sees and its line.
  await page.evaluate(() => {
    const seen: string[] = [];
    const note = () => {
      const cards = [...document.querySelectorAll('main li a[href*="/load/"]')].filter((link) => link.checkVisibility()).length;
      seen.push(`${cards}|${document.querySelector('[role="status"][aria-atomic="true"]')?.textContent ?? ''}`);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    (window as unknown as { listStates: string[] }).listStates = seen;
  });
  await tent.click();
  await expect(page).toHaveURL(/\?vehicle=Tent$/);
  const found = new RegExp(`^Найден\\S* ${expected.length} груз`);
  await expect(page.locator('[role="status"][aria-atomic="true"]')).toHaveText(found);
  const states = await page.evaluate(() => (window as unknown as { listStates: string[] }).listStates);
  const answered = states.findIndex((state) => found.test(state.slice(state.indexOf('|') + 1)));
  expect(answered).toBeGreaterThan(-1);
  expect(states.slice(0, answered).filter((state) => state.startsWith('0|'))).toEqual([]);
  await expect(page.getByRole('main').locator('li a[href^="/ru/load/"]')).toHaveCount(expected.length);
  expect(gatsby).toEqual([]);
});
