import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { killSwitchWorker } from '../src/offline/kill-switch';
import { CACHE_NAMES, CACHE_PREFIX, INSTALL_CHUNKS, NETWORK_TIMEOUT_MS, TAP_CHUNKS, isInstallScript } from '../src/offline/policy';
import { MESSAGES } from '../src/offline/messages';
import { NETWORK_PROBE_MS } from '../src/config/constants';
import { startPhoneNetwork, type PhoneNetwork } from '../tools/harness/phone-network';
import { E2E_API_URL, E2E_SITE_URL } from './env';
import { renderedHtmlErrors } from './rendered-html';
import { apiRequests, boardHydrated, controlApi, resetApi } from './support';

/**
 * The offline worker (docs/offline.md) on the real build, in Chromium with service workers allowed
 * (the other specs block them). The site is reached through a network of the test's own in front of the
 * e2e server (tools/harness/phone-network.ts), which can keep silent or answer for the host (a 500, the
 * next deploy): Playwright's routing does not see a worker's navigation preload nor the browser's fetch
 * of a new worker. `context.setOffline` takes the worker's network too.
 */
test.use({ serviceWorkers: 'allow' });

let network: PhoneNetwork;
test.beforeAll(async () => {
  network = await startPhoneNetwork({ target: E2E_SITE_URL, port: 0, slow: false });
});
test.afterAll(() => network.close());
test.afterEach(async () => {
  network.answers.clear();
  network.silent = false;
  await resetApi();
});

const BOARD = '/uz/loads';
const CITY = '/ru/loads/from/toshkent';
const at = (pagePath: string) => `${network.url}${pagePath}`;

const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/load/"]') });

/**
 * Opens `pagePath` with a network and waits until the worker controls it and has kept it with its data
 * (and, for the board, its answer).
 */
async function visitAndKeep(page: Page, pagePath: string, answer = false): Promise<void> {
  await page.goto(at(pagePath));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ pages, pageData, apiAnswers, url, withAnswer }) => {
            // Kept under its path alone, whatever its query.
            const key = new URL(url, location.origin);
            key.search = '';
            const kept = await (await caches.open(pages)).match(key.href);
            const data = (await (await caches.open(pageData)).keys()).length;
            const answers = (await (await caches.open(apiAnswers)).keys()).length;
            return Boolean(kept) && data > 0 && (!withAnswer || answers > 0);
          },
          { pages: CACHE_NAMES.page, pageData: CACHE_NAMES['page-data'], apiAnswers: CACHE_NAMES.api, url: pagePath, withAnswer: answer },
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Resolves once everything the worker had started when asked has settled (MESSAGES.settled): then what it
 * has not kept or fetched it will not, and an absence can be asserted.
 */
async function workerSettled(page: Page): Promise<void> {
  await page.evaluate(async (type) => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker) throw new Error('no active worker');
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      worker.postMessage({ type }, [channel.port2]);
    });
  }, MESSAGES.settled);
}

async function offlineCaches(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => caches.keys().then((names) => names.filter((name) => name.startsWith(prefix))), CACHE_PREFIX);
}

const boardNotice = (page: Page) =>
  page.getByRole('paragraph').filter({ hasText: /^Internet aloqasi yoʻq\. Bu yuklar \d\d\.\d\d\.\d{4}, soat \d\d:\d\d holatiga koʻra/ });

test('a visit installs the worker, which keeps the page, its data and its scripts', async ({ page }) => {
  await visitAndKeep(page, BOARD);
  const scopes = await page.evaluate(() =>
    navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => new URL(r.scope).pathname)),
  );
  expect(scopes).toEqual(['/']);
  expect(await offlineCaches(page)).toEqual(expect.arrayContaining([CACHE_NAMES.page, CACHE_NAMES['page-data'], CACHE_NAMES.asset]));
});

test("a first visit hands the worker the board's answer as it came: the API is asked once, and the answer is kept", async ({ page }) => {
  const before = await apiRequests();
  await visitAndKeep(page, BOARD, true);
  // The worker keeps what the page handed over; asking the API again would cost a first visit the
  // answer's bytes twice.
  await workerSettled(page);
  expect((await apiRequests()) - before).toBe(1);
});

