import { expect, test } from '@playwright/test';
import { controlApi, holdExternal, hydratedMain, resetApi } from './support';
import { apostropheInsensitive } from './apostrophes';
import { site } from '../src/config/site';
import { E2E_API_URL } from './env';

const ANDROID = 'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

test.afterEach(resetApi);

test('a pre-built load page carries its metadata in the HTML', async ({ request }) => {
  const html = await (await request.get('/ru/load/1001')).text();
  expect(html).toContain('<html lang="ru"');
  expect(html).toMatch(/<title[^>]*>[^<]*→[^<]*<\/title>/);
  expect(html).toMatch(/<meta property="og:description" content="Маршрут: [^"]+Вес: [^"]+т\.[^"]*Цена: [^"]+"/);
  expect(html).toContain('Загружаем информацию о грузе…');
  const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ?? '';
  const data = JSON.parse(jsonLd);
  expect(data['@type']).toBe('Service');
  expect(data.url).toMatch(/\/ru\/load\/1001$/);
});

test('the hostile load leaves no element or script behind in its page', async ({ page, request }) => {
  const html = await (await request.get('/uz/load/666')).text();
  expect(html).not.toContain('<img src=x');
  expect(html).not.toMatch(/<\/script><script>alert/);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  // The title is text in the served HTML; the page itself leaves for /applink after 100 ms.
  expect(html).toMatch(/<title[^>]*>&lt;img src=x onerror=alert\(1\)&gt;/);
  await holdExternal(page);
  await page.goto('/uz/load/666');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/uz\/applink$/);
  expect(dialogs).toBe(0);
});

test('a pre-built load page hands over to /applink in its language', async ({ page }) => {
  await holdExternal(page);
  await page.goto('/uz-cyrl/load/1002');
  await expect(page).toHaveURL(/\/uz-cyrl\/applink$/);
});

test('a load newer than the build is fetched, described and handed over', async ({ page }) => {
  await controlApi({ loads: 130 });
  const attempted = await holdExternal(page);
  // The API's answer waits until the loading line has been seen: on a quiet machine it comes too soon to see.
  let answer = () => {};
  const loadingSeen = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`${E2E_API_URL}/loads/1125**`, async (route) => {
    await loadingSeen;
    await route.continue();
  });
  const response = await page.goto('/ru/load/1125');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Загружаем информацию о грузе…')).toBeVisible();
  answer();
  await expect(page).toHaveURL(/\/ru\/applink$/, { timeout: 15_000 });
  // /applink then sends this desktop browser on to the main website, and only there.
  await expect.poll(() => attempted).toEqual([new URL(site.mainWebsite).href]);
});

// A driver opening a load shared in a chat reaches the store after one start of the site, not two.
for (const [name, path] of [
  ['a pre-built load page', '/uz-cyrl/load/1002'],
  ['a load newer than the build', '/ru/load/1125'],
] as const) {
  test(`${name} hands over to /applink inside the page and on to the store, loading one document`, async ({ browser }) => {
    await controlApi({ loads: 130 });
    const context = await browser.newContext({ userAgent: ANDROID, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'document' && url.hostname === 'localhost') documents.push(url.pathname);
    });
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
    });
    const attempted = await holdExternal(page);
    await page.goto(path);
    await expect.poll(() => attempted, { timeout: 15_000 }).toEqual([new URL(site.stores.googlePlay).href]);
    expect(paths).toContain(`${path.slice(0, path.indexOf('/load/'))}/applink`);
    await expect(page.locator(`main a[href="${site.stores.googlePlay}"]`).first()).toBeVisible();
    expect(documents).toEqual([path]);
    // /applink's head is its own: nothing the load page or the 404 page wrote about the load stays in it.
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    expect(await page.title()).not.toContain('→');
    await context.close();
  });
}

test("the fallback sets the new load's title and structured data before handing over", async ({ page }) => {
  await controlApi({ loads: 130 });
  // The page leaves after 100 ms; record what it writes into the head as it happens.
  await page.addInitScript(() => {
    const titleSetter = Object.getOwnPropertyDescriptor(Document.prototype, 'title')?.set;
    Object.defineProperty(Document.prototype, 'title', {
      configurable: true,
      get() {
        return document.querySelector('title')?.textContent ?? '';
      },
      set(value: string) {
        console.log(`TITLE ${value}`);
        titleSetter?.call(this, value);
      },
    });
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function appendChild<T extends Node>(this: Node, node: T): T {
      if (node instanceof HTMLScriptElement && node.type === 'application/ld+json') console.log(`JSONLD ${node.textContent}`);
      return append.call(this, node) as T;
    };
  });
  const written: string[] = [];
  page.on('console', (message) => written.push(message.text()));
  await holdExternal(page);
  await page.goto('/load/1125');
  await expect(page).toHaveURL(/\/applink$/);
  expect(written.find((line) => line.startsWith('TITLE '))).toMatch(/→/);
  const jsonLd = written.find((line) => line.startsWith('JSONLD ')) ?? 'JSONLD {}';
  expect(JSON.parse(jsonLd.slice('JSONLD '.length)).url).toMatch(/\/uz\/load\/1125$/);
});

test('an unknown load id hands over to /applink at once', async ({ page }) => {
  await holdExternal(page);
  await page.goto('/uz/load/does-not-exist');
  await expect(page).toHaveURL(/\/uz\/applink$/);
});

test('a bad page shows the 404 page, not the loading line', async ({ page }) => {
  await page.goto('/uz/nothing-here');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByText(apostropheInsensitive("Yuk ma'lumotlari yuklanmoqda..."))).toBeHidden();
});

test('a crawler that runs script stays on the load page', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/ru/load/1001');
  // A visitor is handed over REDIRECT_DELAY_MS after hydration: a crawler is not, past every timer due in 3 s.
  await expect.poll(() => hydratedMain(page), { timeout: 10_000 }).toBe(true);
  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/ru\/load\/1001$/);
  await context.close();
});
