import { useCallback, useMemo, useState } from 'react';
import { navigate } from 'gatsby';
import type { Language } from '../config/languages';
import { PAGE_SIZE } from '../config/constants';
import type { PlaceLoadsPageContext } from '../loads/place-page-context';
import { usePlaceNames, usePricePositions } from './card-extras';
import type { FilterFacets, LiveBoard } from './live-board';
import { boardHref, isFiltered, type BoardQuery, type ListScope } from './query';
import type { BoardList } from './source';
import { boardSource } from './board-source';
import { useLoadBoard } from './use-load-board';
import type { KeepDetails } from './use-saved-searches';
import { keepable } from './extras-wanted';

const NO_TYPES: readonly string[] = [];

/**
 * A city or route page's list: the page the build made, as it is, until the URL asks for anything
 * else (a filter, a search, a page the build did not make); then the list's filter index and the
 * loads posted since (board/filter-source.ts). The page never asks the API for its plain list: it is
 * dated by its build and links the live board (docs: "City and route pages").
 */
export function usePlaceBoard(
  context: PlaceLoadsPageContext,
  locationSearch: string,
  language: Language,
  bare: boolean,
  fallbackMessage: string,
  /** What a kept search of this list says it is: the page's title, in its language. */
  title: string,
): Omit<LiveBoard, 'suggest' | 'warmSuggestions' | 'builtCardAgesRef'> {
  const built = useMemo<BoardList>(
    () => ({ loads: context.loads, total: context.total, page: context.page, limit: PAGE_SIZE }),
    [context.loads, context.total, context.page],
  );
  const indexPath = context.filters?.indexPath ?? '';
  const placeFilePath = context.placeFilePath ?? '';
  const { from, to } = context.scope ?? {};
  const source = useMemo(() => {
    const plain = {
      page: (query: BoardQuery) =>
        query.page === built.page ? Promise.resolve(built) : Promise.reject(new Error('Only the filtered list reads other pages')),
    };
    const filtered = boardSource(plain, { indexPath, from, to }, placeFilePath);
    return {
      filtered: filtered.filtered,
      page: (query: BoardQuery, options: { signal: AbortSignal; fresh: boolean }) =>
        !query.search && !isFiltered(query) && query.page === built.page
          ? Promise.resolve(built)
          : filtered.filtered().then((lists) => lists.page(query, options)),
    };
  }, [built, indexPath, from, to, placeFilePath]);
  const { query, state, showsWanted, retry } = useLoadBoard(
    built,
    context.builtAt,
    locationSearch,
    fallbackMessage,
    source,
    undefined,
    context.page,
  );
  // The build named the cards' places already: its texts name themselves.
  const names = useMemo(
    () => Object.fromEntries(context.loads.flatMap((load) => [load.from, load.to]).map((text) => [text, text])),
    [context.loads],
  );
  const { placeName, routeKm } = usePlaceNames(state.list, names, context.routeDistances ?? {}, placeFilePath);
  const positions = usePricePositions(state.list, context.rangesPath, context.positions, context.loads);
  const feed = /^\/feeds\/[^/]+(\/.+)\.atom$/.exec(context.feedPath ?? '')?.[1] ?? '';
  const details = useCallback(async (): Promise<KeepDetails> => ({ place: title, scope: { from, to }, feed }), [title, from, to, feed]);
  const [newSince, setNewSince] = useState<number | null>(null);
  const { listPath } = context;
  const vehicleTypeIds = context.filters?.vehicleTypeIds;
  const keeping = useMemo(
    () => ({
      path: listPath,
      details,
      lists: null,
      keepable: (query: BoardQuery) => keepable(query),
      onNewSince: setNewSince,
      vehicleTypeIds,
      placeFilePath,
    }),
    [details, listPath, vehicleTypeIds, placeFilePath],
  );
  const extras = useMemo(() => ({ placeName, routeKm, positions, newSince }), [placeName, routeKm, positions, newSince]);
  const scope: ListScope = { path: context.listPath, builtPages: context.pages };
  const hrefFor = (next: BoardQuery) => boardHref(language, next, { scope, bare });
  const onQuery = (next: BoardQuery) => void navigate(hrefFor(next));
  const facets = useCallback<FilterFacets>((query, signal) => source.filtered().then((lists) => lists.facets(query, signal)), [source]);
  return {
    query,
    state,
    showsWanted,
    retry,
    extras,
    hrefFor,
    onQuery,
    vehicleTypes: context.filters?.vehicleTypes ?? NO_TYPES,
    facets,
    keeping,
  };
}
