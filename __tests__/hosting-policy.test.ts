/**
 * @jest-environment node
 *
 * One hosting policy (src/hosting/policy.ts), four hosts: what each would send for every kind of file
 * the build writes, against what the policy says. The `_headers` file of Netlify and Cloudflare Pages
 * (parsed as they read it), the local server over real HTTP, the deploy's uploads as s3rver stores
 * them, and the CloudFront template that adds the security headers on the S3 path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { headersFile } from '../src/hosting/write-headers-file';
import {
  IMMUTABLE,
  NOT_FOUND_PAGE,
  NO_CACHE,
  ONE_DAY,
  REVALIDATE,
  SECURITY_HEADERS,
  cacheControl,
  contentType,
  fileKind,
  responseHeaders,
  type FileKind,
} from '../src/hosting/policy';
import { deploy } from '../tools/deploy/deploy';
import { startLocalS3 } from '../tools/deploy/local-s3';
import { CLOUDFRONT_DIR, cloudfrontFiles, customErrorResponses, responseHeadersPolicy } from '../tools/hosting/cloudfront';
import { headersFor, parseHeadersFile } from '../tools/hosting/read-headers-file';
import { startStaticServer } from '../tools/serve/static-server';

/** Files named as the build names them, with the kind the policy must give each. */
const BUILD: Record<string, FileKind> = {
  'index.html': 'page',
  '404.html': 'page',
  'ru/loads/index.html': 'page',
  'uz-cyrl/loads/from/toshkent/index.html': 'page',
  '_gatsby/slices/_gatsby-scripts-1.html': 'page',
  'app-2e997ae28a6356178278.js': 'hashed',
  'app-2e997ae28a6356178278.js.map': 'hashed',
  'app-2e997ae28a6356178278.js.LICENSE.txt': 'hashed',
  'component---src-templates-load-tsx-96d840c99a01195cc9aa.js': 'hashed',
  'styles.085c256dfc8d01340800.css': 'hashed',
  'static/d65b987e714c1d9478123ab6c1edbe21/loads-phone.png': 'hashed',
  'static/d/3649515864.json': 'hashed',
  'places/uz.0123456789ab.json': 'hashed',
  'places/uz-cyrl.ba9876543210.json': 'hashed',
  'feeds/board.json': 'data',
  'closed-loads/0.json': 'data',
  'closed-loads/1023.json': 'data',
  'feeds/uz/loads.atom': 'feed',
  'feeds/ru/from/toshkent.atom': 'feed',
  'page-data/app-data.json': 'data',
  'page-data/ru/loads/page-data.json': 'data',
  'chunk-map.json': 'data',
  'sitemap-index.xml': 'data',
  'robots.txt': 'data',
  'favicon.svg': 'icon',
  'favicon.ico': 'icon',
  'favicon-32.png': 'icon',
  'apple-touch-icon.png': 'icon',
  'icon-512.png': 'icon',
  'site.webmanifest': 'data',
  'locales/0123456789ab/ru/common.json': 'hashed',
  'locales/ru/common.json': 'data',
  // Gatsby copies Partytown's scripts under their own names: not hashed, so `/*.js` is no rule.
  '~partytown/partytown.js': 'data',
  // The offline worker: never from a cache without asking the host (docs/offline.md).
  'sw.js': 'worker',
};
const KEYS = Object.keys(BUILD);

/** What Netlify and Cloudflare Pages send when `_headers` sets no Cache-Control. */
const HOST_DEFAULT_CACHE = REVALIDATE;

function writeTree(dir: string): void {
  for (const key of KEYS) {
    fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    fs.writeFileSync(path.join(dir, key), key.endsWith('.html') ? `<!DOCTYPE html><title>${key}</title>` : `content of ${key}`);
  }
  fs.writeFileSync(path.join(dir, '_headers'), headersFile(KEYS));
}

/** The policy's headers that `names` covers, from a host's answer (header names compared case-blind). */
function pick(headers: Record<string, string | undefined>, names: readonly string[]): Record<string, string | undefined> {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return Object.fromEntries(names.map((name) => [name, lower[name.toLowerCase()]]));
}

