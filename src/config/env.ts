import { DEFAULT_API_URL, DEFAULT_SITE_URL } from './constants';

/**
 * Environment, read inside functions (not at import) so tests and scripts can set it first.
 * Gatsby inlines `process.env.GATSBY_*` into browser bundles by its literal name, so each is
 * written out in full below.
 */

export function apiUrl(): string {
  return trimSlash(process.env.GATSBY_API_URL || DEFAULT_API_URL);
}

/** Public origin for canonical, alternate, sitemap and share URLs. gatsby-config copies SITE_URL to
 * GATSBY_SITE_URL so the same value reaches the browser's Head rendering. */
export function siteUrl(): string {
  return trimSlash(process.env.GATSBY_SITE_URL || process.env.SITE_URL || DEFAULT_SITE_URL);
}

function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The API's origin, for preconnect hints and the connect-src policy; null when the URL is unusable. */
export function apiOrigin(): string | null {
  try {
    return new URL(apiUrl()).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the build publishes the offline service worker: `OFFLINE_WORKER=off` publishes its kill
 * switch instead (docs/offline.md). gatsby-config copies it to the name Gatsby inlines into the pages,
 * which then register no worker.
 */
export function offlineWorkerEnabled(): boolean {
  return (process.env.GATSBY_OFFLINE_WORKER ?? process.env.OFFLINE_WORKER ?? '').trim().toLowerCase() !== 'off';
}
