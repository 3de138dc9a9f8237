import { siteUrl } from '../config/env';
import { NOINDEX_ROUTES } from '../config/routes';
import { alternateLinks, splitLanguagePrefix } from '../i18n/paths';

interface SitePageNode {
  path: string;
}

/** The query field that lists the paths of the pages the build made (./sitemap-pages.ts). */
export const SITEMAP_QUERY_FIELD = 'sitemapPaths';

/**
 * A page belongs in the sitemap when it is the canonical, prefixed URL of an indexable page: bare
 * aliases, the 404 page and the app hand-off pages stay out (CONTRACT.md, Routes).
 */
export function isSitemapPath(pagePath: string): boolean {
  const { language, path } = splitLanguagePrefix(pagePath);
  if (!language) return false;
  if (path === '/404' || path.endsWith('.html') || path.startsWith('/dev-404-page')) return false;
  return !NOINDEX_ROUTES.includes(path);
}

export function sitemapOptions() {
  return {
    output: '/',
    query: `{ ${SITEMAP_QUERY_FIELD} }`,
    resolveSiteUrl: () => siteUrl(),
    resolvePages: (data: Record<typeof SITEMAP_QUERY_FIELD, string[]>): SitePageNode[] =>
      data[SITEMAP_QUERY_FIELD].filter(isSitemapPath).map((path) => ({ path })),
    serialize: (node: SitePageNode) => {
      const { path } = splitLanguagePrefix(node.path);
      return {
        url: node.path,
        links: alternateLinks(siteUrl(), path).map((alternate) => ({ lang: alternate.hrefLang, url: alternate.href })),
      };
    },
  };
}
