import React from 'react';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import type { TripContext } from '../../loads/place-page-context';
import { routeKmIn } from '../../loads/route-km';
import { formatNumber } from '../../loads/format';
import type { PricePosition } from '../../loads/price-position';
import { BoardCards } from './board-cards';
import { wayBackHref, wayBackPathOf } from '../../search/way-back';
import type { LiveTripCards, TripCards } from '../../board/hooks/use-trip-filter';

const named = (text: string) => text;

/**
 * How many loads are on the way, and how many of them the page shows when that is fewer; `atLeast`: the
 * loads posted since were not all read.
 */
export function onTheWayCountText(t: TFunction, total: number, shown: number, atLeast = false): string {
  if (atLeast && total > 0) return t('places:trip.atLeast', { count: total, shown });
  if (total === 0) return t('places:trip.none');
  return shown < total ? t('places:trip.someOf', { count: total, shown }) : t('places:trip.count', { count: total });
}

/**
 * The section's cards rendered on the phone once a load posted since the build is among them: the board's
 * cards (their chunk, fetched then) in a root of their own beside the build's list, which is hidden while
 * they stand (React does not own the build's HTML: islands.tsx).
 */
export function liveTripCards({
  language,
  t,
  wayBacks,
  positions,
}: {
  language: Language;
  t: TFunction;
  wayBacks: Readonly<Record<string, string>>;
  positions: Record<string, PricePosition>;
}): (section: HTMLElement) => LiveTripCards {
  return (section) => {
    const built = section.querySelector<HTMLElement>(':scope > ul');
    const container = document.createElement('div');
    container.setAttribute('data-on-the-way-live', '');
    const before = built ?? section.querySelector('[data-on-the-way-count]');
    if (before) before.after(container);
    else section.append(container);
    const code = Promise.all([
      import('react-dom'),
      import('react-dom/client'),
      import(/* webpackChunkName: "board-tap-cards" */ './load-card'),
    ]);
    let root: import('react-dom/client').Root | null = null;
    let latest: TripCards | null = null;
    const standing = (cards: TripCards | null) => {
      if (built) built.hidden = cards !== null;
      container.hidden = cards === null;
    };
    return {
      close: () => {
        latest = null;
        root?.unmount();
        container.remove();
      },
      show(cards) {
        latest = cards;
        if (!cards) return standing(null);
        void code.then(([{ flushSync }, { createRoot }, { BoardCardList }]) => {
          if (latest !== cards) return;
          const list = (root ??= createRoot(container));
          // Committed before the build's list is hidden, so the section is never empty between the two.
          flushSync(() =>
            list.render(
              <BoardCardList
                loads={cards.loads}
                now={Date.now()}
                language={language}
                t={t}
                placeName={named}
                routeKm={(a, b) => routeKmIn(cards.routeDistances, a, b) ?? null}
                positions={positions}
                detours={cards.detours}
                wayBack={(load) => {
                  const path = wayBackPathOf(wayBacks, load.id);
                  return path ? wayBackHref(path, language) : null;
                }}
              />,
            ),
          );
          standing(cards);
        });
      },
    };
  };
}

/**
 * A route page's loads on the way (CONTRACT.md, "Trips"), below the route's own: each card says what it
 * adds to the trip, the smallest detour first. Static HTML from the build: its cards are the board's
 * (board-cards.ts), whose code the browser fetches only if it ever renders them.
 */
export function OnTheWay({
  trip,
  from,
  to,
  language,
  now,
  t,
  mapClassName,
  wayBacks,
}: {
  trip: TripContext;
  /** By load id, each card's way back (the reversed route's unprefixed path). */
  wayBacks: Readonly<Record<string, string>>;
  /** The page's style of the map's figure. */
  mapClassName?: string;
  from: string;
  to: string;
  language: Language;
  now: number;
  /** Namespace `loads`, as the cards read it; the section's own words are `places:trip.*`. */
  t: TFunction;
}) {
  const { loads, total, detours, limitKm, routeDistances, positions } = trip;
  return (
    <section aria-labelledby="on-the-way" data-on-the-way="">
      <h2 id="on-the-way">{t('places:trip.heading')}</h2>
      <p>{t('places:trip.lead', { from, to, km: formatNumber(limitKm) })}</p>
      {trip.map ? (
        <figure className={mapClassName}>
          {/* The build's SVG (src/gatsby/trip-map.ts), which escaped every name it holds. */}
          <div dangerouslySetInnerHTML={{ __html: trip.map.svg }} />
          <figcaption>{trip.map.text}</figcaption>
        </figure>
      ) : null}
      <p data-on-the-way-count="">{onTheWayCountText(t, total, loads.length)}</p>
      {loads.length > 0 ? (
        <BoardCards
          loads={loads}
          now={now}
          language={language}
          t={t}
          placeName={named}
          routeKm={(a, b) => routeKmIn(routeDistances, a, b) ?? null}
          positions={positions}
          detours={detours}
          wayBack={(load) => {
            const path = wayBackPathOf(wayBacks, load.id);
            return path ? wayBackHref(path, language) : null;
          }}
        />
      ) : null}
    </section>
  );
}
