import { expect, test } from '@playwright/test';
import { normalizeLoad, normalizeLoadList } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { DEFAULT_SAMPLE_LOADS } from '../src/config/constants';
import { newestFirst } from '../src/loads/posting-time';
import { matchPlace } from '../src/places/match';
import { generateLoad, generateLoads } from '../tools/sample-api/data';
import { E2E_API_URL } from './env';
import { boardStatus, cardIds, controlApi, matchingIds, resetApi } from './support';

// Every matching load, whatever the API's order (CONTRACT.md, "The API as the site calls it", "Filters"):
// the board against the e2e sample API's 120 loads after the build, with loads posted, taken, and the
// API's order turned.

test.afterEach(resetApi);

const BOARD = generateLoads(DEFAULT_SAMPLE_LOADS)
  .map((raw) => normalizeLoad(raw))
  .sort(newestFirst);

/** Posts the sample API's next `size` loads (change mode, one list request). */
async function post(size: number): Promise<Load[]> {
  await controlApi({ change: { every: 1, removals: false, limit: 1, size } });
  await fetch(`${E2E_API_URL}/loads?limit=1`);
  await controlApi({ change: null });
  return Array.from({ length: size }, (_, index) => normalizeLoad(generateLoad(10_000_001 + index)));
}

async function liveLoads(): Promise<Load[]> {
  const body: unknown = await (await fetch(`${E2E_API_URL}/loads?limit=100&page=1`)).json();
  const second: unknown = await (await fetch(`${E2E_API_URL}/loads?limit=100&page=2`)).json();
  return [...normalizeLoadList(body).loads, ...normalizeLoadList(second).loads].sort(newestFirst);
}

test('an API whose order turned since the build: a load posted since is first on the board, on its filter, and counted', async ({
  page,
}) => {
  await controlApi({ order: 'oldest' });
  const [posted] = (await post(1)) as [Load];
  const live = await liveLoads();
  await page.goto('/uz/loads');
  await expect.poll(() => cardIds(page)).toEqual(live.slice(0, 20).map((load) => load.id));
  const filter = `?vehicle=${encodeURIComponent(posted.vehicleType)}`;
  const expected = matchingIds(live, filter);
  await page.goto(`/uz/loads${filter}`);
  await expect(boardStatus(page)).toHaveText(new RegExp(`^${expected.length} ta yuk topildi`));
  expect(await cardIds(page)).toEqual(expected.slice(0, 20));
  await page.goto('/uz/loads?sort=loading');
  await expect(boardStatus(page)).toHaveText(new RegExp(`^${live.length} ta yuk topildi`));
});

test('a filter narrows a place search and never changes it: the load whose title names the place stays', async ({ page }) => {
  // The sample API's load 1108 goes from Fargʻona to Namangan "via Buxoro" (Buxoro orqali), a tipper.
  const named = BOARD.find((load) => load.id === '1108') as Load;
  expect(named.title).toMatch(/Buxoro orqali/);
  const all = matchingIds(BOARD, '?search=Buxoro');
  const tippers = matchingIds(BOARD, `?search=Buxoro&vehicle=${named.vehicleType}`);
  expect(tippers).toEqual(all.filter((id) => BOARD.find((load) => load.id === id)?.vehicleType === named.vehicleType));
  expect(tippers).toContain(named.id);
  await page.goto('/uz/loads?search=Buxoro');
  await expect(boardStatus(page)).toHaveText(new RegExp(`^${all.length} ta yuk topildi`));
  expect((await cardIds(page)).sort()).toEqual(all.slice(0, 20).sort());
  await page.goto(`/uz/loads?search=Buxoro&vehicle=${named.vehicleType}`);
  await expect(boardStatus(page)).toHaveText(new RegExp(`^${tippers.length} ta yuk topildi`));
  expect(await cardIds(page)).toEqual(tippers.slice(0, 20));
});

test('a load taken since the build leaves the filtered list and its count, as it left the plain board', async ({ page }) => {
  // One of the newest: the loads the board reads from the API for what changed since the build.
  const taken = BOARD.slice(0, 20).find((load) => load.vehicleType === 'Refrijerator') ?? (BOARD.find((load) => load.vehicleType) as Load);
  const sameType = BOARD.filter((load) => load.vehicleType === taken.vehicleType);
  await controlApi({ take: [taken.id] });
  await page.goto('/ru/loads');
  await expect.poll(() => cardIds(page)).not.toContain(taken.id);
  await page.goto(`/ru/loads?vehicle=${encodeURIComponent(taken.vehicleType)}`);
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${sameType.length - 1} груз`));
  expect(await cardIds(page)).not.toContain(taken.id);
});

test('a plain city page and its panel say the same after a post: the list follows what the counts read', async ({ page }) => {
  const posted = await post(30);
  const city = posted.map((load) => matchPlace(load.from)?.slug).find((slug) => slug && slug !== 'toshkent') as string;
  const built = matchingIds(BOARD, '', { from: city }).length;
  const now = matchingIds(await liveLoads(), '', { from: city });
  expect(now.length).toBeGreaterThan(built);
  await page.goto(`/ru/loads/from/${city}`);
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${built} груз`));
  const toggle = page.getByRole('button', { name: /^Фильтры/ });
  await expect.poll(() => toggle.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
  await toggle.click();
  const group = page.getByRole('group', { name: 'Тип транспорта' });
  await expect(group.getByRole('checkbox', { name: /\(\d+\)$/ }).first()).toBeVisible();
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${now.length} груз`));
  await expect.poll(() => cardIds(page)).toEqual(now.slice(0, 20));
  const counted = (await group.locator('label').allTextContents()).map((text) => Number(/\((\d+)\)$/.exec(text.trim())?.[1] ?? 0));
  // Loads without a vehicle type are in the list but under no option.
  const untyped = (await liveLoads()).filter((load) => now.includes(load.id) && !load.vehicleType).length;
  expect(counted.reduce((sum, n) => sum + n, 0) + untyped).toBe(now.length);
});

test('loading day, soonest first: today and later first, soonest first, then the days gone by', async ({ page }) => {
  const expected = matchingIds(BOARD, '?sort=loading');
  await page.goto('/ru/loads?sort=loading');
  await expect(boardStatus(page)).toHaveText(new RegExp(`^Найден\\S* ${BOARD.length} груз`));
  await expect.poll(() => cardIds(page)).toEqual(expected.slice(0, 20));
});
