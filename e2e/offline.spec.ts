import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { killSwitchWorker } from '../src/offline/kill-switch';
import { CACHE_NAMES, CACHE_PREFIX, NETWORK_TIMEOUT_MS } from '../src/offline/policy';
import { E2E_API_URL } from './env';
import { controlApi, resetApi } from './support';

/**
 * The offline worker (docs/offline.md) on the real build, in Chromium with service workers allowed
 * (the other specs block them). `context.setOffline` takes the worker's network too.
 */
test.use({ serviceWorkers: 'allow' });
test.afterEach(resetApi);

const BOARD = '/uz/loads';
const CITY = '/ru/loads/from/toshkent';

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/load/"]') });

/** Opens `pagePath` with a network and waits until the worker controls it and has kept it with its data. */
async function visitAndKeep(page: Page, pagePath: string, api = false): Promise<void> {
  await page.goto(pagePath);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ pages, pageData, apiAnswers, url, withApi }) => {
            const page = await (await caches.open(pages)).match(new URL(url, location.origin).href);
            const data = (await (await caches.open(pageData)).keys()).length;
            const answers = (await (await caches.open(apiAnswers)).keys()).length;
            return Boolean(page) && data > 0 && (!withApi || answers > 0);
          },
          { pages: CACHE_NAMES.page, pageData: CACHE_NAMES['page-data'], apiAnswers: CACHE_NAMES.api, url: pagePath, withApi: api },
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function offlineCaches(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => caches.keys().then((names) => names.filter((name) => name.startsWith(prefix))), CACHE_PREFIX);
}

/** A network that says "online" and answers nothing: every request to the site hangs. */
async function silentNetwork(context: BrowserContext): Promise<void> {
  await context.route(/^http:\/\/localhost:\d+\//, () => new Promise(() => undefined));
}

test('a visit installs the worker, which keeps the page, its data and its scripts', async ({ page }) => {
  await visitAndKeep(page, BOARD);
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => new URL(r.scope).pathname))),
  ).toEqual(['/']);
  expect((await offlineCaches(page)).sort()).toEqual(
    expect.arrayContaining([CACHE_NAMES.page, CACHE_NAMES['page-data'], CACHE_NAMES.asset]),
  );
});

