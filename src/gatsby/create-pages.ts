import type { GatsbyNode, Reporter } from 'gatsby';
import { pageVariants } from '../i18n/plugin';
import { CONTENT_PAGES, NOT_FOUND_TEMPLATE } from './page-table';
import { readLoads, readVehicleTypeList, type BoardRead } from './read-loads';
import { vehicleTypeIds } from './vehicle-type-ids';
import { filterFiles, listFilesOf } from './filter-files';
import { readListOrder, type ListOrder } from '../api-client/list-order';
import { createLoadPages } from './load-pages';
import { cardPositions, createPlacePages, placesDirectoryContext } from './place-pages';
import { groupBuildLoads } from '../loads/gazetteer-groups';
import { NOT_FOUND_PATH, type RouteName } from '../config/routes';
import type { VehicleType } from '../api-client/types';
import { newestPosting } from '../loads/built-time';
import { recordBoardRead, withReadAt } from './board-read-time';
import { CLOSED_LOAD_KEEP_MS, PAGE_SIZE } from '../config/constants';
import { placeFiles } from './place-files';
import type { Language } from '../config/languages';
import { placeNamesFor } from '../places/names';
import { routeDistancesFor } from '../loads/build-route-distances';
import type { FeedBoard } from './feeds';
import { recordBoardHistory } from './board-history';
import { ratesOfBuild } from './rates';
import { ratesPageContext, type BuildRates } from '../rates/page-data';
import { closedLoadShards, leadOnPagesOf } from './closed-loads';
import { boardJsonLd } from './board-json-ld';
import { dropUnwrittenOutputs, handOverBuildOutputs, type BuildOutputs } from './build-outputs';
import { stepClock, timedAsyncStep, timedStep } from './build-steps';
import { publishedTextsRoot } from './locales';
import { keepingPaths } from './sitemap-pages';
import { pagesInTurns } from './pages-in-turns';

/**
 * /loads renders its first page into the HTML; the browser refreshes it from the API. The names of
 * the first page's places come along in the page's language: the browser names places from the
 * place file, which it loads after the page, so the pre-rendered cards need theirs at hand.
 */
function loadsPageContext(
  { loads, firstPage: initial }: Pick<BoardRead, 'loads' | 'firstPage'>,
  boardTime: number,
  outputs: BuildOutputs,
  rates: BuildRates,
): (language: Language) => object {
  const shared = {
    initial: { loads: initial, total: loads.length, page: 1, limit: PAGE_SIZE },
    builtAt: boardTime,
    // Public paths of the place suggestion files, per language code (src/places/place-file.ts).
    placeFilePaths: outputs.placeFiles.paths,
    rangesPath: outputs.ranges.path,
    positions: cardPositions(initial, rates),
    filters: listFilesOf(outputs.filters, outputs.filters.board),
  };
  const routeDistances = routeDistancesFor(initial);
  return (language) => {
    const placeNames = placeNamesFor(initial, language.code);
    return { ...shared, placeNames, routeDistances, jsonLd: boardJsonLd(initial, placeNames, language) };
  };
}

/**
 * What onPostBuild writes (build-outputs.ts), and the going rates the pages show: from the board's
 * read, once it succeeded, and the history it is recorded in.
 */
async function buildOutputsOf(
  reporter: Reporter,
  board: FeedBoard,
  vehicleTypes: readonly VehicleType[],
  boardTime: number,
  apiOrder: ListOrder,
): Promise<{ outputs: BuildOutputs; rates: BuildRates; now: number }> {
  dropUnwrittenOutputs();
  const { loads, groups } = board;
  const { history, now } = await timedAsyncStep(reporter, 'the history', () =>
    recordBoardHistory(
      reporter,
      loads,
      vehicleTypes.map((type) => type.name),
    ),
  );
  try {
    // The going rates, once per build from the history (docs/rates.md).
    const rates = timedStep(reporter, 'rates', () => ratesOfBuild(history, now, reporter));
    // Loads that left the board lately are explained from an index written after the build (closed-loads.ts).
    const closedLoads = timedStep(reporter, 'closed loads', () =>
      closedLoadShards(
        history.closedSince(now - CLOSED_LOAD_KEEP_MS),
        now,
        leadOnPagesOf(groups, rates.rates.rated),
        new Set(loads.map((load) => load.id)),
      ),
    );
    // The filter index of the board and of every city and route list (src/board/sources/filter-index.ts).
    const names = vehicleTypes.map((type) => type.name);
    const filters = timedStep(reporter, 'filter files', () => ({
      ...filterFiles(loads, groups, names, boardTime, apiOrder),
      vehicleTypeIds: vehicleTypeIds(vehicleTypes),
    }));
    const outputs = {
      placeFiles: timedStep(reporter, 'place files', () => placeFiles(loads, filters.around)),
      ranges: rates.ranges,
      feedBoard: { ...board, vehicleTypes },
      closedLoads,
      filters,
      history,
    };
    return { outputs, rates: rates.rates, now };
  } catch (error) {
    // Nothing is handed over, so nothing would close the history: its working copy goes now.
    history.close();
    throw error;
  }
}

