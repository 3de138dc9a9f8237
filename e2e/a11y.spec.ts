import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

// Keyboard and screen-reader checks that automated rules do not make (WCAG 2.2 AA, the criteria named
// per test). The site is the production build: tools/harness/env.ts and tools/scripts/e2e.ts.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

function locale(language: string, ns: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'locales', language, `${ns}.json`), 'utf8'));
}

async function hydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** Where focus is: whether the element at its centre is it (or inside it), i.e. nothing covers it. */
async function focusedCoverage(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    // Visually hidden text is not a control someone looks for.
    if (box.width <= 1 || box.height <= 1) return null;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    return {
      name: (focused.getAttribute('aria-label') || focused.textContent || focused.tagName).trim().slice(0, 40),
      covered: !hit || !(hit === focused || focused.contains(hit)),
    };
  });
}

/** The ring on the focused element: its outline and the contrast of its colour with the surface behind it. */
async function focusRing(target: Locator) {
  await target.page().keyboard.press('Shift');
  await target.focus();
  return target.evaluate((element) => {
    const parse = (colour: string): number[] => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let surface = 'rgb(255, 255, 255)';
    for (let node = element.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      const [, , , alpha = 1] = parse(background);
      if (background !== 'transparent' && alpha > 0) {
        surface = background;
        break;
      }
    }
    const style = getComputedStyle(element);
    const [a, b] = [luminance(parse(style.outlineColor)), luminance(parse(surface))];
    return {
      focusVisible: element.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
      colour: style.outlineColor,
      surface,
    };
  });
}

/** The play states of the typewriter's CSS animations (the Web Animations API lists them), each once. */
function typewriterAnimations(animated: Locator): Promise<string[]> {
  return animated.evaluate((element) => [...new Set(element.getAnimations({ subtree: true }).map((animation) => animation.playState))]);
}

test.describe('focus is never hidden under the header (2.4.11)', () => {
  for (const viewport of VIEWPORTS) {
    for (const url of ['/ru/help', '/ru']) {
      test(`${url} at ${viewport.width}x${viewport.height}, tabbing back from the footer`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await hydrated(page, url);
        await page.getByRole('contentinfo').getByRole('link').last().focus();
        const covered: string[] = [];
        let visited = 0;
        for (let step = 0; step < 80; step += 1) {
          const state = await focusedCoverage(page);
          if (state) {
            visited += 1;
            if (state.covered) covered.push(state.name);
          }
          await page.keyboard.press('Shift+Tab');
          if (await page.evaluate(() => document.activeElement === document.body)) break;
        }
        expect(visited).toBeGreaterThan(10);
        expect(covered).toEqual([]);
      });
    }
  }
});

test.describe('the header at 375 px (2.4.7, 1.4.10)', () => {
  test('shows every one of its links whole', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await hydrated(page, '/ru/help');
    const links = page.getByRole('banner').getByRole('navigation', { name: 'Главное меню' }).getByRole('link');
    expect(await links.count()).toBe(5);
    for (const link of await links.all()) {
      await expect(link).toBeVisible();
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, await link.innerText()).toBe(true);
    }
  });
});

test.describe('the focus ring (1.4.11, 2.4.7)', () => {
  const targets: [string, string, (page: Page) => Locator][] = [
    ['the search field', '/ru/loads', (page) => page.locator('#load-search')],
    ['a load card', '/ru/loads', (page) => page.getByRole('main').locator('a[href*="/load/"]').first()],
    ['a header link', '/ru/loads', (page) => page.getByRole('banner').getByRole('link', { name: 'Помощь' })],
    ['a footer link on the dark footer', '/ru', (page) => page.getByRole('contentinfo').getByRole('link').first()],
    ['the language selector', '/ru', (page) => page.getByRole('link', { name: 'Ўзбекча (кирилл)' })],
  ];
  for (const [name, url, target] of targets) {
    test(`on ${name} stands out 3:1 from its surface`, async ({ page }) => {
      await hydrated(page, url);
      const ring = await focusRing(target(page));
      expect(ring.focusVisible).toBe(true);
      expect(ring.outlineStyle).not.toBe('none');
      expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
      expect(ring.contrast, `${ring.colour} on ${ring.surface}`).toBeGreaterThanOrEqual(3);
    });
  }

  test('stays in forced-colours mode, which drops box shadows', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await hydrated(page, '/ru/loads');
    for (const target of [page.locator('#load-search'), page.getByRole('banner').getByRole('link', { name: 'Помощь' })]) {
      const ring = await focusRing(target);
      expect(ring.outlineStyle).not.toBe('none');
      expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
    }
  });
});

test.describe('navigation is announced in the page language (3.1.2, 2.4.3)', () => {
  test('a header link announces the new title in Russian and focuses its h1', async ({ page }) => {
    await hydrated(page, '/ru/help');
    await page.getByRole('banner').getByRole('link', { name: 'Возможности' }).click();
    await expect(page).toHaveURL(/\/ru\/features$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(page.locator('#gatsby-announcer')).toHaveText('Возможности');
    await expect(heading).toBeFocused();
    expect(await page.locator('#gatsby-announcer').innerText()).not.toMatch(/Navigated|[A-Za-z]{3}/);
  });

  test('a query-only change announces nothing', async ({ page }) => {
    await hydrated(page, '/ru');
    // The board's refresh on arrival: its list (other specs post loads) renders and moves the pager, so the
    // tap waits for it, or it may land where the pager was.
    const refreshed = page.waitForResponse((response) => /\/api\/loads\?/.test(response.url()));
    await page.getByRole('banner').getByRole('link', { name: 'Грузы' }).click();
    await expect(page.locator('#gatsby-announcer')).toHaveText('Грузы');
    await refreshed;
    for (let idle = 0; idle < 2; idle += 1)
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve()))));
    // A page the build did not make is a link only once the page runs; before, the tap meets a disabled link.
    const next = page.getByRole('link', { name: 'Вперёд' });
    await expect(next).toHaveAttribute('href', /page=2$/);
    await next.click();
    await expect(page).toHaveURL(/\/ru\/loads\?page=2/);
    await expect(page.locator('#gatsby-announcer')).toHaveText('');
  });
});

