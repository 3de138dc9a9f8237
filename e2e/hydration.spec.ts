import { expect, test } from '@playwright/test';

// Preact hydrates the build's HTML without complaint where React would report a mismatch: it quietly
// replaces what differs. Parts of each page also hydrate later, one task each (HydrateLater), which only
// works when they keep their server-rendered node. Either would show here as removed or added elements.
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
