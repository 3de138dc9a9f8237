import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { Load, LoadList } from '../api-client/types';
import { sameCardFields, type CardExtras } from '../loads/card-content';
import type { PricePosition } from '../loads/price-position';
import { routeKmIn, type RouteDistances } from '../loads/route-km';
import { nameIn } from '../places/place-names';
import type { RangesFile } from '../rates/ranges-file';
import { loadPlaces } from './sources/places-on-demand';

/**
 * What the board's cards show beside a load's own fields: its places named in the page's language, its
 * road distance, and where its price sits against the route's usual range. The build worked all three
 * out for the cards it rendered; for any other load the browser works them out here, from files fetched
 * only when such a load is on screen.
 */

type RangesModule = typeof import('../rates/ranges-file');

/**
 * Where each card's price sits against its route's usual range: the build's positions for the loads it
 * rendered, and, for a list holding any other load (or one of those changed since), the positions the
 * ranges file gives. The file and its code (a chunk of their own, some 9 KB gzip) are fetched only then,
 * after that list's first render: a board whose refresh brings the loads the build showed, most visits,
 * fetches neither.
 */
export function usePricePositions(
  list: LoadList | null,
  rangesPath: string | undefined,
  initial: Readonly<Record<string, PricePosition>> | undefined,
  builtLoads: readonly Load[],
): Readonly<Record<string, PricePosition>> | undefined {
  const built = useMemo(() => new Map(builtLoads.map((load) => [load.id, load])), [builtLoads]);
  const positionedByBuild =
    list === null ||
    list.loads.every((load) => {
      const shown = built.get(load.id);
      return shown !== undefined && sameCardFields(shown, load);
    });
  const wanted = Boolean(rangesPath) && !positionedByBuild;
  const [ranges, setRanges] = useState<{ file: RangesFile; module: RangesModule } | null>(null);
  const loaded = ranges !== null;
  useEffect(() => {
    if (!wanted || loaded || !rangesPath) return undefined;
    let cancelled = false;
    // The file and the code that reads it, fetched side by side; a file that cannot be had leaves the cards as they are.
    const json = fetch(rangesPath).then(
      (response): Promise<unknown> => (response.ok ? response.json() : Promise.resolve(null)),
      () => null,
    );
    // Its code may not be had (offline, before the worker kept it): the cards stay as they are.
    void Promise.all([import(/* webpackChunkName: "board-tap-ranges" */ '../rates/ranges-file'), json.catch(() => null)]).then(
      ([module, content]) => {
        const file = module.rangesFileOf(content);
        if (!cancelled && file) startTransition(() => setRanges({ file, module }));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, loaded, rangesPath]);
  return useMemo(() => (ranges && list ? ranges.module.positionsFromFile(ranges.file, list.loads) : initial), [ranges, list, initial]);
}

type LoadedPlaces = NonNullable<Awaited<ReturnType<typeof loadPlaces>>>;

/**
 * Names a list's place texts in the page's language, and gives its routes' road distances: the build
 * did both for the first page (so the cards hydrate with the words the HTML has); a place or route
 * first seen in a refreshed list is named and measured from the place file, fetched only when such a
 * place or route appears, and a place the site does not know is moved between Uzbek Latin and Cyrillic
 * as the build would (placeLabel). Until the file is there, the API's text stands and no distance shows.
 */
export function usePlaceNames(
  list: LoadList | null,
  placeNames: Readonly<Record<string, string>>,
  routeDistances: RouteDistances,
  placeFilePath: string,
): Pick<CardExtras, 'placeName' | 'routeKm'> {
  const [places, setPlaces] = useState<LoadedPlaces | null>(null);
  const unnamed = Boolean(
    list?.loads.some(
      (load) =>
        [load.from, load.to].some((text) => text && nameIn(placeNames, text) === undefined) ||
        routeKmIn(routeDistances, load.from, load.to) === undefined,
    ),
  );
  useEffect(() => {
    if (!unnamed || places) return undefined;
    let cancelled = false;
    void loadPlaces(placeFilePath).then((loaded) => {
      // A transition: the cards may still be waiting to hydrate (see use-load-board.ts).
      if (!cancelled && loaded) startTransition(() => setPlaces(loaded));
    });
    return () => {
      cancelled = true;
    };
  }, [unnamed, places, placeFilePath]);
  const placeName = useCallback(
    (text: string) => nameIn(placeNames, text) ?? (places ? places.module.placeNameFor(places.file, text) : text),
    [placeNames, places],
  );
  const routeKm = useCallback(
    (from: string, to: string) => {
      const built = routeKmIn(routeDistances, from, to);
      return built !== undefined ? built : places ? places.module.routeKmFor(places.file, from, to) : null;
    },
    [routeDistances, places],
  );
  return { placeName, routeKm };
}
