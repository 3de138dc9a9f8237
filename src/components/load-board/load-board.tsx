import React, { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { MERGED_SEARCH_MAX_PAGES, PAGE_SIZE } from '../../config/constants';
import { type BoardQuery, sameQuery } from '../../loads/board-query';
import { paginationState } from '../../loads/pagination';
import type { BoardState, KeptAges } from '../../loads/use-load-board';
import { BoardBeyond, BoardEmpty, BoardError, BoardSpinner } from './board-states';
import { Static } from '../islands';
import { LoadCardList, cardTexts, cardsRenderedFrom, refreshPostedAges } from './load-card';
import { Pagination } from './pagination';
import { SearchForm } from './search-form';
import { loadPlaces } from './place-search';
import { nameIn } from '../../places/place-names';
import { routeKmIn, type RouteDistances } from '../../loads/route-distance';
import type { Load, LoadList } from '../../api-client/types';
import { sameLoad } from '../../loads/same-list';
import type { PricePosition } from '../../loads/price-position';
import type { RangesFile } from '../../rates/ranges-file';

type RangesModule = typeof import('../../rates/ranges-file');
import * as styles from './load-board.module.css';

interface Props {
  language: Language;
  query: BoardQuery;
  state: BoardState;
  /** False while a different query than the one on screen is loading. */
  showsWanted: boolean;
  now: number;
  onQuery: (query: BoardQuery) => void;
  /** The URL of a board state, for links that work before the script runs. */
  hrefFor: (query: BoardQuery) => string;
  onRetry: () => void;
  placeIndexPath: string;
  /** The build's first page's place texts, named in the page's language. */
  placeNames: Readonly<Record<string, string>>;
  /** The routes' usual price ranges (src/gatsby/rates.ts), and the build's positions of its first page. */
  rangesPath?: string;
  initialPositions?: Readonly<Record<string, PricePosition>>;
  /** The loads the build rendered and positioned (its first page). */
  builtLoads: readonly Load[];
  /** The build's first page's road distances (src/places/distance.ts). */
  routeDistances: RouteDistances;
  /** Filled here while the cards are the build's HTML, for a refresh that only ages them (use-load-board.ts). */
  keptAgesRef?: KeptAges;
}

/**
 * Where each card's price sits against its route's usual range: the build's positions for the loads it
 * rendered, and, for a list holding any other load (or one of those changed since), the positions the
 * ranges file gives. The file and its code (a chunk of their own, some 9 KB gzip) are fetched only then,
 * after that list's first render: a board whose refresh brings the loads the build showed, most visits,
 * fetches neither.
 */
function usePricePositions(
  list: LoadList | null,
  rangesPath: string | undefined,
  initial: Readonly<Record<string, PricePosition>> | undefined,
  builtLoads: readonly Load[],
) {
  const built = useMemo(() => new Map(builtLoads.map((load) => [load.id, load])), [builtLoads]);
  const positionedByBuild =
    list === null ||
    list.loads.every((load) => {
      const shown = built.get(load.id);
      return shown !== undefined && sameLoad(shown, load);
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
    void Promise.all([import('../../rates/ranges-file'), json.catch(() => null)]).then(([module, content]) => {
      const file = module.rangesFileOf(content);
      if (!cancelled && file) startTransition(() => setRanges({ file, module }));
    });
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
 * first seen in a refreshed list is named and measured from the place index, fetched only when such a
 * place or route appears, and a place the site does not know is moved between Uzbek Latin and Cyrillic
 * as the build would (placeLabel). Until the index is there, the API's text stands and no distance shows.
 */
function usePlaceNames(
  list: LoadList | null,
  placeNames: Readonly<Record<string, string>>,
  routeDistances: RouteDistances,
  placeIndexPath: string,
) {
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
    void loadPlaces(placeIndexPath).then((loaded) => {
      // A transition: the cards may still be waiting to hydrate (see use-load-board.ts).
      if (!cancelled && loaded) startTransition(() => setPlaces(loaded));
    });
    return () => {
      cancelled = true;
    };
  }, [unnamed, places, placeIndexPath]);
  const placeName = useCallback(
    (text: string) => nameIn(placeNames, text) ?? (places ? places.module.placeNameFor(places.index, text) : text),
    [placeNames, places],
  );
  const routeKm = useCallback(
    (from: string, to: string) => {
      const built = routeKmIn(routeDistances, from, to);
      return built !== undefined ? built : places ? places.module.routeKmFor(places.index, from, to) : null;
    },
    [routeDistances, places],
  );
  return { placeName, routeKm };
}

/** Where focus goes once a new query is on screen. */
type FocusTarget = 'field' | 'heading';

/** What a page the list does not have says (a search merged over spellings tells; any list past its end). */
function beyondText(t: TFunction, list: LoadList, page: number): string | null {
  if (list.beyond === 'depth') return t('status.pastDepth', { count: MERGED_SEARCH_MAX_PAGES });
  if (list.beyond === 'end' || (list.loads.length === 0 && page > 1)) return t('status.pastEnd', { page });
  return null;
}

/** What the board's one live region says: the same words a sighted visitor reads above the list. */
export function boardStatusText(t: TFunction, state: BoardState, showsWanted: boolean, page: number): string {
  if (state.status === 'error') return '';
  if (state.status === 'loading' || !showsWanted || !state.list) return t('status.loading');
  const { total, totalBound } = state.list;
  const beyond = beyondText(t, state.list, page);
  if (beyond) return beyond;
  if (state.list.loads.length === 0) return t('status.empty');
  // A search merged over a place's spellings may not know yet how many loads two spellings share.
  const key = totalBound === 'atMost' ? 'status.foundAtMost' : totalBound === 'atLeast' ? 'status.foundAtLeast' : 'status.found';
  return t(key, { count: total, page, pages: paginationState(page, total, PAGE_SIZE).pages });
}

/**
 * Focuses `target`, and once more after the frame if something else (a router's focus handling)
 * dropped focus to the page in between.
 */
function focusAfterNavigation(target: HTMLElement | null): void {
  if (!target) return;
  target.focus();
  requestAnimationFrame(() => {
    const now = document.activeElement;
    if (now !== target && (!now || now === document.body || now.id === 'gatsby-focus-wrapper')) target.focus();
  });
}

export function LoadBoard({
  language,
  query,
  state,
  showsWanted,
  now,
  onQuery,
  hrefFor,
  onRetry,
  placeIndexPath,
  placeNames,
  rangesPath,
  initialPositions,
  builtLoads,
  routeDistances,
  keptAgesRef,
}: Props) {
  const { t } = useTranslation('loads');
  const texts = useMemo(() => cardTexts(t), [t]);
  const field = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);

  const go = (next: BoardQuery, focus: FocusTarget) => {
    // The same query again changes nothing on screen: no focus move should wait for a later change.
    pendingFocus.current = sameQuery(next, query) ? null : focus;
    onQuery(next);
  };
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target) focusAfterNavigation(target === 'field' ? field.current : heading.current);
  }, [query.page, query.search]);

  // The list on screen stays (busy) while the next one loads: its links and the pagination keep focus.
  const list = state.list;
  const { placeName, routeKm } = usePlaceNames(list, placeNames, routeDistances, placeIndexPath);
  const positions = usePricePositions(list, rangesPath, initialPositions, builtLoads);
  // Set while the cards are the build's HTML: their "posted … ago" follow the list's read time here,
  // from a new state or, for a refresh that only ages them, from use-load-board through `keptAgesRef`.
  const keptCards = useRef<HTMLDivElement>(null);
  // The read time the ages on screen count from: the build wrote them as of the board's first state.
  const agesFrom = useRef(now);
  useEffect(() => {
    const rewrite = (loadedAt: number) => {
      agesFrom.current = loadedAt;
      return keptCards.current !== null && (refreshPostedAges(keptCards.current, loadedAt, t), true);
    };
    if (keptAgesRef) keptAgesRef.current = rewrite;
    if (now !== agesFrom.current) rewrite(now);
  }, [now, t, keptAgesRef]);
  const busy = state.status === 'loading' || !showsWanted;
  const body = (() => {
    if (state.status === 'error') {
      // The panel and its button go away with the retry: focus goes back to the field first.
      const retry = () => {
        field.current?.focus();
        onRetry();
      };
      return <BoardError message={state.message} onRetry={retry} />;
    }
    if (!list) return <BoardSpinner />;
    const beyond = beyondText(t, list, showsWanted ? query.page : list.page);
    if (beyond)
      return (
        <BoardBeyond
          message={beyond}
          firstPageHref={hrefFor({ ...query, page: 1 })}
          onFirstPage={() => go({ ...query, page: 1 }, 'heading')}
        />
      );
    if (list.loads.length === 0) return <BoardEmpty searching={query.search !== ''} onClear={() => go({ page: 1, search: '' }, 'field')} />;
    const pagination = paginationState(showsWanted ? query.page : list.page, list.total, PAGE_SIZE);
    return (
      <>
        {/* The cards were most of the board's hydration, and most refreshes bring the loads the build
            showed: while they are those, the cards stay the build's HTML, never hydrated, and only their
            ages move (see the effect above). Other loads, a search or another page render them here. */}
        <Static renderedFrom={cardsRenderedFrom(list.loads, language, placeName, routeKm, positions)} keptRef={keptCards}>
          <LoadCardList
            loads={list.loads}
            now={now}
            language={language}
            t={t}
            texts={texts}
            placeName={placeName}
            routeKm={routeKm}
            positions={positions}
          />
        </Static>
        <Pagination
          state={pagination}
          hrefFor={(page) => hrefFor({ ...query, page })}
          onPage={(page) => go({ ...query, page }, 'heading')}
        />
      </>
    );
  })();
  return (
    <div className={styles.board}>
      <SearchForm
        value={query.search}
        onSearch={(search) => go({ page: 1, search }, 'field')}
        placeIndexPath={placeIndexPath}
        inputRef={field}
      />
      <div className={styles.resultsHead}>
        <h2 ref={heading} tabIndex={-1} className={styles.resultsHeading}>
          {t('results.heading')}
        </h2>
        {/* Present from the server's HTML on, so screen readers speak each change of its text. */}
        <p className={styles.count} role="status" aria-live="polite" aria-atomic="true">
          {boardStatusText(t, state, showsWanted, query.page)}
        </p>
      </div>
      <div className={styles.results} aria-busy={busy}>
        {body}
      </div>
    </div>
  );
}
