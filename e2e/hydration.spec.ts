import { expect, test, type Page } from '@playwright/test';
import ruHelp from '../locales/ru/help.json';
import { E2E_API_URL } from './env';

// Partial hydration (src/components/islands.tsx): static parts keep the build's HTML and are never
// hydrated; islands hydrate on their own, in tasks of their own. Both only work when React keeps the
// server-rendered nodes. A mismatch, or an update that reaches an island before it has hydrated (React
// error #421), makes React render it again on the client: that shows here as removed or added elements,
// or as a page error. The CPU runs six times slower, as on a cheap phone, so islands hydrate late.

// One page of every type the build makes, in each language somewhere.
const PAGES = [
  '/uz',
  '/ru',
  '/uz-cyrl',
  '/uz/features',
  '/ru/how-it-works',
  '/uz-cyrl/pricing',
  '/pricing',
  '/ru/help',
  '/uz/privacy',
  '/ru/terms',
  '/uz/loads',
  '/uz-cyrl/applink',
  '/ru/auth',
  '/ru/loads/from/toshkent',
  '/uz-cyrl/loads/to/samarqand',
  '/uz/loads/route/toshkent/samarqand',
  '/ru/loads/places',
  '/uz/load/1001',
  // One 404.html serves every unknown path; it is in Uzbek Latin and turns to the path's language after
  // mounting, so only an Uzbek Latin path is expected to keep all of it.
  '/uz/no-such-page',
];

// Pages with work on arrival (the board refreshes, a city or route page reads its address for filters,
// /auth reads its token, the others hand over or read their path): the others wait for the visitor's
// first touch to hydrate at all (src/gatsby/hydrate.tsx).
const ON_ARRIVAL = new Set([
  '/uz/loads',
  '/ru/loads/from/toshkent',
  '/uz-cyrl/loads/to/samarqand',
  '/uz/loads/route/toshkent/samarqand',
  '/uz-cyrl/applink',
  '/ru/auth',
  '/uz/load/1001',
  '/uz/no-such-page',
]);

// Load pages hand people over to the app after 100 ms; auditing tools stay (src/handoff/crawler.ts).
// /applink sends everyone on to a store or the main website: checked until then, like the load page.
const HANDED_OVER = new Set(['/uz/load/1001', '/uz-cyrl/applink']);
const TOOL_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';

interface Watch {
  marked: number;
  recording: boolean;
  removed: string[];
  added: string[];
  errors: string[];
}

async function watchHydration(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // Records every element removed from or added to the page from the HTML's arrival until the first click.
  await page.addInitScript(() => {
    const watch: Watch = { marked: 0, recording: true, removed: [], added: [], errors: [] };
    (window as unknown as { watch: Watch }).watch = watch;
    // React reports a recoverable hydration error (#418, #421, #423, …) through reportError.
    window.addEventListener('error', (event) => watch.errors.push(event.message));
    const describe = (node: Node) => (node instanceof Element ? node.outerHTML.slice(0, 120) : '');
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('___gatsby');
      if (!root) return;
      watch.marked = root.querySelectorAll('*').length;
      new MutationObserver((records) => {
        if (!watch.recording) return;
        for (const record of records) {
          record.removedNodes.forEach((node) => node instanceof Element && watch.removed.push(describe(node)));
          record.addedNodes.forEach((node) => node instanceof Element && watch.added.push(describe(node)));
        }
      }).observe(root, { childList: true, subtree: true });
    });
    window.addEventListener('click', () => (watch.recording = false), { capture: true });
  });
}

/** Whether React has hydrated the element: React 18 keeps its fiber on the DOM node under this key. */
function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}

