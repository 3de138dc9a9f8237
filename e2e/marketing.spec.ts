import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../src/config/languages';
import { site } from '../src/config/site';

// any: locale files are free-form JSON, read here as test data with known shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reason above
type Texts = Record<string, any>;

function texts(language: Language, ns: string): Texts {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'locales', language.prefix, `${ns}.json`), 'utf8')) as Texts;
}

/** Collects script errors and failed requests (a missing favicon or image counts). */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/no-such-page')) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

for (const language of LANGUAGES) {
  const prefix = `/${language.prefix}`;
  const home = texts(language, 'home');
  const sections = texts(language, 'sections');
  const help = texts(language, 'help');

  test.describe(`pages in ${language.code}`, () => {
    test('home: hero, stats, features, steps, audiences, comparison and the CRM banner', async ({ page }) => {
      const problems = watchProblems(page);
      await page.goto(prefix);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const value of ['10K+', '500+', '20+']) await expect(page.getByText(value, { exact: true })).toBeVisible();
      for (const title of [sections.features.title, sections.steps.title, sections.audiences.title, home.banner.title]) {
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      await expect(page.getByText('10–15%').first()).toBeVisible();
      const crm = page.getByRole('link', { name: new RegExp(home.banner.login) });
      await expect(crm).toHaveAttribute('href', site.crmLogin);
      await expect(crm).toHaveAttribute('target', '_blank');
      await expect(crm).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(page.locator(`a[href="${site.stores.appStore}"]`).first()).toBeVisible();
      const hero = page.locator('main picture img').first();
      await expect(hero).toHaveAttribute('loading', 'eager');
      await expect(hero).toHaveAttribute('fetchpriority', 'high');
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(page.locator('main picture img').last()).toHaveAttribute('loading', 'lazy');
      await page.mouse.wheel(0, 20000);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    for (const [route, ns] of [
      ['/features', 'features'],
      ['/how-it-works', 'how-it-works'],
      ['/pricing', 'pricing'],
      ['/privacy', 'privacy'],
      ['/terms', 'terms'],
      ['/loads', 'loads'],
    ] as const) {
      test(`${route} has one h1, its title and no missing files`, async ({ page }) => {
        const problems = watchProblems(page);
        await page.goto(`${prefix}${route}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(language, ns).title);
        await expect(page).toHaveTitle(new RegExp(texts(language, ns).seo.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
      });
    }

    // A named group of native disclosures: the browser keeps one open and lets the open one close, with
    // script and without any (what runs first on a phone on a slow network is the HTML alone).
    for (const script of ['with script', 'without script'] as const) {
      test(`help: the FAQ keeps one answer open and can close it, by pointer and by keyboard, ${script}`, async ({ browser }) => {
        const context = await browser.newContext({ javaScriptEnabled: script === 'with script' });
        const page = await context.newPage();
        await page.goto(`${prefix}/help`);
        const questions = help.faq.items.map((item: Texts) => page.getByRole('heading', { level: 3, name: item.question }));
        // Each answer by its first words, before any interpolated contact.
        const answers = help.faq.items.map((item: Texts) => page.getByText(String(item.answer).slice(0, 30)));
        const shown = () => Promise.all(answers.map((answer: ReturnType<Page['getByText']>) => answer.isVisible()));
        await expect(questions[0]).toBeVisible();
        expect(await shown()).toEqual([true, false, false]);
        await questions[1].click();
        await expect(answers[1]).toBeVisible();
        expect(await shown()).toEqual([false, true, false]);
        await questions[1].click();
        await expect(answers[1]).toBeHidden();
        expect(await shown()).toEqual([false, false, false]);
        // The keyboard: each question is a stop in the tab order; Enter and Space toggle it.
        const summaries = page.locator('main summary');
        await expect(summaries).toHaveCount(3);
        await summaries.nth(1).focus();
        await page.keyboard.press('Tab');
        await expect(summaries.nth(2)).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(answers[2]).toBeVisible();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press(' ');
        await expect(answers[1]).toBeVisible();
        expect(await shown()).toEqual([false, true, false]);
        await page.keyboard.press(' ');
        expect(await shown()).toEqual([false, false, false]);
        await expect(page.locator(`a[href="tel:${site.phone}"]`).first()).toBeVisible();
        await expect(page.locator(`main a[href="${site.telegramChannel}"]`)).toHaveAttribute('target', '_blank');
        const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
        expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe('FAQPage');
        await context.close();
      });
    }

    test('legal pages have their numbered sections', async ({ page }) => {
      await page.goto(`${prefix}/privacy`);
      await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /^\d\. / })).toHaveCount(9);
      await page.goto(`${prefix}/terms`);
      await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /^\d\. / })).toHaveCount(8);
    });
  });
}

test('the bare home with noredirect is the Uzbek Latin home with its Organization data', async ({ page }) => {
  await page.goto('/?noredirect');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(LANGUAGES[0], 'home').title);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd['@type']).toBe('Organization');
});

test('the share image, favicon and manifest exist', async ({ request }) => {
  for (const file of ['/share-card.png', '/favicon.svg', '/favicon.ico', '/site.webmanifest', '/apple-touch-icon.png']) {
    expect((await request.get(file)).status(), file).toBe(200);
  }
});

test("each home page's pictures of the board are its own language's (Russian words on /ru), and the bare home's are Uzbek Latin", async ({
  page,
}) => {
  const pictures = async (url: string) => {
    await page.goto(url);
    // Gatsby names a processed image's folder by its source file's content: another picture, another path.
    return page.locator('main picture img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
  };
  const [uz, cyrl, ru, bare] = [await pictures('/uz'), await pictures('/uz-cyrl'), await pictures('/ru'), await pictures('/?noredirect')];
  expect(uz).toHaveLength(2);
  expect(new Set([...uz, ...cyrl, ...ru]).size).toBe(6);
  expect(bare).toEqual(uz);
});
