import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { jsonLdBlocks, schemaOrgProblems } from '../__tests__/support/schema-org';
import { closedLoadWithRoutePage } from './closed-loads';
import { E2E_PUBLIC_DIR } from './env';

/**
 * Validators nobody here wrote, on the built site: the Nu Html Checker (the W3C's) on the HTML of one
 * page of each type, axe-core on the same pages in Chromium after hydration, and the schema.org
 * vocabulary on every JSON-LD block the build wrote. Each must find nothing.
 */

const PUBLIC = E2E_PUBLIC_DIR;
const JAVA = process.env.JAVA_PATH || '/usr/bin/java';

/** One page of each type, spread over the three languages; the 404 page under a prefix it answers for. */
const PAGES = [
  { type: 'home', path: '/uz' },
  { type: 'loads', path: '/ru/loads' },
  { type: 'features', path: '/uz-cyrl/features' },
  { type: 'how-it-works', path: '/uz/how-it-works' },
  { type: 'pricing', path: '/ru/pricing' },
  { type: 'help', path: '/uz/help' },
  { type: 'privacy', path: '/uz-cyrl/privacy' },
  { type: 'terms', path: '/ru/terms' },
  { type: 'applink', path: '/uz/applink' },
  { type: 'auth', path: '/ru/auth?token=e2e-token' },
  { type: 'load', path: '/uz-cyrl/load/1001' },
  { type: 'rates', path: '/uz/loads/rates' },
  // The busiest route of the sample past, with its going rate and chart.
  { type: 'route with a going rate', path: '/ru/loads/route/samarqand/toshkent' },
  { type: '404', path: '/ru/no-such-page' },
] as const;

/**
 * Pages the browser makes on the 404 page, audited by axe only (their HTML is 404.html, checked above):
 * a closed load's explanation, on an id the build's closed-load index holds.
 */
const closedLoad = closedLoadWithRoutePage();
const CLIENT_PAGES = closedLoad ? [{ type: 'closed load', path: `/uz-cyrl/load/${encodeURIComponent(closedLoad.id)}` }] : [];

/** The file the CDN-like server answers a path with. */
function builtFile(pagePath: string): string {
  const pathname = pagePath.replace(/\?.*$/, '');
  const file = path.join(PUBLIC, pathname, 'index.html');
  return fs.existsSync(file) ? file : path.join(PUBLIC, '404.html');
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'page-data' || entry.name === 'static' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

test('the Nu Html Checker finds no error in one page of each type', async () => {
  test.setTimeout(180_000);
  const files = [...new Set(PAGES.map((page) => builtFile(page.path)))];
  const jar = path.join(path.dirname(require.resolve('vnu-jar')), 'build', 'dist', 'vnu.jar');
  // One Java run for every file: starting the JVM is most of the cost.
  const { stdout } = await promisify(execFile)(JAVA, ['-jar', jar, '--format', 'json', '--stdout', '--exit-zero-always', ...files], {
    maxBuffer: 32 * 1024 * 1024,
  });
  const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
  const errors = messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map(
      (message) =>
        `${path.relative(PUBLIC, decodeURIComponent(message.url?.replace(/^file:/, '') ?? ''))}:${message.lastLine ?? '?'} ${message.message} [${message.extract ?? ''}]`,
    );
  expect(files).toHaveLength(PAGES.length);
  expect(errors).toEqual([]);
});

test('every JSON-LD block in the build uses only types and properties schema.org defines for them', () => {
  const types = new Set<string>();
  const problems = htmlFiles(PUBLIC).flatMap((file) =>
    jsonLdBlocks(fs.readFileSync(file, 'utf8')).flatMap((block) => {
      types.add(String((block as { '@type'?: unknown })['@type']));
      return schemaOrgProblems(block).map((problem) => `${path.relative(PUBLIC, file)}: ${problem}`);
    }),
  );
  // Proof that each page type's JSON-LD was read: the home page, help, the load board and load pages.
  expect([...types]).toEqual(expect.arrayContaining(['FAQPage', 'ItemList', 'Organization', 'Service']));
  expect(problems).toEqual([]);
});

/**
 * Pages that hand over elsewhere are held still, so the page audited is the page itself: a navigation
 * answered "204 No Content" leaves the current document in place (an aborted one shows an error page).
 */
async function holdStill(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.fulfill({ status: 204 }));
}

for (const { type, path: pagePath } of [...PAGES, ...CLIENT_PAGES]) {
  test(`axe finds no accessibility violation on the ${type} page (${pagePath})`, async ({ browser }) => {
    // Load pages keep crawlers and audit tools on the page (src/handoff/crawler.ts); people go on to /applink.
    const context = await browser.newContext(type === 'load' ? { userAgent: 'Mozilla/5.0 (compatible; Chrome-Lighthouse)' } : {});
    const page = await context.newPage();
    await holdStill(page);
    await page.goto(pagePath);
    await page.waitForLoadState('networkidle');
    if (type === '404') await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    if (type === 'closed load') await expect(page.getByRole('heading', { level: 1, name: 'Эълон ёпилган' })).toBeFocused();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const found = violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
    expect(found).toEqual([]);
    await context.close();
  });
}