test.describe('pages for readers without script or sight (1.3.1, 2.4.1, 3.2.2, 2.2.2, 3.1.2)', () => {
  test('a load page has a hidden h1 naming its route and, without script, a link on', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/ru/load/1001');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveCount(1);
    expect((await heading.textContent())?.trim()).not.toBe('');
    expect(await heading.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await expect(page.getByRole('link', { name: 'Перейти в приложение' })).toHaveAttribute('href', '/ru/applink');
    await context.close();
  });

  test("/auth's served HTML says nothing about the token until it is read", async ({ page, request }) => {
    const auth = locale('ru', 'auth') as { noToken: string; openApp: string };
    const html = await (await request.get('/ru/auth?token=abc')).text();
    expect(html).toContain('<html lang="ru"');
    expect(html).not.toContain(auth.noToken);
    expect(html).not.toContain(auth.openApp);
    await page.goto('/ru/auth');
    await expect(page.getByText(auth.noToken)).toBeVisible();
  });

  test('English parts are marked as English', async ({ page }) => {
    await page.goto('/ru/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toHaveAttribute('lang', 'en');
    for (const url of ['/ru/privacy', '/uz/terms']) {
      await page.goto(url);
      const legal = page.getByRole('main').locator('[lang="en"]');
      await expect(legal).toHaveCount(1);
      await expect(legal.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(legal.getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
  });

  test('the language selector names say which script', async ({ page }) => {
    await page.goto('/ru');
    const selector = page.getByRole('navigation', { name: (locale('ru', 'common') as { language: { label: string } }).language.label });
    await expect(selector.getByRole('link', { name: 'Oʻzbekcha (lotin)', exact: true })).toHaveCount(1);
    await expect(selector.getByRole('link', { name: 'Ўзбекча (кирилл)', exact: true })).toHaveCount(1);
  });

  // The typewriter is CSS (src/components/typewriter.tsx): it moves without script, so its pause must
  // work without script too (WCAG 2.2.2), and with reduced motion there is nothing to pause.
  for (const script of ['with script', 'without script'] as const) {
    test(`the home typewriter moves, can be paused on a whole line and resumed, ${script}`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: script === 'with script' });
      const page = await context.newPage();
      await page.goto('/ru');
      const animated = page.locator('main div[aria-hidden="true"]');
      // Moving: two of the polls' pictures differ. Each poll compares with the one before it, so the
      // poll's own intervals are the only wait.
      let lastPicture: Buffer | null = null;
      const moving = async () => {
        const picture = await animated.screenshot();
        const moved = lastPicture !== null && !picture.equals(lastPicture);
        lastPicture = picture;
        return moved;
      };
      await expect.poll(moving, { timeout: 15_000 }).toBe(true);
      const pause = page.getByRole('checkbox', { name: 'Остановить анимацию' });
      await pause.check();
      await expect(pause).toBeChecked();
      // Paused, the windows stand open on the line the reel shows: one whole line, standing still for
      // longer than a held line (2.2 s) plus a few typed characters.
      const rows = animated.locator(':scope > div > div > span');
      expect(await rows.count()).toBeGreaterThan(3);
      expect(await rows.evaluateAll((spans) => spans.every((span) => getComputedStyle(span).transform === 'none'))).toBe(true);
      // Standing still: every animation of the typewriter is paused, which the browser keeps until resumed.
      await expect.poll(() => typewriterAnimations(animated)).toEqual(['paused']);
      await pause.press(' ');
      await expect(pause).not.toBeChecked();
      lastPicture = null;
      await expect.poll(moving, { timeout: 15_000 }).toBe(true);
      await context.close();
    });
  }

  test('with reduced motion the home typewriter shows its first line still and offers no pause', async ({ browser }) => {
    const lines = (locale('ru', 'home') as { hero: { lines: string[] } }).hero.lines;
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await hydrated(page, '/ru');
    await expect(page.getByRole('checkbox', { name: 'Остановить анимацию' })).toBeHidden();
    const animated = page.locator('main div[aria-hidden="true"]');
    // Nothing runs that could move it: no animation at all, or none that is not finished or paused.
    expect((await typewriterAnimations(animated)).filter((state) => state === 'running')).toEqual([]);
    // What stands in the window is the first line, whole: its copy sits at the window's top left.
    const firstLine = animated.locator(':scope > div > div').first();
    await expect(firstLine).toContainText(lines[0] ?? '');
    const [window, line] = [await animated.boundingBox(), await firstLine.boundingBox()];
    expect(line?.y).toBe(window?.y);
    expect(await firstLine.locator('span').evaluateAll((spans) => spans.every((span) => getComputedStyle(span).transform === 'none'))).toBe(
      true,
    );
    await context.close();
  });
});