test('offline, the board shows the loads last seen and says so once; back online, it refreshes by itself', async ({ page, context }) => {
  await visitAndKeep(page, BOARD, true);
  await expect(cards(page)).toHaveCount(20);
  const firstCard = await cards(page).first().textContent();
  // The page's clock from here on (installed earlier, it would hold the worker's registration, which waits
  // for an idle moment), so the wait for the board's steady retry below takes no 30 s of the run.
  await page.clock.install();
  await context.setOffline(true);
  await page.reload();
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(20);
  expect(await cards(page).first().textContent()).toBe(firstCard);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The board's one live region says it, before the count.
  await expect(page.getByRole('status')).toHaveText(/^Internet aloqasi yoʻq\..* ta yuk topildi/);

  // Chromium (150) leaves `navigator.onLine` true in a document the offline worker served under
  // Playwright's offline, so no `online` comes: the board's steady retry (NETWORK_PROBE_MS) is the
  // promise this waits for, as a phone whose network says nothing would; the page's clock is moved on to it.
  const refreshed = page.waitForResponse((response) => response.url().startsWith(`${E2E_API_URL}/loads`) && response.status() === 200, {
    timeout: 15_000,
  });
  await context.setOffline(false);
  await page.clock.fastForward(NETWORK_PROBE_MS);
  await refreshed;
  await expect(boardNotice(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(cards(page)).toHaveCount(20);
});

test('the offline board passes axe and the Nu Html Checker', async ({ page, context }) => {
  test.setTimeout(60_000);
  await visitAndKeep(page, '/ru/loads', true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('paragraph').filter({ hasText: /^Нет подключения к интернету\./ })).toBeVisible({ timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await renderedHtmlErrors(page)).toEqual([]);
});

test('offline, a city page shows the loads last seen there, says so, and reloads by itself when the network is back', async ({
  page,
  context,
}) => {
  await visitAndKeep(page, CITY);
  const seen = await cards(page).count();
  expect(seen).toBeGreaterThan(0);
  await page.clock.install();
  await context.setOffline(true);
  await page.reload();
  await expect(cards(page)).toHaveCount(seen);
  const notice = page.getByRole('status').filter({ hasText: 'Нет подключения к интернету' });
  await expect(notice).toHaveText(/по состоянию на \d\d\.\d\d\.\d{4}, \d\d:\d\d/, { timeout: 15_000 });
  await context.setOffline(false);
  // The page's tries on \`online\` can all come before the worker's network is back; then the next try is
  // the page's steady probe (NETWORK_PROBE_MS), which is the promise this waits for: the page's clock is
  // moved on to it.
  await page.clock.fastForward(NETWORK_PROBE_MS);
  await expect(notice).toHaveCount(0, { timeout: 15_000 });
  await expect(cards(page)).toHaveCount(seen);
});

test('a network that never answers falls back to the kept page within the timeout', async ({ page }) => {
  await visitAndKeep(page, CITY);
  network.silent = true;
  const started = Date.now();
  // The reload's own bound is the promise: the kept copy comes once the network has had its few seconds,
  // not after the browser's own time-out; how much sooner is the offline bench's figure, not a test's.
  await page.reload({ waitUntil: 'commit', timeout: NETWORK_TIMEOUT_MS + 15_000 });
  await expect(cards(page).first()).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(NETWORK_TIMEOUT_MS);
});

test('a 500 of the site or of the API during a visit is not kept: offline, the good copies stand', async ({ page, context }) => {
  await visitAndKeep(page, BOARD, true);
  await visitAndKeep(page, CITY);
  network.answers.set(CITY, {
    status: 500,
    type: 'text/html; charset=utf-8',
    body: '<!DOCTYPE html><title>Server error</title><h1>500</h1>',
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
  network.answers.delete(CITY);
  await controlApi({ fail: 500 });
  await page.goto(at(BOARD));
  await expect(page.getByRole('alert')).toContainText('500');
  await context.setOffline(true);
  await page.goto(at(CITY));
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '500' })).toHaveCount(0);
  await page.goto(at(BOARD));
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);
});

test("a captive portal's 200 text/html never replaces the board's kept answer: offline, the loads last seen stand", async ({
  page,
  context,
}) => {
  await visitAndKeep(page, BOARD, true);
  await controlApi({ portal: true });
  await page.reload();
  await expect(page.getByRole('alert')).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);
});

