import type { Page } from '@playwright/test';

/** Waits until React has hydrated the element `selector` finds: React keeps its fiber on it (e2e/support.ts, boardHydrated). */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (css) => {
      const element = document.querySelector(css);
      return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
    },
    selector,
    { timeout: 60_000 },
  );
}
