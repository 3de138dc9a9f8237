import type { GatsbyNode } from 'gatsby';
import { pageVariants } from '../i18n/plugin';
import { CONTENT_PAGES, NOT_FOUND_TEMPLATE } from './page-table';
import { readLoads } from './read-loads';
import { createLoadPages } from './load-pages';
import type { RouteName } from '../config/routes';
import type { Load } from '../api-client/types';
import { PAGE_SIZE } from '../config/constants';
import { writePlaceIndexes } from './place-index';

/** /loads renders its first page into the HTML; the browser refreshes it from the API. */
function loadsPageContext(loads: Load[]) {
  return {
    initial: { loads: loads.slice(0, PAGE_SIZE), total: loads.length, page: 1, limit: PAGE_SIZE },
    builtAt: Date.now(),
    // Public paths of the place suggestion files, per language code (src/places/search-index.ts).
    placeIndexPaths: writePlaceIndexes(loads),
  };
}

export const createPages: GatsbyNode['createPages'] = async ({ actions, reporter }) => {
  const { createPage } = actions;
  const loads = await readLoads(reporter);
  const extraContext: Partial<Record<RouteName, object>> = { loads: loadsPageContext(loads) };
  for (const page of CONTENT_PAGES) {
    for (const variant of pageVariants(page.path)) {
      createPage({ path: variant.path, component: page.component, context: { ...variant.context, ...extraContext[page.name] } });
    }
  }
  // One 404 page, copied by Gatsby to 404.html. It picks its language from the path at run time, so
  // no localized catch-all routes are needed (they would bloat match-paths.json).
  const [notFound] = pageVariants('/404');
  if (notFound) createPage({ path: notFound.path, component: NOT_FOUND_TEMPLATE, context: notFound.context });

  const made = createLoadPages(loads, createPage);
  reporter.info(`Created ${made} load pages for ${loads.length} loads.`);
};