/** What the worker keeps of the board's page and its data, read in the page. */
async function keptBoard(page: Page): Promise<{ page: string; data: string }> {
  return page.evaluate(
    async ({ pages, pageData, path }) => {
      const html = await (await caches.open(pages)).match(new URL(path, location.origin).href);
      const data = await (await caches.open(pageData)).match(new URL(`/page-data${path}/page-data.json`, location.origin).href);
      return { page: (await html?.text()) ?? '', data: (await data?.text()) ?? '' };
    },
    { pages: CACHE_NAMES.page, pageData: CACHE_NAMES['page-data'], path: BOARD },
  );
}

test("a captive portal, a maintenance answer or a page cut short never replaces the board's kept page: offline, the loads last seen stand", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await visitAndKeep(page, BOARD, true);
  const kept = await keptBoard(page);
  expect(kept.page).toContain('___webpackCompilationHash');
  const whole = await (await request.get(`${E2E_SITE_URL}${BOARD}/`)).text();
  const maintenance = { status: 200, type: 'application/json', body: JSON.stringify({ error: 'maintenance' }) };
  const portal = '<!DOCTYPE html><html><head><title>Wi-Fi</title></head><body><h1>Bepul Wi-Fi Kirish</h1></body></html>';
  const answers = [
    { type: 'text/html; charset=utf-8', body: portal },
    maintenance,
    { type: 'text/html; charset=utf-8', body: whole.slice(0, Math.round(whole.length * 0.2)) },
    // The real page, and its data answered so.
    null,
  ];
  for (const answer of answers) {
    if (answer) network.answers.set(BOARD, { status: 200, ...answer });
    network.answers.set(`/page-data${BOARD}/page-data.json`, maintenance);
    const dataAsked = page.waitForRequest((request) => request.url().includes(`/page-data${BOARD}/page-data.json`), { timeout: 5_000 });
    await page.goto(at(BOARD)).catch(() => undefined);
    if (!answer) await dataAsked;
    else void dataAsked.catch(() => undefined);
    // The navigation's and the data's answers went through the worker: whatever it would keep of them, it has.
    await workerSettled(page);
    network.answers.clear();
    expect(await keptBoard(page)).toEqual(kept);
  }
  await context.setOffline(true);
  await page.goto(at(BOARD));
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Bepul Wi-Fi Kirish')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);
});

