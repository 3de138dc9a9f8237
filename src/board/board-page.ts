import { useMemo } from 'react';
import type { Language, LanguageCode } from '../config/languages';
import type { LoadList } from '../api-client/types';
import type { PricePosition } from '../loads/price-position';
import type { RouteDistances } from '../loads/route-km';
import { boardPlainList } from './sources/api-list';
import type { ListFiles } from './list-types';
import { BOARD_SCOPE } from '../search/query';
import { useListBoard, type ListBoard, type ListChoices } from './hooks/use-list-board';

/** What the build gives the live board's page (src/gatsby/create-pages.ts). */
export interface BoardPageContext {
  /** The first page of loads, read at build time and rendered into the HTML. */
  initial: LoadList | null;
  /**
   * What "posted … ago" is counted from until the browser has refreshed the list: the newest load's
   * posting time (create-pages.ts says why not the clock).
   */
  builtAt: number;
  /** The first page's place texts, as the API spelled them, named in the page's language. */
  placeNames: Record<string, string>;
  /** The first page's road distances, by cardRouteKey of its place texts (src/places/distance.ts). */
  routeDistances?: RouteDistances;
  /** Each language's place file (suggestions, places searched, named and measured in the browser). */
  placeFilePaths?: Partial<Record<LanguageCode, string>>;
  /** The routes' usual price ranges for the cards (docs/rates.md), and the first page's positions. */
  rangesPath?: string;
  positions?: Record<string, PricePosition>;
  /** The board's files and what the build learned of the API (src/gatsby/filter-files.ts). */
  filters?: ListFiles;
}

const NO_NAMES: Readonly<Record<string, string>> = {};
const NO_FILES: ListFiles = { indexPath: '', boardPath: '', vehicleTypes: [], apiOrder: 'none', apiTotal: 0 };

/**
 * The live board: its plain list and a free-text search from the API, read as the list screen reads
 * it while the API lists its loads in an order of posting; everything else worked out on the phone.
 * `bare`: the page is the bare alias of the Uzbek Latin board, whose links stay bare.
 */
export function useBoardPage(
  context: BoardPageContext,
  locationSearch: string,
  language: Language,
  bare: boolean,
  fallbackMessage: string,
): ListBoard {
  const placeFilePath = context.placeFilePaths?.[language.code] ?? '';
  const choices = useMemo<ListChoices>(() => {
    const files = context.filters ?? null;
    return {
      // A page made without the build's files (a test of the page alone) shows the API's list as it comes.
      plain: boardPlainList(files ?? { ...NO_FILES, apiOrder: 'newest' }, placeFilePath),
      followWorked: false,
      initial: context.initial,
      builtAt: context.builtAt,
      pathPage: 1,
      files,
      list: {},
      scope: BOARD_SCOPE,
      placeFilePath,
      placeNames: context.placeNames ?? NO_NAMES,
      routeDistances: context.routeDistances ?? {},
      rangesPath: context.rangesPath,
      positions: context.positions,
      countsKept: true,
    };
    // Gatsby may hand the same page a new context object on a navigation within it (a query change): the
    // list's files and build time say whether it is another build's, and a new source would read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context.filters?.indexPath, context.builtAt, placeFilePath]);
  return useListBoard(choices, locationSearch, language, bare, fallbackMessage);
}
