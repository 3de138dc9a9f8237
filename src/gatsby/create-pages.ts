import type { GatsbyNode } from 'gatsby';
import { pageVariants } from '../i18n/plugin';
import { CONTENT_PAGES, NOT_FOUND_TEMPLATE } from './page-table';
import { readLoads } from './read-loads';
import { createLoadPages } from './load-pages';
import { createPlacePages, groupBuildLoads, placesDirectoryContext } from './place-pages';
import { BuildStamps, readStampRecord } from './build-stamps';
import { NOT_FOUND_PATH, type RouteName } from '../config/routes';
import type { Load } from '../api-client/types';
import { PAGE_SIZE } from '../config/constants';
import { writePlaceIndexes } from './place-index';
import type { Language } from '../config/languages';
import { placeNamesFor } from '../places/names';
import { keepBoardForFeeds } from './feeds';

const PLACE_STAMPS_KEY = 'place-page-stamps';

/**
 * /loads renders its first page into the HTML; the browser refreshes it from the API. The names of
 * the first page's places come along in the page's language: the browser names places from the
 * place index, which it loads after the page, so the pre-rendered cards need theirs at hand.
 */
function loadsPageContext(loads: Load[]): (language: Language) => object {
  const initial = loads.slice(0, PAGE_SIZE);
  const shared = {
    initial: { loads: initial, total: loads.length, page: 1, limit: PAGE_SIZE },
    builtAt: newestPosting(loads) ?? Date.now(),
    // Public paths of the place suggestion files, per language code (src/places/search-index.ts).
    placeIndexPaths: writePlaceIndexes(loads),
  };
  return (language) => ({ ...shared, placeNames: placeNamesFor(initial, language.code) });
}

/**
 * What "posted … ago" counts from until the browser has refreshed the list: the newest load's posting
 * time, not the clock, so an unchanged board builds byte-identical pages and a deploy uploads nothing.
 * On a board with hundreds of posts a day the newest one is minutes old.
 */
export function newestPosting(loads: readonly Load[]): number | undefined {
  let newest: number | undefined;
  for (const load of loads) {
    const time = load.createdAt ? Date.parse(load.createdAt) : NaN;
    if (Number.isFinite(time) && (newest === undefined || time > newest)) newest = time;
  }
  return newest;
}

export const createPages: GatsbyNode['createPages'] = async ({ actions, reporter, cache }) => {
  const { createPage } = actions;
  const loads = await readLoads(reporter);
  const placeGroups = groupBuildLoads(loads);
  // The feeds are written after the build (post-build.ts), from this read and these groups.
  keepBoardForFeeds(loads, placeGroups);
  const stamps = new BuildStamps(readStampRecord(await cache.get(PLACE_STAMPS_KEY)), Date.now());
  const places = placesDirectoryContext(placeGroups, stamps);
  const extraContext: Partial<Record<RouteName, (language: Language) => object>> = {
    loads: loadsPageContext(loads),
    places: () => places,
  };
  for (const page of CONTENT_PAGES) {
    for (const variant of pageVariants(page.path)) {
      const extra = extraContext[page.name]?.(variant.language);
      createPage({ path: variant.path, component: page.component, context: { ...variant.context, ...extra } });
    }
  }
  // One 404 page, copied by Gatsby to 404.html. It picks its language from the path at run time, so
  // no localized catch-all routes are needed (they would bloat match-paths.json).
  const [notFound] = pageVariants(NOT_FOUND_PATH);
  if (notFound) createPage({ path: notFound.path, component: NOT_FOUND_TEMPLATE, context: notFound.context });

  const made = createLoadPages(loads, createPage);
  reporter.info(`Created ${made} load pages for ${loads.length} loads.`);
  const placePages = createPlacePages(placeGroups, stamps, createPage);
  await cache.set(PLACE_STAMPS_KEY, stamps.record());
  reporter.info(
    `Created ${placePages.pages} place pages (${placeGroups.from.size} from, ${placeGroups.to.size} to, ${placeGroups.routes.size} routes; ${placePages.lists} lists, all pages and languages).`,
  );
};
