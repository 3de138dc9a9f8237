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

    test('help: the accordion keeps one answer open and can close it', async ({ page }) => {
      await page.goto(`${prefix}/help`);
      const buttons = page.getByRole('button', {
        name: new RegExp(help.faq.items.map((i: Texts) => i.question.slice(0, 12).replace(/[?.()]/g, '.')).join('|')),
      });
      await expect(buttons).toHaveCount(3);
      const [first, second] = [buttons.nth(0), buttons.nth(1)];
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText(help.faq.items[1].answer.slice(0, 30))).toBeVisible();
      await expect(page.getByText(help.faq.items[0].answer.slice(0, 30))).toBeHidden();
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'false');
      await second.focus();
      await page.keyboard.press('Enter');
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator(`a[href="tel:${site.phone}"]`).first()).toBeVisible();
      await expect(page.locator(`main a[href="${site.telegramChannel}"]`)).toHaveAttribute('target', '_blank');
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
      expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe('FAQPage');
    });

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
