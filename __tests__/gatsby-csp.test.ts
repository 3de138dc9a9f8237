import { createHash } from 'node:crypto';
import { contentSecurityPolicy, inlineScriptHashes, withCspMeta } from '../src/gatsby/csp';
import { headersFor, parseHeadersFile } from '../tools/hosting/read-headers-file';
import { headersFile } from '../src/hosting/write-headers-file';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PAGE = [
  '<!DOCTYPE html><html lang="uz"><head><meta charSet="utf-8"/>',
  '<script type="application/ld+json">{"a":1}</script>',
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/uz";/*]]>*/</script>',
  '</head><body><script src="/app.js" async></script><script>window.x=1</script>',
  '<script type="module">console.log(1)</script></body></html>',
].join('');

describe('page script policy', () => {
  it('hashes each executable inline script, and neither data blocks nor external scripts', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha('/*<![CDATA[*/window.pagePath="/uz";/*]]>*/'), sha('window.x=1'), sha('console.log(1)')]);
  });

  it('allows scripts from the site and those hashes only, and connections to the site and the API', () => {
    const policy = contentSecurityPolicy([sha('a')], 'https://api.yukbor.uz');
    expect(policy).toContain(`script-src 'self' ${sha('a')}`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("connect-src 'self' https://api.yukbor.uz");
    expect(policy).toContain("object-src 'none'");
  });

  it('allows the offline worker from the site only', () => {
    expect(contentSecurityPolicy([], null)).toContain("worker-src 'self';");
  });

  it('puts the policy first in <head> and replaces the one an earlier build wrote', () => {
    const once = withCspMeta(PAGE, 'http://localhost:4010');
    expect(once.indexOf('Content-Security-Policy')).toBeLessThan(once.indexOf('<script'));
    const twice = withCspMeta(once, 'http://localhost:4010');
    expect(twice).toBe(once);
    expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
  });
});

describe('_headers file', () => {
  const rules = parseHeadersFile(
    ['# comment', '/*', '  X-A: 1', '  X-B: two words', '', '/static/*', '  Cache-Control: immutable', ''].join('\n'),
  );

  it('applies every matching rule', () => {
    expect(headersFor(rules, '/uz/loads')).toEqual({ 'X-A': '1', 'X-B': 'two words' });
    expect(headersFor(rules, '/static/a.png')).toEqual({ 'X-A': '1', 'X-B': 'two words', 'Cache-Control': 'immutable' });
  });

  it('reads the file the build writes from the hosting policy', () => {
    const own = parseHeadersFile(headersFile(['ru/help/index.html', 'static/x/y.png']));
    const headers = headersFor(own, '/ru/help');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBeTruthy();
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Cache-Control']).toBeUndefined();
    expect(headersFor(own, '/static/x/y.png')['Cache-Control']).toContain('immutable');
  });
});
