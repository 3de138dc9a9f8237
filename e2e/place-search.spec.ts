import { expect, test, type Page } from '@playwright/test';
import { normalizeLoadList } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { groupLoadsByPlace, routeKey } from '../src/loads/place-groups';
import { matchPlace } from '../src/places/match';
import { PAGE_SIZE } from '../src/config/constants';
import { E2E_API_URL } from './env';
import { expectedIds } from './expected-list';
import { controlApi, countListRequests, resetApi } from './support';

// A search for a place, in any script: every load from it, to it or whose title names it, however the
// API spells it, as one exact list worked out on the phone from the build's files and the loads posted
// since, newest first, in each language.

test.afterEach(resetApi);

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/load/"]') });

/** Every load the API's search finds for `search` (all of them without one), read apart from the site. */
async function apiLoads(search?: string): Promise<Load[]> {
  const loads: Load[] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ page: String(page), limit: '100', ...(search ? { search } : {}) });
    const list = normalizeLoadList(await (await fetch(`${E2E_API_URL}/loads?${query}`)).json(), { page, limit: 100 });
    loads.push(...list.loads);
    if (list.loads.length === 0 || loads.length >= list.total) return loads;
  }
}

/** Tashkent's loads as a person checks them: from it, to it, or naming it in the title, newest first. */
async function tashkentIds(): Promise<string[]> {
  return expectedIds(await apiLoads(), '?search=Toshkent');
}

