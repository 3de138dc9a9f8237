import { contentType as mimeContentType } from 'mime-types';
import { PUBLISHED_BOARD_FILE } from '../feeds/published-board';
import { FILTER_FILE, GATSBY_STATIC_DIR, HASHED_BUNDLE, PLACE_INDEX, RANGES_FILE, SERVICE_WORKER_FILE, TEXT_FILE } from './file-names';

export { SERVICE_WORKER_FILE } from './file-names';

/**
 * The hosting policy: for every file the build writes into public/, what kind it is, how long it may
 * be cached, its Content-Type and the security headers sent with it. The deploy (tools/deploy), the
 * local server (tools/serve), the `_headers` file the build writes for Netlify and Cloudflare Pages
 * (./write-headers-file.ts) and the CloudFront template (tools/hosting) all read this module, so the hosts
 * cannot drift apart. It lives in src/ because the build writes `_headers` from it.
 *
 * Keys are paths relative to public/, with forward slashes and no leading slash.
 */

/**
 * - hashed: the name carries a hash of the content, so the file never changes: cached for a year and
 *   kept by the deploy for a grace period after a build stops naming it (open tabs still load it).
 * - data: same name, new content on each build (page-data, sitemaps, icons, the published board).
 * - feed: an Atom feed: data, with its own Content-Type.
 * - icon: the site's icons (favicon, touch and manifest icons): the same names, new content only with a new
 *   look. A browser asks for the page's icon on every page it opens; a day in its cache spares a driver that
 *   round trip on each page of a visit, and a new icon reaches everyone within the day.
 * - page: HTML.
 * - worker: the service worker (src/offline/): never answered from a cache without asking the host,
 *   so a deploy's worker, or the kill switch that removes it (docs/offline.md), reaches every browser
 *   on its next visit.
 */
export type FileKind = 'hashed' | 'data' | 'feed' | 'icon' | 'page' | 'worker';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const ONE_DAY = 'public, max-age=86400';
export const NO_CACHE = 'no-cache';

/** Sent with every file: the script policy itself is a <meta> in each page, with that page's hashes. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
  'X-Frame-Options': 'DENY',
};

const ATOM_FEED = /^feeds\/.+\.atom$/;
/**
 * The files that keep their name from build to build: Gatsby's page data, maps and slices' data, the
 * sitemaps, robots.txt and `_headers`, the texts' plain copy (`locales/{lng}/{ns}.json`), Partytown's scripts, and what static/ holds besides the icons
 * (the share card, the web manifest): a file added to static/ is named here too.
 */
const DATA_FILE =
  /^(page-data\/.+\.json|_gatsby\/.+\.json|chunk-map\.json|webpack\.stats\.json|sitemap[^/]*\.xml|robots\.txt|_headers|locales\/[^/]+\/[^/]+\.json|~partytown\/.+|share-card\.png|site\.webmanifest)$/;

/** The icons static/ holds, at the top of the site (`favicon.svg`, `icon-192.png`, `apple-touch-icon.png`). */
const ICON_FILE = /^(favicon|icon|apple-touch-icon)[^/]*\.(ico|svg|png)$/;

/** The closed-load index, `closed-loads/<shard>.json` (src/gatsby/closed-loads.ts): the same names, new content as loads close. */
const CLOSED_LOAD_SHARD = /^closed-loads\/\d+\.json$/;

/**
 * In order; the first that matches decides. A file no rule names is served as data (revalidated, the
 * safe default), and the e2e check of a real build (e2e/hosting-policy.spec.ts) fails on it, so a kind
 * of file the build starts writing gets its rule here.
 */
const KIND_RULES: ReadonlyArray<{ kind: FileKind; test: (key: string) => boolean }> = [
  { kind: 'worker', test: (key) => key === SERVICE_WORKER_FILE },
  { kind: 'hashed', test: (key) => key.startsWith(GATSBY_STATIC_DIR) },
  { kind: 'hashed', test: (key) => HASHED_BUNDLE.test(key) },
  { kind: 'hashed', test: (key) => PLACE_INDEX.test(key) },
  { kind: 'hashed', test: (key) => RANGES_FILE.test(key) },
  { kind: 'hashed', test: (key) => FILTER_FILE.test(key) },
  { kind: 'hashed', test: (key) => TEXT_FILE.test(key) },
  { kind: 'feed', test: (key) => ATOM_FEED.test(key) },
  { kind: 'data', test: (key) => key === PUBLISHED_BOARD_FILE },
  { kind: 'data', test: (key) => CLOSED_LOAD_SHARD.test(key) },
  { kind: 'page', test: (key) => key.endsWith('.html') },
  { kind: 'icon', test: (key) => ICON_FILE.test(key) },
  { kind: 'data', test: (key) => DATA_FILE.test(key) },
];

export function fileKind(key: string): FileKind {
  return KIND_RULES.find((rule) => rule.test(key))?.kind ?? 'data';
}

/** Whether a rule of the policy names the file, rather than the default giving it a kind. */
export function namedByPolicy(key: string): boolean {
  return KIND_RULES.some((rule) => rule.test(key));
}

export function cacheControl(key: string): string {
  const kind = fileKind(key);
  if (kind === 'hashed') return IMMUTABLE;
  if (kind === 'icon') return ONE_DAY;
  return kind === 'worker' ? NO_CACHE : REVALIDATE;
}

/** Text always names its charset, so HTML, JSON, XML and feeds are never read as Latin-1. */
const TYPE_OVERRIDES: Readonly<Record<string, string>> = {
  '.atom': 'application/atom+xml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

export function contentType(key: string): string {
  const extension = /\.[^./]+$/.exec(key)?.[0].toLowerCase() ?? '';
  return TYPE_OVERRIDES[extension] ?? (mimeContentType(extension || '.bin') || 'application/octet-stream');
}

/** Every header the policy decides for a file, as every host should send it. */
export function responseHeaders(key: string): Record<string, string> {
  return { 'Cache-Control': cacheControl(key), 'Content-Type': contentType(key), ...SECURITY_HEADERS };
}

/** The page every host answers unknown paths with, with status 404. */
export const NOT_FOUND_PAGE = '404.html';