const API_ORDER_KEY = 'api-list-order';
const ORDER_WORDS: Record<ListOrder, string> = { newest: 'the newest first', oldest: 'the oldest first', none: 'in no order of posting' };

/**
 * The API's order is learned anew by every build and trusted by none: a change since the last build (as
 * Gatsby's cache remembers it) is said in the build's log, and the phone checks every page it reads.
 */
async function noticeOrderChange(
  cache: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<unknown> },
  order: ListOrder,
  reporter: Reporter,
) {
  const previous: unknown = await cache.get(API_ORDER_KEY);
  if (typeof previous === 'string' && previous !== order)
    reporter.warn(
      `The API's order changed since the last build: it listed ${ORDER_WORDS[readListOrder(previous)]}, now ${ORDER_WORDS[order]}.`,
    );
  await cache.set(API_ORDER_KEY, order);
}

/**
 * The board's query is read by its script, so every query of the board is the one page. Gatsby asks for
 * a page's data again for each new query a tap puts in the address (its loader keys data by path and
 * query) unless a matchPath covers the path: the board's own path as its matchPath makes a tap cost the
 * list's request alone. Four entries of match-paths.json, which every page's first script carries; the
 * city and route pages, hundreds, go without.
 */
function boardMatchPath(name: RouteName, path: string): { matchPath?: string } {
  return name === 'loads' ? { matchPath: path } : {};
}

export const createPages: GatsbyNode['createPages'] = async ({ actions, reporter, cache }) => {
  const pages = pagesInTurns(actions.createPage);
  const createPage = keepingPaths(pages.createPage);
  const { loads, order, firstPage, vehicleTypes } = await timedAsyncStep(reporter, 'reading the API', async () => ({
    ...(await readLoads(reporter)),
    vehicleTypes: await readVehicleTypeList(reporter),
  }));
  await noticeOrderChange(cache, order, reporter);
  const placeGroups = timedStep(reporter, 'grouping loads by place', () => groupBuildLoads(loads));
  // Dated from the data, not the clock or a cache: an unchanged board rebuilds byte-identical pages
  // even after a lost cache, so a deploy uploads none of them again.
  const boardTime = newestPosting(loads) ?? Date.now();
  const { outputs, rates, now } = await buildOutputsOf(reporter, { loads, groups: placeGroups }, vehicleTypes, boardTime, order);
  // What "list updated" says: when this build read the board (the history's clock), not its newest posting.
  const listPage = withReadAt(createPage, await recordBoardRead(cache, loads, now));
  handOverBuildOutputs(outputs);
  const contentPages = stepClock('content pages');
  const places = contentPages.time(() => placesDirectoryContext(placeGroups, boardTime));
  const extraContext: Partial<Record<RouteName, (language: Language) => object>> = {
    loads: loadsPageContext({ loads, firstPage }, boardTime, outputs, rates),
    places: () => places,
    rates: (language) => ratesPageContext(rates, boardTime, language.code),
  };
  contentPages.time(() => {
    for (const page of CONTENT_PAGES) {
      for (const variant of pageVariants(page.path)) {
        const extra = extraContext[page.name]?.(variant.language);
        (extra ? listPage : createPage)({
          path: variant.path,
          ...boardMatchPath(page.name, variant.path),
          component: page.component,
          context: { ...variant.context, ...extra },
        });
      }
    }
  });
  contentPages.report(reporter);
  // One 404 page, copied by Gatsby to 404.html. It picks its language from the path at run time, so
  // no localized catch-all routes are needed (they would bloat match-paths.json).
  // It also serves the city and route paths the build made no page for (a route of any two known places,
  // a place in another spelling): their files' paths are in its context, never in its first script.
  const [notFound] = pageVariants(NOT_FOUND_PATH);
  const fallbackFiles = {
    filters: listFilesOf(outputs.filters, outputs.filters.board),
    placeFilePaths: outputs.placeFiles.paths,
    rangesPath: outputs.ranges.path,
    outlinesPath: outputs.placeFiles.outlines?.path ?? '',
    tripRoutesPath: outputs.filters.tripRoutes,
    emptyListPath: outputs.filters.emptyList,
    textsRoot: publishedTextsRoot(),
  };
  if (notFound) listPage({ path: notFound.path, component: NOT_FOUND_TEMPLATE, context: { ...notFound.context, ...fallbackFiles } });

  const made = timedStep(reporter, 'load pages', () => createLoadPages(loads, createPage));
  reporter.info(`Created ${made} load pages for ${loads.length} loads.`);
  const trips = stepClock('trips');
  const placePages = timedStep(reporter, 'place pages (trips included)', () =>
    createPlacePages(
      placeGroups,
      boardTime,
      listPage,
      rates,
      { filters: outputs.filters, placeFiles: outputs.placeFiles.paths, rangesPath: outputs.ranges.path },
      trips,
    ),
  );
  trips.report(reporter);
  reporter.info(
    `Created ${placePages.pages} place pages (${placeGroups.from.size} from, ${placeGroups.to.size} to, ${placeGroups.routes.size} routes; ${placePages.lists} lists, all pages and languages).`,
  );
  await timedAsyncStep(reporter, "Gatsby's createPage", () => pages.flush());
};
