import { useEffect } from 'react';
import type { TripContext } from '../loads/place-page-context';
import { isFiltered, queryKey, type BoardQuery } from './query';

/**
 * A route page's loads on the way under the filters of its URL (CONTRACT.md, "Trips": the page's filters
 * apply to them as to the route's own loads). Their cards are the build's HTML, which React does not own
 * (islands.tsx); under a filter the build's rows of every load on the way go through the trip's rule and
 * the board's one matcher (on-the-way.ts, fetched then, never with the page's first script), the cards
 * that do not match are hidden and the count says how many match. Without a filter the build's list
 * stands as it is.
 */
export function useTripFilter(trip: TripContext | undefined, query: BoardQuery, countText: (total: number, shown: number) => string): void {
  const key = queryKey({ ...query, page: 1 });
  useEffect(() => {
    const section = trip ? document.querySelector<HTMLElement>('[data-on-the-way]') : null;
    if (!trip || !section) return;
    const cards = Array.from(section.querySelector(':scope > ul')?.children ?? []) as HTMLElement[];
    const count = section.querySelector('[data-on-the-way-count]');
    const show = (ids: ReadonlySet<string> | null, total: number) => {
      cards.forEach((card, index) => (card.hidden = ids !== null && !ids.has(trip.loads[index]?.id ?? '')));
      if (count) count.textContent = countText(total, cards.filter((card) => !card.hidden).length);
    };
    if (!isFiltered(query)) {
      show(null, trip.total);
      return;
    }
    let current = true;
    void Promise.all([import(/* webpackChunkName: "trip-filter" */ './on-the-way'), import('./rows')])
      .then(([{ onTheWay }, { tashkentToday }]) => {
        if (!current) return;
        const ends = { from: trip.ends.from, to: trip.ends.to };
        const found = onTheWay(trip.rows, ends, query, { today: tashkentToday(Date.now()), places: trip.places });
        show(new Set(found.map(({ row }) => row.id)), found.length);
      })
      // Without its code (no network) the build's list stays, as every part fetched on use does.
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // The query by its key: a new object for the same filters is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trip, key]);
}
