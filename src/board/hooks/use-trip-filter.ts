import { useEffect, useRef } from 'react';
import type { Load } from '../../api-client/types';
import { PAGE_SIZE } from '../../config/constants';
import type { TripContext } from '../../loads/place-page-context';
import type { ListFiles } from '../list-types';
import { isFiltered, queryKey, type BoardQuery } from '../../search/query';

/** Cards the phone renders in the section, in the rule's order: once a load posted since is among them. */
export interface TripCards {
  loads: Load[];
  /** By load id, the km each adds to the trip. */
  detours: Record<string, number>;
  /** The km of each card's own route, by `cardRouteKey` of its places. */
  routeDistances: Record<string, number>;
}

/** The section's list rendered on the phone, in place of the build's (`null`: the build's again). */
export interface LiveTripCards {
  show(cards: TripCards | null): void;
  /** The page is left: its root is unmounted. */
  close(): void;
}

/** What the page gives the trip's filtering: its count's words, and its cards when the build's will not do. */
export interface TripView {
  countText: (total: number, shown: number, atLeast: boolean) => string;
  liveCards: (section: HTMLElement) => LiveTripCards;
}

/** What a driver does that says he is reading the page: a scroll, a tap, a key. */
const READING_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Settles once the driver has done something on the page and `element` is within a screen of the viewport
 * (at once where the browser cannot tell).
 */
function whenNear(element: HTMLElement, signal: AbortSignal): Promise<void> {
  if (typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    let near = false;
    let reading = false;
    const stop = () => {
      observer.disconnect();
      READING_EVENTS.forEach((name) => window.removeEventListener(name, onReading));
    };
    const settle = () => {
      if (!near || !reading) return;
      stop();
      resolve();
    };
    const onReading = () => {
      reading = true;
      settle();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        near = entries.some((entry) => entry.isIntersecting);
        settle();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    READING_EVENTS.forEach((name) => window.addEventListener(name, onReading, { passive: true }));
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * A route page's loads on the way under the filters of its URL, with the loads posted since the build that
 * are on the way (CONTRACT.md, "Trips": the page's filters apply to them as to the route's own loads, and
 * every load posted since that qualifies is there). The build's cards are its HTML, which React does not own
 * (islands.tsx): trip-since.ts, a chunk of its own fetched after the page is up, works out the list; the
 * build's cards that do not match are hidden, and once a load posted since is among the cards, the page's
 * `liveCards` renders the list in the rule's order instead. The count says how many match in all ("at
 * least" when the API's newest end could not be read whole). Without a filter and nothing posted on the
 * way, the build's list stands as it is.
 */
export function useTripFilter(
  trip: TripContext | undefined,
  files: { filters?: ListFiles; placeFilePath?: string },
  query: BoardQuery,
  view: TripView,
): void {
  const key = queryKey({ ...query, page: 1 });
  const { filters, placeFilePath = '' } = files;
  const live = useRef<LiveTripCards | null>(null);
  useEffect(() => () => live.current?.close(), []);
  useEffect(() => {
    const section = trip ? document.querySelector<HTMLElement>('[data-on-the-way]') : null;
    if (!trip || !section) return;
    const cards = Array.from(section.querySelector(':scope > ul')?.children ?? []) as HTMLElement[];
    const count = section.querySelector('[data-on-the-way-count]');
    const countText = (total: number, shown: number, atLeast: boolean) => {
      if (count) count.textContent = view.countText(total, shown, atLeast);
    };
    const show = (ids: ReadonlySet<string> | null, total: number, atLeast = false) => {
      live.current?.show(null);
      cards.forEach((card, index) => (card.hidden = ids !== null && !ids.has(trip.loads[index]?.id ?? '')));
      countText(total, cards.filter((card) => !card.hidden).length, atLeast);
    };
    if (!isFiltered(query)) show(null, trip.total);
    if (!filters?.boardPath) return;
    const abort = new AbortController();
    // Unfiltered, the build's list stands until a driver reading the page is near the section: its code
    // and reads are not a cost of every visit of a route page; a filter's count is wanted now.
    void (isFiltered(query) ? Promise.resolve() : whenNear(section, abort.signal))
      .then(() => import(/* webpackChunkName: "trip-filter" */ '../sources/trip-since'))
      .then(({ tripNow }) => tripNow(trip.ends, filters, placeFilePath, query, abort.signal, trip.loads))
      .then((now) => {
        if (abort.signal.aborted) return;
        if (!now) return show(null, trip.total);
        const built = new Map(trip.loads.map((load) => [load.id, load]));
        const shown = now.found
          .filter(({ row }) => built.has(row.id) || now.posted.has(row.id))
          .slice(0, Math.max(PAGE_SIZE, trip.loads.length));
        if (!shown.some(({ row }) => now.posted.has(row.id)))
          return show(new Set(shown.map(({ row }) => row.id)), now.found.length, !now.complete);
        live.current ??= view.liveCards(section);
        live.current.show({
          loads: shown.map(({ row }) => (built.get(row.id) ?? now.posted.get(row.id)) as Load),
          detours: Object.fromEntries(shown.map(({ row, detourKm }) => [row.id, detourKm])),
          routeDistances: { ...trip.routeDistances, ...now.routeDistances },
        });
        countText(now.found.length, shown.length, !now.complete);
      })
      // Without its code or files (no network) the build's list stays, as every part fetched on use does.
      .catch(() => undefined);
    return () => abort.abort();
    // The query by its key: a new object for the same filters is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trip, key, filters?.boardPath, placeFilePath]);
}
