import { TEXT_FILE } from './file-names';
import { headersPattern } from './headers-pattern';
import { IMMUTABLE, SECURITY_HEADERS, cacheControl, contentType, fileKind } from './policy';

/**
 * The `_headers` file of Netlify and Cloudflare Pages, written from the hosting policy for the files
 * of one build (keys relative to public/). Both hosts revalidate by default and join the values of a
 * header that several matching rules set, so Cache-Control is written only for hashed files, the icons
 * and the worker, and no such file is matched twice. A `*` matches anything, `/` included; Cloudflare allows one per rule
 * and at most 100 rules, so folders and extensions whose files are all hashed get one rule each and
 * only the rest are listed one by one.
 */

const CACHE_PATTERNS = ['/static/*', '/places/*', '/rates/*', '/filters/*', '/*.js', '/*.css', '/*.map', '/*.LICENSE.txt'];
const FEED_PATTERN = '/feeds/*.atom';

export function headersFile(keys: readonly string[]): string {
  const lines = [
    '# Written by the build from src/hosting/policy.ts (do not edit). Netlify and Cloudflare Pages read it.',
    '/*',
    ...headerLines(SECURITY_HEADERS),
  ];
  const hashed = keys.filter((key) => fileKind(key) === 'hashed');
  const covered = new Set<string>();
  // The texts' hashed copies sit beside their plain copy (data), in a folder named by the hash.
  const textFolders = new Set(keys.filter((key) => TEXT_FILE.test(key)).map((key) => `/${key.split('/').slice(0, 2).join('/')}/*`));
  for (const pattern of [...CACHE_PATTERNS, ...textFolders]) {
    const matcher = headersPattern(pattern);
    const matches = keys.filter((key) => matcher.test(`/${key}`));
    if (matches.length === 0 || matches.some((key) => fileKind(key) !== 'hashed' || covered.has(key))) continue;
    for (const key of matches) covered.add(key);
    lines.push('', pattern, ...headerLines({ 'Cache-Control': IMMUTABLE }));
  }
  for (const key of hashed.filter((key) => !covered.has(key)).sort()) {
    lines.push('', `/${key}`, ...headerLines({ 'Cache-Control': IMMUTABLE }));
  }
  // The icons keep a day; for the worker the hosts' default (revalidate) would do, but the policy's own words are sent.
  for (const key of keys.filter((key) => fileKind(key) === 'icon' || fileKind(key) === 'worker')) {
    lines.push('', `/${key}`, ...headerLines({ 'Cache-Control': cacheControl(key) }));
  }
  // Hosts would send Atom feeds without a charset.
  lines.push('', FEED_PATTERN, ...headerLines({ 'Content-Type': contentType('feeds/x.atom') }));
  return `${lines.join('\n')}\n`;
}

function headerLines(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
}