test("an API answer whose items are all unreadable never replaces the board's kept answer", async ({ page, context }) => {
  await visitAndKeep(page, BOARD, true);
  await expect(cards(page)).toHaveCount(20);
  await context.route(`${E2E_API_URL}/loads**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ data: [{ error: 'rate limited' }], pagination: { total: 120, page: 1, limit: 20 } }),
    }),
  );
  const answered = page.waitForResponse((response) => response.url().startsWith(`${E2E_API_URL}/loads`));
  await page.reload();
  await answered;
  // The unreadable answer went through the worker: whatever it would keep of it, it has.
  await workerSettled(page);
  await context.unroute(`${E2E_API_URL}/loads**`);
  await context.setOffline(true);
  await page.reload();
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(20);
});

test("offline, a card opens the site's offline page in the page's language, and Back shows the kept list with the time it was seen", async ({
  page,
  context,
}) => {
  await visitAndKeep(page, BOARD, true);
  await context.setOffline(true);
  await page.reload();
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  const seen = await boardNotice(page).textContent();
  await cards(page).first().locator('a[href*="/load/"]').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Internet aloqasi yoʻq' })).toBeVisible({ timeout: 15_000 });
  expect(await page.locator('html').getAttribute('lang')).toBe('uz');
  await expect(page.getByRole('link', { name: 'Saqlangan yuklar roʻyxatiga qaytish' })).toHaveAttribute('href', BOARD);
  await page.goBack();
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(20);
  expect(await boardNotice(page).textContent()).toBe(seen);
  // The link leads back to the same kept list, at the same time.
  await page.goto(at('/uz/load/1001'));
  await page.getByRole('link', { name: 'Saqlangan yuklar roʻyxatiga qaytish' }).click();
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  expect(await boardNotice(page).textContent()).toBe(seen);
});

test("offline, the language switch and a page never opened get the site's offline page in their language", async ({ page, context }) => {
  await visitAndKeep(page, BOARD, true);
  await context.setOffline(true);
  await page.reload();
  await expect(boardNotice(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Tilni tanlash' }).getByRole('link', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Нет подключения к интернету' })).toBeVisible({ timeout: 15_000 });
  expect(await page.locator('html').getAttribute('lang')).toBe('ru');
  // No Russian board was kept: the link leads to the one that was.
  await expect(page.getByRole('link', { name: 'Вернуться к сохранённому списку грузов' })).toHaveAttribute('href', BOARD);
  await page.goto(at('/uz-cyrl/load/1001'));
  await expect(page.getByRole('heading', { level: 1, name: 'Интернет алоқаси йўқ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Саҳифани қайта очиш' })).toHaveAttribute('href', '/uz-cyrl/load/1001');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  expect(await renderedHtmlErrors(page)).toEqual([]);
});

test('a new deploy reaches the next online visit, and a page left open since offers a reload', async ({ page, context }) => {
  await visitAndKeep(page, CITY);
  const leftOpen = await context.newPage();
  await leftOpen.goto(at(CITY));
  await expect.poll(() => leftOpen.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The next deploy as a browser meets it, without a second build: the host answers the page with the
  // next build's HTML and its worker's URL with the next build's worker (another list of entry scripts).
  const html = await (await fetch(at(CITY))).text();
  const worker = await (await fetch(at('/sw.js'))).text();
  network.answers.set(CITY, { status: 200, type: 'text/html; charset=utf-8', body: html.replace('<html', '<html data-deploy="next"') });
  network.answers.set('/sw.js', {
    status: 200,
    type: 'text/javascript',
    body: worker.replace(/webpack-runtime-[0-9a-f]+\.js/, 'webpack-runtime-00000000000000000000.js'),
  });
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
  network.answers.set('/sw.js', { status: 200, type: 'text/javascript', body: killSwitchWorker() });
  await page.reload();
  await expect.poll(() => offlineCaches(page), { timeout: 15_000 }).toEqual([]);
  // Without the worker, no kept page stands in for the network.
  await context.setOffline(true);
  await expect(page.goto(at(CITY))).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});

/**
 * The scripts the build listed into the worker (sw.js) besides its entry scripts, and whether the worker
 * has kept each: the code a list page's taps fetch.
 */
async function tapScripts(page: Page): Promise<{ url: string; kept: boolean }[]> {
  return page.evaluate(
    async ({ assets, entryNames }) => {
      const worker = await (await fetch('/sw.js')).text();
      const urls = [...worker.matchAll(/['"]url['"]\s*:\s*['"](\/[^'"]+\.js)['"]/g)].map((match) => match[1] as string);
      const cache = await caches.open(assets);
      const taps = urls.filter((url) => !entryNames.some((name) => url.slice(1).startsWith(`${name}-`)));
      return Promise.all(taps.map(async (url) => ({ url, kept: Boolean(await cache.match(new URL(url, location.origin).href)) })));
    },
    { assets: CACHE_NAMES.asset, entryNames: [...INSTALL_CHUNKS] },
  );
}

/** Waits until the worker has kept every script the build listed for a list page's taps. */
async function tapsKept(page: Page): Promise<void> {
  await expect.poll(async () => (await tapScripts(page)).filter((script) => !script.kept), { timeout: 15_000 }).toEqual([]);
}

/** The list is on screen, no error page stands in for it, and the page is no wider than the screen. */
async function listStays(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  expect(await cards(page).count()).toBeGreaterThan(0);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The line over the list on screen when a list asked for offline did not open, with its retry. */
const notOpened = (page: Page) =>
  page.getByRole('paragraph').filter({ hasText: /^Нет подключения к интернету: этот список не открылся\. На экране — прежний\./ });

/**
 * A tap offline: its list opens from what the phone kept (the address names it), or the page stays as
 * it was, its address too, under the line that says so. The list stays either way. Says which.
 */
async function tapAndStay(page: Page, tap: () => Promise<void>, address: RegExp): Promise<boolean> {
  const before = page.url();
  await tap();
  await expect.poll(async () => address.test(page.url()) || (await notOpened(page).isVisible()), { timeout: 15_000 }).toBe(true);
  const opened = address.test(page.url());
  if (!opened) expect(page.url()).toBe(before);
  await listStays(page);
  return opened;
}

/** A tap offline whose list the phone did not keep: the page stays as it was, under the line, and the line's retry tries again. */
async function tapNotOpened(page: Page, tap: () => Promise<void>): Promise<void> {
  const before = page.url();
  await tap();
  await expect(notOpened(page)).toBeVisible({ timeout: 15_000 });
  expect(page.url()).toBe(before);
  await listStays(page);
  await notOpened(page).getByRole('button', { name: 'Повторить' }).click();
  await expect(notOpened(page)).toBeVisible({ timeout: 15_000 });
  expect(page.url()).toBe(before);
}

/** Each option of the open filter panel, tapped in turn, then each chip they made removed. */
async function tapEveryFilter(page: Page): Promise<void> {
  const panel = page.getByRole('form', { name: 'Фильтры списка' });
  // A tap whose list did not open leaves its box as it was: clicked, not checked.
  for (const box of await panel.getByRole('checkbox', { disabled: false }).all()) await tapAndStay(page, () => box.click(), /vehicle=/);
  for (const day of ['Сегодня', 'Завтра', 'Ближайшие 3 дня']) {
    const button = panel.getByRole('button', { name: new RegExp(`^${day}`) });
    if (await button.isEnabled()) await tapAndStay(page, () => button.click(), /loadingFrom=/);
  }
  for (const [label, tonnes] of [
    ['От', '5'],
    ['До', '30'],
  ] as const)
    await tapAndStay(
      page,
      async () => {
        await panel.getByRole('textbox', { name: label }).fill(tonnes);
        await panel.getByRole('textbox', { name: label }).press('Enter');
      },
      new RegExp(`weight${label === 'От' ? 'Min' : 'Max'}=${tonnes}`),
    );
  await tapAndStay(page, () => panel.getByRole('radio', { name: 'Сначала ближайшая погрузка' }).click(), /sort=loading/);
  await tapAndStay(page, () => panel.getByRole('radio', { name: 'Сначала новые' }).click(), /^(?!.*sort=)/);
  // Each chip removes its filter with one tap; the last leaves the plain list, the worker's kept copy.
  const chips = page.getByRole('button', { name: /^Убрать фильтр: / });
  while ((await chips.count()) > 0) await tapAndStay(page, () => chips.first().click(), /\/loads/);
}

test('a visit of a board, city or route page keeps the code its taps fetch', async ({ page }) => {
  await visitAndKeep(page, '/ru/loads', true);
  await tapsKept(page);
  const kept = (await tapScripts(page)).map((script) => script.url).join(' ');
  for (const name of TAP_CHUNKS) expect(kept).toContain(`/${name}-`);
  expect((await tapScripts(page)).every((script) => !isInstallScript(script.url))).toBe(true);
});

for (const viewport of [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
])
  test(`offline at ${viewport.width} x ${viewport.height}, every control of a board visited before keeps its list on screen, in its language`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await visitAndKeep(page, CITY);
    await visitAndKeep(page, '/ru/loads', true);
    await tapsKept(page);
    await boardHydrated(page);
    await context.setOffline(true);

    await page.getByRole('button', { name: /^Фильтры/ }).click();
    await expect(page.getByRole('group', { name: 'Тип транспорта' })).toBeVisible();
    await listStays(page);
    await tapEveryFilter(page);

    // A list the phone did not keep leaves the page as it was: the address, the box, the field, the
    // status line and "keep this search" stay on the list on screen, under one line with a retry.
    const tent = page.getByRole('checkbox', { name: /^Тент/ });
    if (!(await tent.isChecked())) {
      const opened = await tapAndStay(page, () => tent.click(), /vehicle=Tent/);
      if (!opened) {
        await expect(tent).not.toBeChecked();
        await expect(page.getByRole('button', { name: 'Сохранить поиск' })).toHaveCount(0);
      }
    }
    await page.goto(at('/ru/loads'));
    await boardHydrated(page);
    await tapNotOpened(page, () => page.getByRole('link', { name: 'Вперёд' }).click());
    await expect(page.getByRole('status')).toHaveText(/страница 1 из/);

    const field = page.locator('#load-search');
    await field.click();
    await field.pressSequentially('Самарканд');
    await tapNotOpened(page, () => field.press('Enter'));
    await expect(field).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Сохранить поиск' })).toHaveCount(0);
  });

test('offline, every control of a city page visited before keeps its list on screen', async ({ page, context }) => {
  test.setTimeout(60_000);
  // A city with more than one page of loads.
  const city = '/ru/loads/to/toshkent';
  await page.setViewportSize({ width: 360, height: 640 });
  await visitAndKeep(page, '/ru/loads', true);
  await visitAndKeep(page, city);
  await tapsKept(page);
  await context.setOffline(true);
  await page.goto(at(city));
  const toggle = page.getByRole('button', { name: /^Фильтры/ });
  // The page comes from the worker and hydrates under a busy machine's clock: a bound it meets, not the 5 s default.
  await expect
    .poll(() => toggle.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$'))), { timeout: 15_000 })
    .toBe(true);
  await toggle.click();
  await expect(page.getByRole('group', { name: 'Тип транспорта' })).toBeVisible();
  await listStays(page);
  await tapEveryFilter(page);
  // The next page of a city is a page of its own the worker did not keep: offline it is asked for here,
  // and opens from the list's files or leaves the page as it was.
  await tapAndStay(page, () => page.getByRole('link', { name: 'Вперёд' }).click(), /\/ru\/loads\/to\/toshkent\?page=2$/);
  // The panel stays open and whole: no part of the page gave way to its failure line.
  await expect(page.getByText(/^(Нет подключения к интернету: эта часть страницы|Эта часть страницы не загрузилась)/)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Тип транспорта' })).toBeVisible({ timeout: 10_000 });
  if (await tapAndStay(page, () => page.getByRole('checkbox', { name: /^Тент/ }).click(), /vehicle=Tent/)) {
    await tapAndStay(page, () => page.getByRole('button', { name: 'Сохранить поиск' }).click(), /vehicle=Tent/);
    await expect(page.getByRole('button', { name: 'Удалить из сохранённых' })).toBeVisible();
  }
});

test("a tap on a city page asks the network for its list, not again for the page's data the worker gave it", async ({ page }) => {
  test.setTimeout(60_000);
  const city = '/ru/loads/to/toshkent';
  const pageData = () => [...network.sent.keys()].filter((path) => path.startsWith('/page-data/ru/loads/to/toshkent/'));
  const tapVehicle = async (name: RegExp, address: RegExp) => {
    await workerSettled(page);
    network.resetCount();
    const toggle = page.getByRole('button', { name: /^Фильтры/ });
    await expect
      .poll(() => toggle.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$'))), { timeout: 15_000 })
      .toBe(true);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.getByRole('checkbox', { name }).click();
    await expect(page).toHaveURL(address);
    await listStays(page);
    await workerSettled(page);
    expect(pageData()).toEqual([]);
  };
  // A first visit: the page hands the worker what it loaded, its data among it.
  await visitAndKeep(page, city);
  await tapVehicle(/^Тент/, /vehicle=Tent$/);
  // A visit the worker answered from the network.
  await page.goto(at(city));
  await tapVehicle(/^Рефрижератор/, /vehicle=Refrijerator$/);
  // Another page of the same data is asked for: the worker did not give it that one.
  network.resetCount();
  await page.goto(at('/ru/loads/to/samarqand'));
  await workerSettled(page);
  expect([...network.sent.keys()].some((path) => path.startsWith('/page-data/ru/loads/to/samarqand/'))).toBe(true);
});

test('a slow API is a slow server, not a missing network: the notice says so with the time of the loads shown', async ({ page }) => {
  await visitAndKeep(page, '/ru/loads', true);
  await controlApi({ delayMs: 5_000 });
  await page.reload();
  // The worker answers with its kept copy after its timeout; the phone is online all along.
  const slow = page.getByRole('paragraph').filter({
    hasText:
      /^Сервер медленно отвечает: показаны грузы по состоянию на \d\d\.\d\d\.\d{4}, \d\d:\d\d \(по ташкентскому времени\); список обновится сам\.$/,
  });
  await expect(slow).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Нет подключения к интернету/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole('status')).toHaveText(/^Сервер медленно отвечает.*Найдено 120 грузов/);
});

test('offline, a filtered list says the phone is offline, and its freshness line claims no check that did not happen', async ({
  page,
  context,
}) => {
  await visitAndKeep(page, '/ru/loads?vehicle=Tent', true);
  // Once more with the worker in control, so that the list's files and answers pass through it.
  await page.reload();
  // The freshness line, folded to its few words.
  const fresh = page.getByText(/^Новые грузы проверены в \d\d:\d\d/);
  await expect(fresh).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('paragraph').filter({ hasText: /^Нет подключения к интернету\. Грузы показаны по состоянию на / }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(cards(page).first()).toBeVisible();
  for (const text of await cards(page).allTextContents()) expect(text).toContain('Тент');
  await expect(page.getByText(/[Нн]овые грузы проверены в/)).toHaveCount(0);
  await expect(page.getByText(/^Новые грузы не проверены$/)).toBeVisible();
});
