import { useEffect } from 'react';
import type { TripContext } from '../../loads/place-page-context';
import type { ListFiles } from '../list-types';
import { isFiltered, queryKey, type BoardQuery } from '../../search/query';

/** What the trip's filtering fetches on first use, never with the page's first script. */
function tripCode() {
  return Promise.all([
    import(/* webpackChunkName: "trip-filter" */ '../../search/on-the-way'),
    import('../../search/rows'),
    import('../sources/built-list'),
    import('../sources/places-on-demand'),
  ]);
}

/**
 * A route page's loads on the way under the filters of its URL (CONTRACT.md, "Trips": the page's filters
 * apply to them as to the route's own loads). Their cards are the build's HTML, which React does not own
 * (islands.tsx). Under a filter, every load of the build's board (its filter index, which the board and
 * `near` read too) goes through the trip's rule and the board's one matcher (on-the-way.ts) with the
 * places' coordinates from the page's place file; the cards that do not match are hidden and the count
 * says how many match in all. Without a filter the build's list stands as it is.
 */
export function useTripFilter(
  trip: TripContext | undefined,
  files: { filters?: ListFiles; placeFilePath?: string },
  query: BoardQuery,
  countText: (total: number, shown: number) => string,
): void {
  const key = queryKey({ ...query, page: 1 });
  const { filters, placeFilePath = '' } = files;
  useEffect(() => {
    const section = trip ? document.querySelector<HTMLElement>('[data-on-the-way]') : null;
    if (!trip || !section) return;
    const cards = Array.from(section.querySelector(':scope > ul')?.children ?? []) as HTMLElement[];
    const count = section.querySelector('[data-on-the-way-count]');
    const show = (ids: ReadonlySet<string> | null, total: number) => {
      cards.forEach((card, index) => (card.hidden = ids !== null && !ids.has(trip.loads[index]?.id ?? '')));
      if (count) count.textContent = countText(total, cards.filter((card) => !card.hidden).length);
    };
    if (!isFiltered(query) || !filters?.boardPath) {
      show(null, trip.total);
      return;
    }
    const abort = new AbortController();
    void tripCode()
      .then(async ([{ onTheWay }, { tashkentToday }, { builtList }, { loadPlaces }]) => {
        const [index, places] = await Promise.all([builtList(filters.boardPath).index(abort.signal), loadPlaces(placeFilePath)]);
        if (abort.signal.aborted) return;
        const context = { today: tashkentToday(Date.now()), places: places?.file.places ?? [] };
        const found = onTheWay(index.rows, trip.ends, query, context);
        show(new Set(found.map(({ row }) => row.id)), found.length);
      })
      // Without its code or files (no network) the build's list stays, as every part fetched on use does.
      .catch(() => undefined);
    return () => abort.abort();
    // The query by its key: a new object for the same filters is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trip, key, filters?.boardPath, placeFilePath]);
}
