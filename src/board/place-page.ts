import { useMemo } from 'react';
import type { Language } from '../config/languages';
import { PAGE_SIZE } from '../config/constants';
import type { PlaceLoadsPageContext } from '../loads/place-page-context';
import type { BoardList } from './list-types';
import { isFiltered } from '../search/query';
import { useListBoard, type ListBoard, type ListChoices } from './hooks/use-list-board';
import { wayBackHref, wayBackPathOf } from '../search/way-back';

/**
 * A city or route page's list: the page the build made, as it is, until the URL asks for anything else
 * (a filter, a search, a page the build did not make), or until the worked lists have read the loads
 * posted since (a filter's counts asked for them); then the list's index and the loads posted since,
 * worked out on the phone. The page never reads the API's plain list: it is dated by its build and
 * links the live board (docs/place-pages.md).
 */
export function usePlacePage(
  context: PlaceLoadsPageContext,
  locationSearch: string,
  language: Language,
  bare: boolean,
  fallbackMessage: string,
): ListBoard {
  const choices = useMemo<ListChoices>(() => {
    const built: BoardList = { loads: context.loads, total: context.total, page: context.page, limit: PAGE_SIZE };
    return {
      plain: (query) => Promise.resolve(!query.search && !isFiltered(query) && query.page === built.page ? built : null),
      followWorked: true,
      initial: built,
      builtAt: context.builtAt,
      pathPage: context.page,
      files: context.filters ?? null,
      list: context.scope ?? {},
      scope: { path: context.listPath, builtPages: context.pages },
      placeFilePath: context.placeFilePath ?? '',
      // The build named the cards' places already: its texts name themselves.
      placeNames: Object.fromEntries(context.loads.flatMap((load) => [load.from, load.to]).map((text) => [text, text])),
      routeDistances: context.routeDistances ?? {},
      rangesPath: context.rangesPath,
      positions: context.positions,
      // The build's cards' ways back, around both ends (CONTRACT.md, "Trips"), under the list's vehicle filter.
      wayBack: (load, vehicle) => {
        const path = wayBackPathOf(context.wayBacks, load.id);
        return path ? wayBackHref(path, language, { vehicle, bare }) : null;
      },
      countsKept: false,
      // A filter changes the page's query, not the page: Gatsby would ask for its data under each query.
      ownAddress: true,
    };
    // A new context object for the same page (a navigation within it) is the same list: see board-page.ts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context.pagePath, context.builtAt, context.filters?.indexPath]);
  return useListBoard(choices, locationSearch, language, bare, fallbackMessage);
}
