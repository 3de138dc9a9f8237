import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { atomRuleErrors, atomSchemaErrors, parseAtom } from '../__tests__/support/atom';
import { E2E_PUBLIC_DIR, E2E_SITE_URL } from './env';

/**
 * Feeds and share links on the built site: every board, city and route page announces a feed file the
 * build wrote, each feed is valid Atom linking load pages that exist, and the share controls carry the
 * load's canonical URL.
 */

const PUBLIC = E2E_PUBLIC_DIR;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

/** Every board, city and route page's HTML: bare and under each prefix, every page of each list. */
function listPages(): string[] {
  return ['', 'uz', 'uz-cyrl', 'ru'].flatMap((prefix) => {
    const loads = path.join(PUBLIC, prefix, 'loads');
    const board = path.join(loads, 'index.html');
    const places = ['from', 'to', 'route'].flatMap((kind) => filesUnder(path.join(loads, kind), (name) => name === 'index.html'));
    return [board, ...places];
  });
}

function announcedFeeds(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link [^>]*type="application\/atom\+xml"[^>]*>/g)].map((match) => /href="([^"]*)"/.exec(match[0])?.[1] ?? '');
}

/** The file a site URL is served from (a load page is `…/index.html`). */
function publicFile(url: string): string {
  const { pathname } = new URL(url);
  const direct = path.join(PUBLIC, decodeURIComponent(pathname));
  return pathname.endsWith('.atom') ? direct : path.join(direct, 'index.html');
}

test('every board, city and route page announces a feed the build wrote, in its language', () => {
  const pages = listPages();
  // The sample API's 120 loads: the board and hundreds of place pages, four variants each.
  expect(pages.length).toBeGreaterThan(400);
  for (const file of pages) {
    const html = fs.readFileSync(file, 'utf8');
    const feeds = announcedFeeds(html);
    const page = path.relative(PUBLIC, file);
    // A route kept for its going rate with none of its loads open has no list to follow: no feed
    // (docs/rates.md). Only route pages may be such.
    if (html.includes('data-no-open-loads')) {
      expect(page, page).toMatch(/(^|\/)loads\/route\//);
      expect(feeds, page).toHaveLength(0);
      continue;
    }
    expect(feeds, page).toHaveLength(1);
    const feed = feeds[0] as string;
    const prefix = /^(uz-cyrl|uz|ru)\//.exec(page)?.[1] ?? 'uz';
    expect(feed.startsWith(`${E2E_SITE_URL}/feeds/${prefix}/`), `${page} -> ${feed}`).toBe(true);
    expect(fs.existsSync(publicFile(feed)), `${page} -> ${feed}`).toBe(true);
    // The visible link goes to the same file.
    expect(html).toContain(`href="${new URL(feed).pathname}" type="application/atom+xml"`);
  }
});

test('every feed is valid Atom whose entries link load pages of the build, by absolute URL', async () => {
  test.setTimeout(120_000);
  const files = filesUnder(path.join(PUBLIC, 'feeds'), (name) => name.endsWith('.atom'));
  expect(files.length).toBeGreaterThan(100);
  const feeds = files.map((file) => ({ name: path.relative(PUBLIC, file), xml: fs.readFileSync(file, 'utf8') }));
  expect(await atomSchemaErrors(feeds)).toEqual([]);
  for (const feed of feeds) {
    const parsed = parseAtom(feed.xml);
    expect(atomRuleErrors(parsed), feed.name).toEqual([]);
    const prefix = feed.name.split(path.sep)[1];
    for (const entry of parsed.entries) {
      const href = entry.links[0]?.href ?? '';
      expect(href.startsWith(`${E2E_SITE_URL}/${prefix}/load/`), `${feed.name}: ${href}`).toBe(true);
      expect(fs.existsSync(publicFile(href)), `${feed.name}: ${href}`).toBe(true);
    }
  }
  expect(fs.existsSync(path.join(PUBLIC, 'feeds', 'board.json'))).toBe(true);
});

test('the server sends a feed as Atom', async ({ request }) => {
  const response = await request.get('/feeds/ru/loads.atom');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  expect(parseAtom(await response.text()).entries).toHaveLength(50);
});

const shareCases = [
  { path: '/uz/loads', share: /^Telegramda ulashish/, native: /^Ulashish \(/, feed: 'Yangi yuklarga obuna (RSS)' },
  { path: '/uz-cyrl/loads', share: /^Telegram орқали улашиш/, native: /^Улашиш \(/, feed: 'Янги юкларга обуна (RSS)' },
  { path: '/ru/loads', share: /^Поделиться в Telegram/, native: /^Поделиться \(/, feed: 'Подписка на новые грузы (RSS)' },
] as const;

async function firstCard(page: Page) {
  const card = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/load/"]') })
    .first();
  const loadHref = (await card.locator('a[href*="/load/"]').first().getAttribute('href')) ?? '';
  return { card, loadHref };
}

for (const { path: boardPath, share, native, feed } of shareCases) {
  test(`${boardPath}: each card shares its load in Telegram, and the feed is linked`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(boardPath);
    const { card, loadHref } = await firstCard(page);
    const link = card.getByRole('link', { name: share });
    const url = new URL((await link.getAttribute('href')) ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(`${E2E_SITE_URL}${loadHref}`);
    // The card's route: its first and last place names (between them, the arrow and a hidden dash).
    const places = card.locator('a[href*="/load/"] > span:first-child > span');
    const route = `${await places.nth(0).textContent()} → ${await places.nth(3).textContent()}`;
    expect(url.searchParams.get('text')).toContain(route);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener');
    await expect(card.locator('a a')).toHaveCount(0);
    const feedLink = page.getByRole('link', { name: feed });
    await expect(feedLink).toHaveAttribute('href', `/feeds/${boardPath.split('/')[1]}/loads.atom`);
    await context.close();
  });

  test(`${boardPath}: the system share button appears only where the browser has navigator.share`, async ({ browser }) => {
    const without = await browser.newContext();
    const plain = await without.newPage();
    await plain.addInitScript(() => {
      // Chromium on Linux has no share sheet; say so explicitly in case a build grows one.
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await plain.goto(boardPath);
    await plain.waitForLoadState('networkidle');
    await expect(plain.getByRole('main').getByRole('link', { name: share }).first()).toBeVisible();
    await expect(plain.getByRole('button', { name: native })).toHaveCount(0);
    await without.close();

    const withShare = await browser.newContext();
    const page = await withShare.newPage();
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto(boardPath);
    await page.waitForLoadState('networkidle');
    const { card, loadHref } = await firstCard(page);
    await card.getByRole('button', { name: native }).click();
    const shared = (await page.evaluate(() => (window as unknown as { __shared: { url: string; text: string }[] }).__shared)) ?? [];
    expect(shared).toHaveLength(1);
    expect(shared[0]?.url).toBe(`${E2E_SITE_URL}${loadHref}`);
    await withShare.close();
  });
}

test('a load page offers Share in Telegram in its HTML, for readers without script and crawlers', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/ru/load/1001');
  const link = page.getByRole('link', { name: /^Поделиться в Telegram/ });
  const url = new URL((await link.getAttribute('href')) ?? '');
  expect(url.searchParams.get('url')).toBe(`${E2E_SITE_URL}/ru/load/1001`);
  const title = (await page.locator('meta[property="og:title"]').getAttribute('content')) ?? '';
  // The share text starts with the page's own "Title: From → To".
  expect(title.startsWith(url.searchParams.get('text')?.split(', ')[0] ?? '-')).toBe(true);
  await context.close();
});
