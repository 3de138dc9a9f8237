import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy for a static Gatsby site without nonces. Gatsby writes a few inline scripts
 * into every page (chunk map, compilation hash, the page's own path), and one of them differs per
 * page, so one policy for the whole site cannot list them. Instead each HTML file carries a `<meta>`
 * policy with the hashes of exactly its inline scripts; `frame-ancestors`, which a meta policy cannot
 * carry, comes with the headers (src/hosting/policy.ts).
 */

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype=["']?application\/(ld\+)?json/i;
const CSP_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/;

/** The sha256 source expression of one inline script's text. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** Whether a script element's attributes make it a data block (JSON, JSON-LD), which no policy governs. */
export function isDataBlock(type: string | undefined): boolean {
  return DATA_BLOCK.test(`type="${type ?? ''}"`);
}

/** sha256 source expressions of the executable inline scripts of a page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes ?? '')) continue;
    hashes.add(scriptHash(body ?? ''));
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: readonly string[], apiOrigin: string | null): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Gatsby inlines the site's CSS in <style>, and images carry style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "manifest-src 'self'",
    // The offline worker, /sw.js (src/offline/).
    "worker-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Whether the start of a page (its <head> up to the policy) carries a policy that allows every one of
 * `hashes`: a page given its policy when it was rendered, whose scripts' slice was not changed since.
 */
export function policyAllows(headStart: string, hashes: readonly string[]): boolean {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(headStart)?.[1];
  if (content === undefined) return false;
  const policy = content.replace(/&#x27;|&#39;/g, "'");
  return hashes.every((hash) => policy.includes(hash));
}

/** The page with its policy as the first thing in <head>, replacing one written by an earlier build. */
export function withCspMeta(html: string, apiOrigin: string | null): string {
  const withoutOld = html.replace(CSP_META, '');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(inlineScriptHashes(withoutOld), apiOrigin)}"/>`;
  return withoutOld.replace(/<head>/i, `<head>${meta}`);
}
