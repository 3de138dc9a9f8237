import { expect, test, type Page } from '@playwright/test';

// The header wakes at the visitor's first touch (src/components/islands.tsx, `when="touch"`), and a page
// with nothing else to do on arrival is not hydrated at all before it (src/gatsby/hydrate.tsx): until
// then the header is the build's HTML and its links are plain links. The touch that wakes them is
// handled as the header would handle it, so a first tap on a language link switches in place (history
// replaced, SPEC.md section 2), remembers the choice under `i18nextLng` (CONTRACT.md, Routes) and holds
// the switch lock (SPEC.md section 4), and a first tap on a header link navigates inside the page.

/** Whether React has hydrated the element: React 18 keeps its fiber on the DOM node under this key. */
function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}

/**
 * Loads a page and waits until its script has loaded (and a page with work on arrival has hydrated its
 * frame), with the header still the build's HTML; marks the document, so a later full page load shows.
 */
async function arrive(page: Page, url: string): Promise<void> {
  // The page's timers run on a clock the test can move (it ticks on its own too), so "nothing happened
  // while the page sat there" is read after the page's own timers and idle callbacks had their time.
  await page.clock.install();
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  if ((await page.locator('main').getAttribute('data-hydrate')) === 'on-arrival')
    await expect.poll(() => isHydrated(page, 'main'), { timeout: 10_000 }).toBe(true);
  expect(await isHydrated(page, 'header nav a'), 'the header hydrated before any touch').toBe(false);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
}

/** Lets the page sit untouched for 5 s of its own time: its timers and idle callbacks due by then run. */
const sitThere = (page: Page) => page.clock.runFor(5_000);

const samePage = (page: Page) => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);
const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('i18nextLng'));
const historyLength = (page: Page) => page.evaluate(() => history.length);

test('a page with nothing to do on arrival stays the build HTML while it only sits there, the header too', async ({ page }) => {
  await arrive(page, '/ru/help');
  // Past the 2 s by which an idle island used to hydrate: every timer and idle callback due by then runs.
  await sitThere(page);
  expect(await isHydrated(page, 'main')).toBe(false);
  expect(await isHydrated(page, 'header nav a')).toBe(false);
  expect(await isHydrated(page, 'header a[hreflang]')).toBe(false);
});

test('the board hydrates on arrival and its header waits for the touch', async ({ page }) => {
  await arrive(page, '/ru/loads');
  await sitThere(page);
  expect(await isHydrated(page, 'main')).toBe(true);
  expect(await isHydrated(page, 'header nav a')).toBe(false);
});

for (const [from, label, to, heading] of [
  ['/uz/help?noredirect', 'Ўзбекча (кирилл)', '/uz-cyrl/help?noredirect', 'Ёрдам'],
  ['/ru/loads', 'Oʻzbekcha (lotin)', '/uz/loads', 'Yuklar'],
] as const) {
  test(`a first tap on a language link switches ${from} in place, replaces history and stores the choice`, async ({ page }) => {
    await arrive(page, from);
    const before = await historyLength(page);
    await page.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${to.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const code = to.startsWith('/uz-cyrl') ? 'uz-Cyrl' : to.startsWith('/uz') ? 'uz' : 'ru';
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    expect(await storedLanguage(page)).toBe(code);
    expect(await historyLength(page)).toBe(before);
    expect(await samePage(page), 'the switch loaded a new page').toBe(true);
  });
}

test('a keyboard user wakes the header by moving focus, and Enter on a language link switches in place', async ({ page }) => {
  await arrive(page, '/ru/pricing');
  const before = await historyLength(page);
  const latin = page.getByRole('link', { name: 'Oʻzbekcha (lotin)' });
  for (let stop = 0; stop < 20 && !(await latin.evaluate((link) => link === document.activeElement)); stop += 1)
    await page.keyboard.press('Tab');
  await expect(latin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/uz\/pricing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  expect(await storedLanguage(page)).toBe('uz');
  expect(await historyLength(page)).toBe(before);
  expect(await samePage(page)).toBe(true);
});

test('a second language chosen while a switch is under way is ignored, and one after it is not', async ({ page }) => {
  await arrive(page, '/uz-cyrl/help');
  // Two clicks in one task, the first waking the header: the switch lock (about 150 ms) ignores the second.
  await page.evaluate(() => {
    const link = (code: string) => document.querySelector<HTMLAnchorElement>(`header a[hreflang="${code}"]`);
    link('ru')?.click();
    link('uz')?.click();
  });
  await expect(page).toHaveURL(/\/ru\/help$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Помощь');
  expect(await storedLanguage(page)).toBe('ru');
  // Past the switch lock: the next tap is a new choice.
  await page.clock.runFor(300);
  await page.getByRole('link', { name: 'Oʻzbekcha (lotin)' }).click();
  await expect(page).toHaveURL(/\/uz\/help$/);
  expect(await storedLanguage(page)).toBe('uz');
  expect(await samePage(page)).toBe(true);
});

test('a first tap on a header link navigates inside the page', async ({ page }) => {
  await arrive(page, '/ru/help');
  await page.getByRole('banner').getByRole('link', { name: 'Грузы', exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/loads$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await samePage(page), 'the header link loaded a new page').toBe(true);
  // Once awake, the header of the next page is React's from the start.
  expect(await isHydrated(page, 'header nav a')).toBe(true);
});

test('before its script has run, a language link is a plain link to the same page in that language', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/uz/help');
  await page.getByRole('link', { name: 'Русский' }).click();
  await expect(page).toHaveURL(/\/ru\/help$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Помощь');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('the first touch leaves the page where the visitor scrolled it', async ({ page }) => {
  // The browser scrolls to the address's hash on arrival; the visitor scrolls back up and taps the text.
  await page.setViewportSize({ width: 375, height: 400 });
  await arrive(page, '/ru/help#faq-title');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { level: 1 }).click();
  await expect.poll(() => isHydrated(page, 'main'), { timeout: 10_000 }).toBe(true);
  // Two frames after hydration: a scroll the hydration set off has been drawn by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
