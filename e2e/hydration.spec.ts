import { expect, test } from '@playwright/test';
import { E2E_API_URL } from './env';

// Parts of each page hydrate later than the page shell, one task each (HydrateLater, on React 18's
// selective hydration), which only works when React keeps their server-rendered nodes. A mismatch, or an
// update that reaches a part before it has hydrated (React error #421), makes React render that part
// again on the client: that shows here as removed or added elements, or as a page error.
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
  // One 404.html serves every unknown path; it is in Uzbek Latin and turns to the path's language after
  // mounting, so only an Uzbek Latin path is expected to keep all of it.
  '/uz/no-such-page',
];

interface Watch {
  marked: number;
  recording: boolean;
  removed: string[];
  added: string[];
}

for (const path of PAGES) {
  test(`${path} hydrates onto the build's HTML without replacing an element`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Records every element removed from or added to the page from the HTML's arrival until the first click.
    await page.addInitScript(() => {
      const watch: Watch = { marked: 0, recording: true, removed: [], added: [] };
      (window as unknown as { watch: Watch }).watch = watch;
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
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    // Parts hydrate a few milliseconds apart, all well within the half second of network quiet waited for
    // above; a footer link that navigates without loading a page shows the parts' turns did come.
    const footerLink = page.getByRole('contentinfo').locator('a[href^="/"]').last();
    const href = (await footerLink.getAttribute('href')) ?? '';
    await footerLink.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\$&')}$`));
    const { samePage, watch } = await page.evaluate(() => {
      const state = window as unknown as { samePage?: boolean; watch: Watch };
      return { samePage: state.samePage, watch: state.watch };
    });
    expect(samePage, 'the footer link loaded a new page: the footer had not hydrated').toBe(true);
    expect(watch.marked).toBeGreaterThan(20);
    expect(watch.removed).toEqual([]);
    expect(watch.added).toEqual([]);
    expect(errors).toEqual([]);
  });
}

// The board asks the API for a fresh first page as soon as the page shell has hydrated. When the answer
// comes before the board's own parts have hydrated (a fast API, a slow phone), React must apply it
// after they hydrate rather than throw them away (#421). The API answers at once here and the CPU runs
// six times slower; the race is lost often but not always, so the page is loaded several times.
test('the board applies a refresh that answers before its parts have hydrated', async ({ page }) => {
  const body = await (await fetch(`${E2E_API_URL}/loads?page=1&limit=20`)).text();
  await page.route('**/api/loads?**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body, headers: { 'access-control-allow-origin': '*' } }),
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.addInitScript(() => {
    const errors: string[] = [];
    (window as unknown as { reactErrors: string[] }).reactErrors = errors;
    // React reports a recoverable hydration error through reportError, which fires this event.
    window.addEventListener('error', (event) => errors.push(event.message));
  });
  for (let run = 0; run < 8; run += 1) {
    await page.goto('/ru/loads');
    await page.waitForLoadState('networkidle');
    await expect(
      page
        .getByRole('list')
        .filter({ has: page.getByRole('link', { name: /./ }) })
        .first(),
    ).toBeVisible();
    const errors = await page.evaluate(() => (window as unknown as { reactErrors: string[] }).reactErrors);
    expect(errors, `load ${run + 1}`).toEqual([]);
  }
});