const searchedFor = (urls: string[]) => urls.map((url) => new URL(url).searchParams.get('search')).filter(Boolean);
const cardIds = async (page: Page) =>
  (
    await cards(page)
      .locator('a[href*="/load/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  ).map((href) => href.replace(/^.*\/load\//, ''));

/** How many pages a list of `n` loads takes. */
const pages = (n: number) => Math.ceil(n / PAGE_SIZE);

const LANGUAGE_CASES = [
  {
    prefix: 'ru',
    typed: 'Ташкент',
    status: (n: number) => new RegExp(`^Найден\\S* ${n} груз\\S*, страница 1 из ${pages(n)}$`),
    next: 'Вперёд',
  },
  {
    prefix: 'uz',
    typed: 'Toshkent',
    status: (n: number) => new RegExp(`^${n} ta yuk topildi, ${pages(n)} sahifadan 1-si$`),
    next: 'Keyingi',
  },
  {
    prefix: 'uz-cyrl',
    typed: 'Тошкент',
    status: (n: number) => new RegExp(`^${n} та юк топилди, ${pages(n)} саҳифадан 1-си$`),
    next: 'Кейинги',
  },
];

for (const { prefix, typed, status, next } of LANGUAGE_CASES) {
  test(`/${prefix}: ${typed} lists every load from, to or naming Tashkent, once each, newest first, page by page`, async ({ page }) => {
    const expected = await tashkentIds();
    const requests = countListRequests(page);
    await page.goto(`/${prefix}/loads`);
    await page.waitForLoadState('networkidle');
    const before = requests.urls.length;
    await page.locator('#load-search').fill(typed);
    await page.locator('#load-search').press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?search=${encodeURIComponent(typed)}$`));
    await expect(page.getByRole('status')).toHaveText(status(expected.length));
    // No search goes to the API: only its newest loads, for what was posted since the build.
    expect(searchedFor(requests.urls.slice(before))).toEqual([]);
    await expect(page.locator('#load-search')).toHaveValue(typed);
    expect(await cardIds(page)).toEqual(expected.slice(0, 20));

    const beforeNext = requests.urls.length;
    await page.getByRole('link', { name: next }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect.poll(async () => cardIds(page)).toEqual(expected.slice(20, 40));
    expect(requests.urls.length - beforeNext).toBe(0);

    await page.goBack();
    await expect(page.getByRole('status')).toHaveText(status(expected.length));
    expect(await cardIds(page)).toEqual(expected.slice(0, 20));
  });
}

test('the same list comes from the form without script once the page runs', async ({ page }) => {
  const expected = await tashkentIds();
  await page.goto(`/ru/loads?search=${encodeURIComponent('Тошкент')}`);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^Найден\\S* ${expected.length} груз`));
});

test('a link to a page past the end says so, and leads back to page 1', async ({ page }) => {
  const expected = await tashkentIds();
  await page.goto(`/uz/loads?search=Toshkent&page=9`);
  await expect(page.getByRole('status')).toHaveText('Bu roʻyxatda 9-sahifa yoʻq');
  await page.getByRole('link', { name: 'Birinchi sahifaga oʻtish' }).click();
  await expect(page).toHaveURL(/\?search=Toshkent$/);
  await expect(page.getByRole('status')).toHaveText(`${expected.length} ta yuk topildi, ${pages(expected.length)} sahifadan 1-si`);
});

test("an API that answers with an error leaves the place's list as the build read it, and says new loads were not checked", async ({
  page,
}) => {
  await page.goto('/uz/loads');
  await page.waitForLoadState('networkidle');
  await controlApi({ fail: 502 });
  await page.locator('#load-search').fill('Toshkent');
  await page.locator('#load-search').press('Enter');
  await expect(page.getByRole('status')).toHaveText(/ta yuk topildi/);
  await expect(cards(page)).toHaveCount(20);
  // The freshness line is folded to its few words; the whole sentence is one tap away.
  await expect(page.getByText('Yangi yuklar tekshirilmadi', { exact: true })).toBeVisible();
  await page.getByText('Yangi yuklar tekshirilmadi', { exact: true }).click();
  await expect(page.getByText(/yangi yuklarni tekshirib boʻlmadi/i)).toBeVisible();
});

test('loads posted after the build from, to or naming the place are on its list, first', async ({ page }) => {
  const before = new Set(await tashkentIds());
  await controlApi({ change: { every: 1, removals: false, limit: 1, size: 40 } });
  await fetch(`${E2E_API_URL}/loads?limit=1`);
  await controlApi({ change: null });
  const expected = await tashkentIds();
  const posted = expected.filter((id) => !before.has(id));
  expect(posted.length).toBeGreaterThan(0);
  await page.goto('/uz/loads?search=Toshkent');
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^${expected.length} ta yuk topildi`));
  expect(await cardIds(page)).toEqual(expected.slice(0, 20));
});

test('a place and other words, markup and 2,000 characters go to the API as typed, as text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const requests = countListRequests(page);
  // Two places are a trip (e2e/trip-search.spec.ts).
  for (const typed of ['Toshkent sement', '<img src=x onerror=alert(1)>', 'Toshkent'.repeat(250)]) {
    await page.goto('/uz/loads');
    await page.waitForLoadState('networkidle');
    const before = requests.urls.length;
    const answered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.href.startsWith(`${E2E_API_URL}/loads`) && url.searchParams.has('search');
    });
    await page.locator('#load-search').fill(typed);
    await page.locator('#load-search').press('Enter');
    await answered;
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('status')).toHaveText(/topildi|Hech narsa topilmadi/);
    const sent = searchedFor(requests.urls.slice(before));
    expect(sent).toHaveLength(1);
    // The board cuts absurd lengths (board/query.ts) and sends the rest as typed.
    expect(typed.startsWith(sent[0] ?? '-')).toBe(true);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  }
  expect(dialogs).toBe(0);
});

test('a route without return loads leads on to the loads leaving its destination and the board searched for it', async ({ page }) => {
  const groups = groupLoadsByPlace(await apiLoads(), matchPlace);
  const route = [...groups.routes.values()].find(
    (candidate) => !groups.routes.has(routeKey(candidate.to.slug, candidate.from.slug)) && groups.from.has(candidate.to.slug),
  );
  expect(route).toBeDefined();
  if (!route) return;
  const leaving = groups.from.get(route.to.slug)?.loads.length ?? 0;
  for (const [prefix, name, all] of [
    ['ru', route.to.names.ru, 'все направления'],
    ['uz', route.to.names.uz, 'barcha yoʻnalishlar'],
    ['uz-cyrl', route.to.names['uz-Cyrl'], 'барча йўналишлар'],
  ] as const) {
    await page.goto(`/${prefix}/loads/route/${route.from.slug}/${route.to.slug}`);
    const links = page.getByRole('main').getByRole('link');
    await expect(links.filter({ hasText: new RegExp(`^${name} → ${all}: ${leaving} `) })).toHaveAttribute(
      'href',
      `/${prefix}/loads/from/${route.to.slug}`,
    );
    const search = page.locator(`main a[href="/${prefix}/loads?search=${encodeURIComponent(name)}"]`);
    await expect(search).toHaveCount(1);
    await expect(search).toContainText(name);
  }
});

test('a place first seen in a refresh is named on its card the way the build would, in each script', async ({ page }) => {
  // The refresh brings a load to a place the site does not know, typed in Uzbek Latin.
  await page.route(
    (url) => url.href.startsWith(`${E2E_API_URL}/loads`) && !url.searchParams.has('search'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Array<Record<string, unknown>> };
      const first = body.data[0] as Record<string, unknown>;
      delete first.toLocationName;
      first.toLocation = { id: 999, name: 'Qoʻrgʻontepa' };
      await route.fulfill({ response, json: body });
    },
  );
  for (const [prefix, name] of [
    ['uz-cyrl', 'Қўрғонтепа'],
    ['uz', 'Qoʻrgʻontepa'],
    ['ru', 'Qoʻrgʻontepa'],
  ] as const) {
    await page.goto(`/${prefix}/loads`);
    await expect(cards(page).first()).toContainText(name);
  }
});