test('offline, the board shows the loads last seen and says so once; back online, it refreshes by itself', async ({ page, context }) => {
  await visitAndKeep(page, BOARD, true);
  await expect(cards(page)).toHaveCount(20);
  const firstCard = await cards(page).first().textContent();
  await context.setOffline(true);
  await page.reload();
  const notice = page
    .getByText(/^Internet aloqasi yoʻq\. Bu yuklar \d\d\.\d\d\.\d{4}, soat \d\d:\d\d holatiga koʻra/, { exact: false })
    .last();
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(20);
  expect(await cards(page).first().textContent()).toBe(firstCard);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The board's one live region says it, before the count.
  await expect(page.getByRole('status')).toHaveText(/^Internet aloqasi yoʻq\..*6 dan 1-sahifa/);

  const refreshed = page.waitForResponse((response) => response.url().startsWith(`${E2E_API_URL}/loads`) && response.status() === 200, {
    timeout: 15_000,
  });
  await context.setOffline(false);
  await refreshed;
  await expect(notice).toBeHidden({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(20);
});

test('the offline board passes axe and the Nu Html Checker', async ({ page, context }) => {
  test.setTimeout(60_000);
  await visitAndKeep(page, '/ru/loads', true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Нет подключения к интернету\./).last()).toBeVisible({ timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-board-'));
  try {
    const file = path.join(dir, 'offline-board.html');
    fs.writeFileSync(file, `<!DOCTYPE html>${await page.evaluate(() => document.documentElement.outerHTML)}`);
    const jar = path.join(path.dirname(require.resolve('vnu-jar')), 'build', 'dist', 'vnu.jar');
    const { stdout } = await promisify(execFile)(process.env.JAVA_PATH || '/usr/bin/java', [
      '-jar',
      jar,
      '--format',
      'json',
      '--stdout',
      '--exit-zero-always',
      file,
    ]);
    const errors = (JSON.parse(stdout) as { messages: { type: string; message: string; extract?: string }[] }).messages
      .filter((message) => message.type === 'error')
      .map((message) => `${message.message} [${message.extract ?? ''}]`);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('offline, a city page shows the loads last seen there, says so, and reloads by itself when the network is back', async ({
  page,
  context,
}) => {
  await visitAndKeep(page, CITY);
  const seen = await cards(page).count();
  expect(seen).toBeGreaterThan(0);
  await context.setOffline(true);
  await page.reload();
  await expect(cards(page)).toHaveCount(seen);
  const notice = page.getByRole('status').filter({ hasText: 'Нет подключения к интернету' });
  await expect(notice).toHaveText(/по состоянию на \d\d\.\d\d\.\d{4}, \d\d:\d\d/, { timeout: 15_000 });
  await context.setOffline(false);
  await expect(notice).toHaveText('', { timeout: 15_000 });
  await expect(cards(page)).toHaveCount(seen);
});

test('a network that never answers falls back to the kept page within the timeout', async ({ page, context }) => {
  await visitAndKeep(page, CITY);
  await silentNetwork(context);
  const started = Date.now();
  await page.reload({ waitUntil: 'domcontentloaded', timeout: NETWORK_TIMEOUT_MS + 5_000 });
  await expect(cards(page).first()).toBeVisible();
  expect(Date.now() - started).toBeLessThan(NETWORK_TIMEOUT_MS + 3_000);
});

test('a 500 of the site or of the API during a visit is not kept: offline, the good copy stands', async ({ page, context }) => {
  await visitAndKeep(page, CITY);
  await context.route(`**${CITY}`, (route) =>
    route.fulfill({ status: 500, contentType: 'text/html', body: '<title>Server error</title><h1>500</h1>' }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
  await context.unroute(`**${CITY}`);
  await controlApi({ fail: 500 });
  const failed = page.waitForResponse((response) => response.url().startsWith(`${E2E_API_URL}/loads`) && response.status() === 500);
  await page.goto(BOARD);
  await failed;
  await context.setOffline(true);
  await page.goto(CITY);
  await expect(page.getByRole('heading', { name: '500' })).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
});

test('a new deploy reaches the next online visit, and a page left open since offers a reload', async ({ page, context }) => {
  await visitAndKeep(page, CITY);
  const leftOpen = await context.newPage();
  await leftOpen.goto(CITY);
  await expect.poll(() => leftOpen.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The next deploy as a browser meets it, without a second build: the host answers the page with
  // new HTML, and the worker's URL with the next build's worker (another list of entry scripts).
  const html = await (await page.request.get(CITY)).text();
  const worker = await (await page.request.get('/sw.js')).text();
  await context.route(`**${CITY}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html.replace('<html', '<html data-deploy="next"') }),
  );
  await context.route('**/sw.js', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: worker.replace(/webpack-runtime-[0-9a-f]+\.js/, 'webpack-runtime-00000000000000000000.js'),
    }),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-deploy', 'next');
  const offer = leftOpen.getByRole('status').filter({ hasText: 'Вышла новая версия сайта.' });
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await offer.getByRole('button', { name: 'Обновить страницу' }).click();
  await expect(leftOpen.locator('html')).toHaveAttribute('data-deploy', 'next');
});

test('the kill switch removes the worker and its caches', async ({ page, context }) => {
  await visitAndKeep(page, CITY);
  expect(await offlineCaches(page)).not.toEqual([]);
  // A deploy publishes the kill switch at the worker's URL; the next visit fetches it.
  await context.route('**/sw.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: killSwitchWorker() }));
  await page.reload();
  await expect.poll(() => offlineCaches(page), { timeout: 15_000 }).toEqual([]);
  // Without the worker, no kept page stands in for the network.
  await context.setOffline(true);
  await expect(page.goto(CITY)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});
