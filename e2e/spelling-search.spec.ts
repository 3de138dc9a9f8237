import { expect, test, type Page } from '@playwright/test';
import { normalizeLoadList } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { groupLoadsByPlace, routeKey } from '../src/loads/place-groups';
import { matchPlace } from '../src/places/match';
import { E2E_API_URL } from './env';
import { countListRequests, resetApi } from './support';

// One search, every spelling: a place the sample API stores as Toshkent, Tashkent and Тошкент is
// searched once per spelling, and the board lists all of their loads as one list, in each language.

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

/** The spellings the build's place file lists for Tashkent with the sample API's 120 loads. */
const TASHKENT_SPELLINGS = ['Toshkent', 'Tashkent', 'Тошкент'];

async function tashkentIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const spelling of TASHKENT_SPELLINGS) for (const load of await apiLoads(spelling)) ids.add(load.id);
  return ids;
}

const searchedFor = (urls: string[]) => urls.map((url) => new URL(url).searchParams.get('search')).sort();
const cardIds = async (page: Page) =>
  (
    await cards(page)
      .locator('a[href*="/load/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  ).map((href) => href.replace(/^.*\/load\//, ''));

// Page 1 has not read Toshkent to its end, and a hand-typed spelling's older loads could be among its
// later ones (the API matches titles too): the union's count is an upper bound there, and says so.
const LANGUAGE_CASES = [
  {
    prefix: 'ru',
    typed: 'Ташкент',
    status: (n: number) => new RegExp(`^Найдено не более ${n} груз\\S*, страница 1 из 2$`),
    next: 'Вперёд',
  },
  {
    prefix: 'uz',
    typed: 'Toshkent',
    status: (n: number) => new RegExp(`^koʻpi bilan ${n} ta yuk topildi, 2 sahifadan 1-si$`),
    next: 'Keyingi',
  },
  {
    prefix: 'uz-cyrl',
    typed: 'Тошкент',
    status: (n: number) => new RegExp(`^кўпи билан ${n} та юк топилди, 2 саҳифадан 1-си$`),
    next: 'Кейинги',
  },
];

for (const { prefix, typed, status, next } of LANGUAGE_CASES) {
  test(`/${prefix}: ${typed} lists the loads of every spelling, once each, newest first, over two pages`, async ({ page }) => {
    const union = await tashkentIds();
    const requests = countListRequests(page);
    await page.goto(`/${prefix}/loads`);
    await page.waitForLoadState('networkidle');
    const before = requests.urls.length;
    await page.getByRole('combobox').fill(typed);
    await page.getByRole('combobox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?search=${encodeURIComponent(typed)}$`));
    await expect(page.getByRole('status')).toHaveText(status(union.size));
    // One request per spelling, each as the API stores it; the URL keeps what was typed.
    expect(searchedFor(requests.urls.slice(before))).toEqual([...TASHKENT_SPELLINGS].sort());
    await expect(page.getByRole('combobox')).toHaveValue(typed);
    const first = await cardIds(page);
    expect(first).toHaveLength(20);

    const beforeNext = requests.urls.length;
    await page.getByRole('link', { name: next }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect.poll(async () => (await cardIds(page)).length).toBe(union.size - 20);
    // Page 2 needs page 2 only of the spellings with more than 20 loads: never more than one each.
    expect(requests.urls.length - beforeNext).toBeLessThanOrEqual(TASHKENT_SPELLINGS.length);
    const second = await cardIds(page);
    expect(new Set([...first, ...second])).toEqual(union);

    await page.goBack();
    await expect(page.getByRole('status')).toHaveText(status(union.size));
    expect(await cardIds(page)).toEqual(first);
  });
}

test('the same merged list comes from the form without script once the page runs', async ({ page }) => {
  const union = await tashkentIds();
  await page.goto(`/ru/loads?search=${encodeURIComponent('Тошкент')}`);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^Найдено не более ${union.size} груз`));
});

test('a link to a page past the end costs one request per spelling, says so, and leads back to page 1', async ({ page }) => {
  const union = await tashkentIds();
  const requests = countListRequests(page);
  await page.goto(`/uz/loads?search=Toshkent&page=9`);
  await expect(page.getByRole('status')).toHaveText('Bu roʻyxatda 9-sahifa yoʻq');
  await page.waitForLoadState('networkidle');
  expect(searchedFor(requests.urls).filter(Boolean)).toEqual([...TASHKENT_SPELLINGS].sort());
  await page.getByRole('link', { name: 'Birinchi sahifaga oʻtish' }).click();
  await expect(page).toHaveURL(/\?search=Toshkent$/);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^koʻpi bilan ${union.size} ta yuk topildi, 2 sahifadan 1-si$`));
});

test('a failing spelling shows the error panel, never a part of the list, and retry recovers', async ({ page }) => {
  let failing = true;
  await page.route(
    (url) => url.href.startsWith(`${E2E_API_URL}/loads`) && url.searchParams.get('search') === 'Тошкент',
    (route) => (failing ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }) : route.continue()),
  );
  await page.goto(`/uz/loads?search=Toshkent`);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Yuklash mumkin emas' })).toBeVisible();
  await expect(alert).toContainText('502');
  await expect(cards(page)).toHaveCount(0);
  failing = false;
  await alert.getByRole('button', { name: 'Qayta urinish' }).click();
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^koʻpi bilan ${(await tashkentIds()).size} ta yuk topildi`));
});

test('two places, a place and other words, markup and 2,000 characters go to the API as typed, as text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const requests = countListRequests(page);
  for (const typed of ['Toshkent Samarqand', 'Toshkent sement', '<img src=x onerror=alert(1)>', 'Toshkent'.repeat(250)]) {
    await page.goto('/uz/loads');
    await page.waitForLoadState('networkidle');
    const before = requests.urls.length;
    const answered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.href.startsWith(`${E2E_API_URL}/loads`) && url.searchParams.has('search');
    });
    await page.getByRole('combobox').fill(typed);
    await page.getByRole('combobox').press('Enter');
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