for (const path of PAGES) {
  test(`${path} hydrates its islands onto the build's HTML and leaves the rest alone`, async ({ browser }) => {
    const context = await browser.newContext({ userAgent: TOOL_USER_AGENT });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await watchHydration(page);
    // Stops /applink's hand-over to a store: an aborted navigation leaves the page where it is.
    await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort('aborted'));
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (!HANDED_OVER.has(path)) {
      // A page with nothing to do on arrival is not hydrated at all before the first touch; any other
      // hydrates its frame, and its header waits for the touch.
      if (ON_ARRIVAL.has(path)) await expect.poll(() => isHydrated(page, 'main'), { timeout: 10_000 }).toBe(true);
      else expect(await isHydrated(page, 'main'), 'the page hydrated before any touch').toBe(false);
      expect(await isHydrated(page, 'header nav a'), 'the header hydrated before any touch').toBe(false);
      // A first touch wakes the page and its header; their elements are the build's, kept (the watch below).
      await page.getByRole('banner').getByRole('link').first().focus();
      await expect.poll(() => isHydrated(page, 'header nav a'), { timeout: 10_000 }).toBe(true);
      // The footer never changes: it stays the build's HTML, never hydrated.
      expect(await isHydrated(page, 'footer a'), 'the footer was hydrated').toBe(false);
    }
    const watch = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
    expect(watch.marked).toBeGreaterThan(5);
    expect(watch.removed).toEqual([]);
    expect(watch.added).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
}

test('the FAQ answers with nothing of it hydrated, and a header link navigates without a reload', async ({ page }) => {
  await watchHydration(page);
  await page.goto('/ru/help');
  await page.waitForLoadState('networkidle');
  // The FAQ is the browser's own disclosures: the second question opens its answer, and React owns
  // nothing in it.
  const faq = ruHelp.faq.items;
  await page.getByRole('heading', { level: 3, name: faq[1]?.question }).click();
  await expect(page.getByText(faq[1]?.answer.slice(0, 30) ?? '')).toBeVisible();
  expect(await isHydrated(page, 'main details')).toBe(false);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('banner').getByRole('link', { name: 'Грузы', exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/loads$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'the header link loaded a new page').toBe(true);
  // After a client-side navigation there is no server HTML to keep: static parts render in full.
  // The board's page comes with its code after the tap: on a busy machine that takes more than 5 s.
  await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeVisible({ timeout: 15_000 });
  expect(await isHydrated(page, 'footer a')).toBe(true);
});

test('before any island hydrates, text is in the page language and links work as plain links', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/uz-cyrl/help');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');
  await page.getByRole('banner').getByRole('link', { name: 'Юклар', exact: true }).click();
  await expect(page).toHaveURL(/\/uz-cyrl\/loads$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Ёрдам' }).click();
  await expect(page).toHaveURL(/\/uz-cyrl\/help$/);
});

// The board asks the API for a fresh first page as soon as it has hydrated. When the answer comes
// before the cards' own island has hydrated (a fast API, a slow phone), React must apply it after they
// hydrate rather than throw them away (#421). The API answers at once here; the race is lost often but
// not always, so the page is loaded several times.
test('the board applies a refresh that answers before its parts have hydrated', async ({ page }) => {
  // Eight loads of the board, each to its network's rest: more than one test's default on a busy machine.
  test.setTimeout(90_000);
  const body = await (await fetch(`${E2E_API_URL}/loads?page=1&limit=20`)).text();
  await page.route('**/api/loads?**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body, headers: { 'access-control-allow-origin': '*' } }),
  );
  await watchHydration(page);
  for (let run = 0; run < 8; run += 1) {
    await page.goto('/ru/loads');
    await page.waitForLoadState('networkidle');
    await expect(
      page
        .getByRole('list')
        .filter({ has: page.getByRole('link', { name: /./ }) })
        .first(),
    ).toBeVisible();
    const watch = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
    expect(watch.errors, `load ${run + 1}`).toEqual([]);
  }
});

// The board is one island in a static page: its intro and feed link stay the build's HTML. A return to
// hydrating everything (a Static that hydrates its content, an island around the whole page) shows
// here as elements outside the board that React has taken over. Its cards are a static part too while
// the refresh brings the loads the build showed (the sample API does): React neither hydrates nor
// renders them again, and only their "posted … ago" moves to the refresh's clock. Another page of the
// list is rendered by React.
test('the board hydrates itself and nothing around it, and keeps the cards the build showed', async ({ page }) => {
  await watchHydration(page);
  await page.goto('/ru/loads');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => isHydrated(page, '[role="combobox"]'), { timeout: 10_000 }).toBe(true);
  await expect(page.getByRole('status')).toHaveText(/^Найдено/);
  const plan = await page.evaluate(() => {
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const board = document.querySelector('form[role="search"]')?.closest('.container');
    const main = [...document.querySelectorAll('main *')];
    // A static part's own wrapper is hydrated (React renders it, empty); what it holds is not.
    const staticParts = main.filter((element) => element.classList.contains('static-part'));
    return {
      staticParts: staticParts.length,
      keptStatic: staticParts.reduce((count, part) => count + part.querySelectorAll('*').length, 0),
      hydratedOutsideBoard: main
        .filter((element) => board && !board.contains(element) && !element.classList.contains('static-part') && hydrated(element))
        .map((element) => element.outerHTML.slice(0, 80)),
      hydratedInBoard: main.filter((element) => board?.contains(element) && hydrated(element)).length,
      hydratedCards: [...document.querySelectorAll('main a[href*="/ru/load/"]')].filter(hydrated).length,
      cards: document.querySelectorAll('main a[href*="/ru/load/"]').length,
      ages: document.querySelectorAll('main [data-posted]').length,
    };
  });
  expect(plan.staticParts, 'the intro, the cards and the feed link are static parts').toBeGreaterThanOrEqual(3);
  expect(plan.keptStatic).toBeGreaterThan(3);
  expect(plan.hydratedOutsideBoard).toEqual([]);
  expect(plan.hydratedInBoard, 'the search form, status line and pagination').toBeGreaterThan(5);
  expect(plan.cards).toBeGreaterThan(5);
  expect(plan.hydratedCards, 'the cards the build showed are kept').toBe(0);
  // Counted from the refresh's clock, not the build's (which is its newest load's): the sample API's loads
  // are days old. The status line is the build's too, so the refresh is waited for by its ages.
  expect(plan.ages).toBe(plan.cards);
  const countFor = (minutes: number) =>
    minutes < 60 ? Math.max(1, minutes) : minutes < 24 * 60 ? Math.floor(minutes / 60) : Math.floor(minutes / 1440);
  await expect(async () => {
    const ages = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main [data-posted]')].map((element) => ({
        minutes: Math.floor((Date.now() - Date.parse(element.dataset.posted ?? '')) / 60000),
        text: element.textContent ?? '',
      })),
    );
    for (const { minutes, text } of ages) {
      // The page's clock and this one's may be a minute apart, across a unit too (59 minutes, 1 hour).
      const accepted = [minutes - 1, minutes, minutes + 1].flatMap((m) => [countFor(m) - 1, countFor(m), countFor(m) + 1]);
      expect(
        accepted.some((count) => text.includes(String(count))),
        `${text} (${minutes} min)`,
      ).toBe(true);
    }
  }).toPass({ timeout: 10_000 });
  const watch = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
  expect(watch.errors).toEqual([]);
  // Another page of the list is React's to render, cards and all.
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Вперёд' }).click();
  await expect(page.getByRole('status')).toHaveText(/страница 2/i);
  await expect.poll(() => isHydrated(page, 'main a[href*="/ru/load/"]'), { timeout: 10_000 }).toBe(true);
});

