import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REVALIDATE, SECURITY_HEADERS, cacheControl, contentType, fileKind, namedByPolicy, type FileKind } from '../src/hosting/policy';
import { headersFor, parseHeadersFile } from '../tools/hosting/read-headers-file';
import { uncachedRequests } from './support';
import { E2E_PUBLIC_DIR } from './env';

/**
 * The hosting policy against the files of the real build that e2e serves (public/, built by
 * `npm run test:e2e` or by CI's build step just before): __tests__/hosting-policy.test.ts checks the
 * hosts on a hand-written list of names, this checks that the list is the build's. A kind of file the
 * build starts writing, and that no rule of the policy names, fails here.
 */

const PUBLIC_DIR = E2E_PUBLIC_DIR;

function builtKeys(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const key = `${prefix}${entry.name}`;
    return entry.isDirectory() ? builtKeys(path.join(dir, entry.name), `${key}/`) : [key];
  });
}

test.describe('the hosting policy and the real build', () => {
  // No skip: the e2e run always has a build, and an empty public/ fails the first test.
  const keys = fs.existsSync(PUBLIC_DIR) ? builtKeys(PUBLIC_DIR) : [];

  test('names every file of the build with a rule of its own', () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key) => !namedByPolicy(key))).toEqual([]);
  });

  test('gives each file the kind its name says', () => {
    const kinds = new Set<FileKind>(keys.map(fileKind));
    expect([...kinds].sort()).toEqual(['data', 'feed', 'hashed', 'icon', 'page', 'worker']);
    expect(keys.filter((key) => key.endsWith('.html') && fileKind(key) !== 'page')).toEqual([]);
    expect(keys.filter((key) => key.endsWith('.atom') && fileKind(key) !== 'feed')).toEqual([]);
    // Webpack's content hash in a name at the top of public/ (app-<hash>.js, styles.<hash>.css).
    expect(keys.filter((key) => /^[^/]+[-.][0-9a-f]{20}\.(js|css)$/.test(key) && fileKind(key) !== 'hashed')).toEqual([]);
  });

  test("the build's _headers gives every built file the policy's Cache-Control", () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(PUBLIC_DIR, '_headers'), 'utf8'));
    const wrong = keys.flatMap((key) => {
      const sent = headersFor(rules, `/${key}`);
      // Netlify and Cloudflare Pages revalidate a file no rule gives a Cache-Control.
      const cache = sent['Cache-Control'] ?? REVALIDATE;
      const security = Object.entries(SECURITY_HEADERS).every(([name, value]) => sent[name] === value);
      return cache === cacheControl(key) && security ? [] : [`${key}: ${cache}${security ? '' : ', security headers missing'}`];
    });
    expect(wrong).toEqual([]);
  });

  test("the build's _headers stays within Cloudflare Pages' 100 rules", () => {
    const patterns = fs
      .readFileSync(path.join(PUBLIC_DIR, '_headers'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(patterns.length).toBeLessThanOrEqual(100);
  });

  test('a second page of a visit asks the host for no icon again', async ({ page }) => {
    await page.goto('/ru/loads');
    await page.waitForLoadState('networkidle');
    const uncachedIcons = await uncachedRequests(page, (pathname) => /^\/(favicon|icon|apple-touch-icon)/.test(pathname));
    await page.goto('/ru/help');
    await page.waitForLoadState('networkidle');
    expect(uncachedIcons()).toEqual([]);
  });

  test('the local server sends one file of each kind as the policy says', async ({ request }) => {
    const byKind = new Map<FileKind, string>();
    for (const key of keys)
      if (!byKind.has(fileKind(key)) && !key.endsWith('404.html') && key !== '_headers') byKind.set(fileKind(key), key);
    for (const key of byKind.values()) {
      const response = await request.get(`/${key.split('/').map(encodeURIComponent).join('/')}`);
      expect(response.status(), key).toBe(200);
      expect(response.headers()['cache-control'], key).toBe(cacheControl(key));
      expect(response.headers()['content-type'], key).toBe(contentType(key));
    }
  });
});
