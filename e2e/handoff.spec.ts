import { expect, test } from '@playwright/test';
import { site } from '../src/config/site';
import { hydratedMain, interceptExternal } from './support';

const ANDROID = 'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

test.describe('the root path', () => {
  for (const [locale, expected] of [
    ['ru-RU', '/ru'],
    ['uz-Cyrl-UZ', '/uz-cyrl'],
    ['uz-Latn-UZ', '/uz'],
    ['uz', '/uz-cyrl'],
    ['en-US', '/uz'],
  ] as const) {
    test(`sends a browser in ${locale} to ${expected}, replacing history`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`${expected}$`));
      // History was replaced: going back leaves the site instead of landing on the root again.
      await page.goBack();
      expect(page.url()).toBe('about:blank');
      await context.close();
    });
  }

  test('prefers the stored choice and ignores a hostile one', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/uz/help');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ru'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
    await page.evaluate(() => localStorage.setItem('i18nextLng', '<img src=x onerror=alert(1)>'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/uz$/);
    await context.close();
  });

  test('stays on the Uzbek Latin home with noredirect', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/?noredirect');
    // The redirect is an effect of the hydrated page: after it, and after every timer due in 3 s.
    await expect.poll(() => hydratedMain(page), { timeout: 10_000 }).toBe(true);
    await page.clock.runFor(3_000);
    await expect(page).toHaveURL(/\/\?noredirect$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await context.close();
  });
});

test.describe('/applink', () => {
  for (const [name, userAgent, touch, target] of [
    ['Android', ANDROID, 0, site.stores.googlePlay],
    ['iPhone', IPHONE, 0, site.stores.appStore],
    ['iPadOS in desktop mode', IPAD_DESKTOP, 5, site.stores.appStore],
    ['a desktop browser', DESKTOP, 0, site.mainWebsite],
  ] as const) {
    test(`sends ${name} to ${target}`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent });
      const page = await context.newPage();
      if (touch) await page.addInitScript((points) => Object.defineProperty(navigator, 'maxTouchPoints', { get: () => points }), touch);
      const visited = await interceptExternal(page);
      await page.goto('/ru/applink?target=https://evil.example');
      await expect.poll(() => visited[0]).toBe(new URL(target).href);
      await context.close();
    });
  }

  test('shows the manual links at once', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/applink');
    await expect(page.locator(`a[href="${site.stores.googlePlay}"]`).first()).toBeVisible();
    await expect(page.locator(`main a[href="${site.stores.appStore}"]`)).toHaveCount(1);
    await expect(page.locator(`main a[href="${site.mainWebsite}"]`)).toHaveCount(1);
    await context.close();
  });
});

test.describe('/auth', () => {
  test('offers to open the app with the token, URL-encoded', async ({ page }) => {
    await page.goto('/uz-cyrl/auth?token=abc%26x%3D1%23frag');
    const open = page.getByRole('link', { name: 'Иловада очиш' });
    await expect(open).toHaveAttribute('href', 'yukbor://auth?token=abc%26x%3D1%23frag');
  });

  test('a hostile token cannot change the scheme or add parameters', async ({ page }) => {
    await page.goto(`/auth?token=${encodeURIComponent('javascript:alert(1)"><script>alert(2)</script>&admin=1')}`);
    const href = await page.getByRole('link', { name: 'Ilovada ochish' }).getAttribute('href');
    expect(href?.startsWith('yukbor://auth?token=')).toBe(true);
    expect(new URL(href ?? '').searchParams.getAll('token')).toEqual(['javascript:alert(1)"><script>alert(2)</script>&admin=1']);
    expect([...new URL(href ?? '').searchParams.keys()]).toEqual(['token']);
  });

  test('without a token shows no open-in-app button, only the store links, and is noindex', async ({ page }) => {
    await page.goto('/ru/auth');
    await expect(page.getByRole('link', { name: 'Открыть в приложении' })).toHaveCount(0);
    await expect(page.locator(`main a[href="${site.stores.googlePlay}"]`)).toHaveCount(1);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex, follow');
  });
});