// The usual refresh: hours after the build, the API answers with the loads the build showed, each a
// little older. While the cards are the build's HTML their ages are rewritten where they are, and React
// commits nothing (a commit would run the board's and the page's components again on the phone). React
// tells a developer tools hook about every commit, production builds included: this one counts them.
test('a refresh that only ages the cards the build showed commits nothing', async ({ page }) => {
  await page.addInitScript(() => {
    const counter = { commits: 0 };
    Object.assign(window, {
      reactCommits: counter,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        isDisabled: false,
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        onCommitFiberRoot: () => (counter.commits += 1),
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        checkDCE: () => undefined,
      },
    });
  });
  const commits = () => page.evaluate(() => (window as unknown as { reactCommits: { commits: number } }).reactCommits.commits);
  await page.goto('/ru/loads');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => isHydrated(page, '[role="combobox"]'), { timeout: 10_000 }).toBe(true);
  // The header waits for a touch, which this visitor never makes: it commits nothing later either.
  await expect(page.getByRole('status')).toHaveText(/^Найдено/);
  expect(await commits(), 'the hook sees the page hydrate').toBeGreaterThan(0);

  // Two days on, the visitor comes back to the tab: every card's age moves to days.
  const answered = page.waitForResponse((response) => response.url().startsWith(`${E2E_API_URL}/loads`));
  const before = await page.evaluate(() => {
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() + 2 * 24 * 60 * 60 * 1000;
    document.dispatchEvent(new Event('visibilitychange'));
    return (window as unknown as { reactCommits: { commits: number } }).reactCommits.commits;
  });
  await answered;
  const ages = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main [data-posted]')].map((element) => ({
        days: Math.floor((Date.now() - Date.parse(element.dataset.posted ?? '')) / 86_400_000),
        text: element.textContent ?? '',
      })),
    );
  await expect.poll(async () => (await ages()).every(({ days, text }) => text.includes(String(days)) && /дн|день/.test(text))).toBe(true);
  // The refresh has nothing left to read or draw: the network is quiet and two frames were drawn since.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await commits(), 'commits after the refresh').toBe(before);
  expect(await isHydrated(page, 'main a[href*="/ru/load/"]'), 'the cards are still the build HTML').toBe(false);
});
