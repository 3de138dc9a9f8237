import type { Actions, GatsbyNode } from 'gatsby';
import { SITEMAP_QUERY_FIELD } from './sitemap';

/**
 * The paths of the pages this build made, which gatsby-plugin-sitemap reads through the query field
 * `sitemapPaths` (./sitemap.ts). Its usual query, `allSitePage`, reads every page's node back from
 * Gatsby's store with the page's whole context and holds them all until the query ends: at 44,000 pages
 * that was 630 MB of heap at once, the build's peak (docs/build.md, "Memory"). The paths are known as the
 * pages are made, so they are kept then. Every page of the site is made by createPages; Gatsby's own
 * (`/404.html`, the development 404 page) are no sitemap's.
 */
const madePaths = new Set<string>();

/** createPage, keeping each path; a new build (in `gatsby develop`, the same process) starts the set again. */
export function keepingPaths(createPage: Actions['createPage']): Actions['createPage'] {
  madePaths.clear();
  return (page, ...rest) => {
    madePaths.add(page.path);
    createPage(page, ...rest);
  };
}

export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  createResolvers({ Query: { [SITEMAP_QUERY_FIELD]: { type: '[String!]!', resolve: () => [...madePaths] } } });
};