describe('the policy', () => {
  it.each(KEYS)('gives %s its kind', (key) => {
    expect(fileKind(key)).toBe(BUILD[key]);
    const expected: Record<FileKind, string> = {
      hashed: IMMUTABLE,
      icon: ONE_DAY,
      worker: NO_CACHE,
      data: REVALIDATE,
      feed: REVALIDATE,
      page: REVALIDATE,
    };
    expect(cacheControl(key)).toBe(expected[BUILD[key] as FileKind]);
  });

  it('types text with its charset, Atom feeds included', () => {
    expect(contentType('feeds/uz/loads.atom')).toBe('application/atom+xml; charset=utf-8');
    expect(contentType('feeds/board.json')).toBe('application/json; charset=utf-8');
    expect(contentType('sitemap-index.xml')).toBe('application/xml; charset=utf-8');
    expect(contentType('ru/loads/index.html')).toBe('text/html; charset=utf-8');
    expect(contentType('app-2e997ae28a6356178278.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('static/d65b987e714c1d9478123ab6c1edbe21/loads-phone.png')).toBe('image/png');
  });
});

describe('the _headers file of Netlify and Cloudflare Pages', () => {
  const rules = parseHeadersFile(headersFile(KEYS));

  it.each(KEYS)('sends the policy for %s', (key) => {
    const sent = headersFor(rules, `/${key}`);
    expect(sent['Cache-Control'] ?? HOST_DEFAULT_CACHE).toBe(cacheControl(key));
    expect(pick(sent, Object.keys(SECURITY_HEADERS))).toEqual(SECURITY_HEADERS);
    if (fileKind(key) === 'feed') expect(sent['Content-Type']).toBe(contentType(key));
  });

  it('stays within Cloudflare’s limits: one splat per rule, at most 100 rules', () => {
    const patterns = headersFile(KEYS)
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(patterns.length).toBeLessThanOrEqual(100);
    expect(patterns.every((pattern) => (pattern.match(/\*/g) ?? []).length <= 1)).toBe(true);
  });

  it('stays within 100 rules for a board of thousands of card chunks and every text file', () => {
    const hex = (index: number) => index.toString(16).padStart(12, '0');
    const keys = [
      ...KEYS,
      ...Array.from({ length: 4000 }, (_, index) => `filters/cards/${hex(index)}.json`),
      ...Array.from({ length: 800 }, (_, index) => `filters/${hex(index)}.json`),
      ...['uz', 'uz-cyrl', 'ru'].flatMap((lng) =>
        ['common', 'load', 'loads', 'places', 'how-it-works'].flatMap((ns) => [
          `locales/0123456789ab/${lng}/${ns}.json`,
          `locales/${lng}/${ns}.json`,
        ]),
      ),
    ];
    const file = headersFile(keys);
    expect(file.split('\n').filter((line) => line.startsWith('/')).length).toBeLessThanOrEqual(100);
    const own = parseHeadersFile(file);
    for (const key of keys) expect(headersFor(own, `/${key}`)['Cache-Control'] ?? HOST_DEFAULT_CACHE).toBe(cacheControl(key));
  });

  it('names hashed files one by one where a pattern would also catch a file that is not hashed', () => {
    const keys = [...KEYS, 'register-sw.js'];
    const own = parseHeadersFile(headersFile(keys));
    expect(headersFor(own, '/register-sw.js')['Cache-Control']).toBeUndefined();
    expect(headersFor(own, '/app-2e997ae28a6356178278.js')['Cache-Control']).toBe(IMMUTABLE);
  });
});

describe('the CloudFront template for S3 hosting', () => {
  it('is what npm run hosting:cloudfront writes from the policy', () => {
    for (const [name, text] of Object.entries(cloudfrontFiles())) {
      expect(fs.readFileSync(path.join(CLOUDFRONT_DIR, name), 'utf8')).toBe(text);
    }
  });

  it('adds every security header of the policy, with the policy’s value', () => {
    const policy = responseHeadersPolicy() as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: Array<{ Header: string; Value: string }> };
    };
    const security = policy.SecurityHeadersConfig;
    const sent: Record<string, string> = {
      ...(security.ContentTypeOptions ? { 'X-Content-Type-Options': 'nosniff' } : {}),
      ...(security.FrameOptions ? { 'X-Frame-Options': String(security.FrameOptions.FrameOption) } : {}),
      ...(security.ReferrerPolicy ? { 'Referrer-Policy': String(security.ReferrerPolicy.ReferrerPolicy) } : {}),
      ...(security.ContentSecurityPolicy
        ? { 'Content-Security-Policy': String(security.ContentSecurityPolicy.ContentSecurityPolicy) }
        : {}),
      ...Object.fromEntries(policy.CustomHeadersConfig.Items.map((item) => [item.Header, item.Value])),
    };
    expect(sent).toEqual(SECURITY_HEADERS);
  });

  it('answers a missing key with 404.html and status 404', () => {
    const { Items } = customErrorResponses() as { Items: Array<Record<string, unknown>> };
    expect(Items).toContainEqual(expect.objectContaining({ ErrorCode: 404, ResponsePagePath: `/${NOT_FOUND_PAGE}`, ResponseCode: '404' }));
  });
});

describe('hosts over HTTP', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-'));
  beforeAll(() => writeTree(dir));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the local server sends the policy for every file, and 404.html with 404 for an unknown path', async () => {
    const server = await startStaticServer(dir, 0, '127.0.0.1');
    try {
      const names = ['Cache-Control', 'Content-Type', ...Object.keys(SECURITY_HEADERS)];
      for (const key of KEYS) {
        const response = await fetch(`${server.url}/${key}`);
        expect([key, response.status]).toEqual([key, 200]);
        expect([key, pick(Object.fromEntries(response.headers), names)]).toEqual([key, responseHeaders(key)]);
      }
      const folder = await fetch(`${server.url}/ru/loads`);
      expect(pick(Object.fromEntries(folder.headers), names)).toEqual(responseHeaders('ru/loads/index.html'));
      expect(await folder.text()).toContain('ru/loads/index.html');
      const missing = await fetch(`${server.url}/uz/no-such-page`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain(`<title>${NOT_FOUND_PAGE}</title>`);
      expect(pick(Object.fromEntries(missing.headers), names)).toEqual(responseHeaders(NOT_FOUND_PAGE));
    } finally {
      await server.close();
    }
  });

  it('the deploy uploads every file with the policy’s Cache-Control and Content-Type', async () => {
    const s3 = await startLocalS3();
    // A source map is served by the local server of a bench build, never published (tools/deploy/content-check.ts).
    const published = KEYS.filter((key) => !key.endsWith('.map'));
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-deploy-'));
    fs.cpSync(dir, site, { recursive: true, filter: (file) => !file.endsWith('.map') });
    try {
      await deploy(s3.config({ dir: site }), { client: s3.client, log: () => undefined });
      for (const key of published) {
        const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
        expect([key, head.CacheControl, head.ContentType]).toEqual([key, cacheControl(key), contentType(key)]);
      }
    } finally {
      await s3.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
});
