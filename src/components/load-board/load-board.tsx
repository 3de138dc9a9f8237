import React, { useEffect, useRef, type MutableRefObject, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { PAGE_SIZE } from '../../config/constants';
import { isFiltered, queryKey, sameQuery, type BoardQuery } from '../../search/query';
import { withoutFilters } from '../../search/chips';
import { paginationState } from '../../loads/pagination';
import type { BoardState } from '../../board/hooks/use-load-board';
import type { ListBoard } from '../../board/hooks/use-list-board';
import type { BoardList } from '../../board/list-types';
import type { LoadList } from '../../api-client/types';
import { BoardSpinner } from './board-spinner';
import { Static } from '../islands';
import { cardsRenderedFrom, refreshPostedAges } from './built-cards';
import { BoardCards } from './board-cards';
import { BoardBeyond, BoardEmpty, BoardError, FreshnessLine, preloadStatesOnFirstTouch } from './lazy-parts';
import { NotOpenedLine } from './not-opened-line';
import { RESULTS_HEADING_ID } from './results-heading';
import { Pagination } from './pagination';
import { SearchForm } from './search-form';
import { FilterBar, type FilterBarProps } from './filter-bar';
import { OfflineNotice } from '../offline-notice';
import { builtTime } from '../../loads/built-time';
import { ROUTES } from '../../config/routes';
import { localizedPath } from '../../i18n/paths';
import * as styles from './load-board.module.css';

type Props = Omit<ListBoard, 'retry' | 'suggest' | 'warmSuggestions' | 'trip' | 'builtCardAgesRef'> &
  Partial<Pick<ListBoard, 'builtCardAgesRef'>> & {
    language: Language;
    /** What "posted … ago" counts from: when the list on screen was read. */
    now: number;
    onRetry: () => void;
    /** The search field's suggestions; without them the page has no search field (city and route pages). */
    search?: Pick<ListBoard, 'suggest' | 'warmSuggestions' | 'trip'>;
    /** A city or route page's plain "keep this search" (keep-as-is.tsx), which its template passes. */
    KeepAsIs?: FilterBarProps['KeepAsIs'];
  };

/** Where focus goes once a new query is on screen: the field, the results heading, the Filters button, or back where it was. */
type FocusTarget = 'field' | 'heading' | 'toggle' | HTMLElement;

/** Asks for another query, and says where focus goes once it is on screen. */
type Go = (next: BoardQuery, focus: FocusTarget) => void;

/** What a page the list does not have says: any list past its end. */
function beyondText(t: TFunction, list: LoadList, page: number): string | null {
  if (list.beyond === 'end' || (list.loads.length === 0 && page > 1)) return t('status.pastEnd', { page });
  return null;
}

/**
 * Whether the list on screen stays under what the board says of its state: a failed refresh of the
 * query on screen never takes its loads away; only a search or page with nothing to show is the error
 * panel alone.
 */
function keepsList(state: BoardState, showsWanted: boolean): boolean {
  return state.status !== 'loading' && showsWanted && state.list !== null && state.list.loads.length > 0;
}

/**
 * A query that could not be loaded because the phone is offline or a file of the list did not come: the
 * list that was on screen stays (the previous query's), under a line or a panel that says so.
 */
function keepsPreviousList(state: BoardState, showsWanted: boolean): boolean {
  return (
    state.status === 'error' &&
    !keepsList(state, showsWanted) &&
    (state.failure.kind === 'offline' || state.failure.kind === 'file') &&
    state.list !== null &&
    state.list.loads.length > 0
  );
}

/**
 * The notice above a list the network did not bring: the phone is offline (the loads last seen, and
 * when), the API is slow (the copy the offline worker kept), or a new list could not be opened offline
 * (the list that was there stays). Announced once: the text stays the same while the board tries again.
 */
function noticeText(t: TFunction, state: BoardState, showsWanted: boolean): string {
  const seen = builtTime(state.loadedAt);
  if (!seen) return '';
  const when = { date: seen.date, time: seen.time };
  if (keepsList(state, showsWanted)) {
    if (state.offline) return t('common:offline.notice', when);
    if (state.slow) return t('common:offline.slow', when);
  }
  return state.offline && keepsPreviousList(state, showsWanted) ? t('states.keptOffline', when) : '';
}

/** What the board's one live region says: the same words a sighted visitor reads above the list. */
export function boardStatusText(t: TFunction, state: BoardState, showsWanted: boolean, page: number): string {
  if (state.status === 'error' && !keepsList(state, showsWanted)) return '';
  if (state.status === 'loading' || !showsWanted || !state.list) return t('status.loading');
  const { total, totalBound } = state.list;
  const beyond = beyondText(t, state.list, page);
  if (beyond) return beyond;
  if (state.list.loads.length === 0) return t('status.empty');
  // A list worked out on the phone may not have read every load posted since the build.
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

/** The board's focus targets, and `go`, which asks for a query and moves focus once it is on screen. */
function useQueryFocus(query: BoardQuery, onQuery: (next: BoardQuery) => void, notOpened: BoardQuery | null) {
  const field = useRef<HTMLInputElement>(null);
  // A search that did not open offline leaves the field on the search on screen (a line says it did not open).
  useEffect(() => {
    if (notOpened && field.current) field.current.value = query.search;
    // Only when a list did not open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notOpened]);
  const heading = useRef<HTMLHeadingElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const go: Go = (next, focus) => {
    // The same query again changes nothing on screen: no focus move should wait for a later change.
    pendingFocus.current = sameQuery(next, query) ? null : focus;
    onQuery(next);
  };
  const key = queryKey(query);
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (!target) return;
    const element =
      target === 'field'
        ? (field.current ?? heading.current)
        : target === 'heading'
          ? heading.current
          : target === 'toggle'
            ? toggle.current
            : target;
    focusAfterNavigation(element);
  }, [key]);
  return { field, heading, toggle, go };
}

/**
 * Set while the cards are the build's HTML: their "posted … ago" follow the list's read time here,
 * from a new state or, for a refresh that only ages them, from use-load-board through `builtCardAgesRef`.
 */
function useBuiltCardAges(now: number, t: TFunction, builtCardAgesRef: Props['builtCardAgesRef']): RefObject<HTMLDivElement> {
  const builtCards = useRef<HTMLDivElement>(null);
  // The read time the ages on screen count from: the build wrote them as of the board's first state.
  const agesFrom = useRef(now);
  useEffect(() => {
    const rewrite = (loadedAt: number) => {
      agesFrom.current = loadedAt;
      return builtCards.current !== null && (refreshPostedAges(builtCards.current, loadedAt, t), true);
    };
    if (builtCardAgesRef) builtCardAgesRef.current = rewrite;
    if (now !== agesFrom.current) rewrite(now);
  }, [now, t, builtCardAgesRef]);
  return builtCards;
}

interface ListViewProps {
  list: BoardList;
  builtPages: number;
  page: number;
  query: BoardQuery;
  language: Language;
  now: number;
  extras: ListBoard['extras'];
  hrefFor: ListBoard['hrefFor'];
  go: Go;
  builtCards: RefObject<HTMLDivElement>;
}

function ListView({ list, page, query, language, now, extras, hrefFor, go, builtCards, builtPages }: ListViewProps) {
  const { t } = useTranslation('loads');
  const pagination = paginationState(page, list.total, PAGE_SIZE);
  return (
    <>
      {/* The cards were most of the board's hydration, and most refreshes bring the loads the build
          showed: while they are those, the cards stay the build's HTML, never hydrated, and only their
          ages move (useBuiltCardAges). Other loads, a search or another page render them here. */}
      <Static renderedFrom={cardsRenderedFrom(list.loads, language, extras)} htmlRef={builtCards}>
        <BoardCards loads={list.loads} now={now} language={language} t={t} {...extras} />
      </Static>
      <Pagination
        state={pagination}
        hrefFor={(number) => hrefFor({ ...query, page: number })}
        onPage={(number) => go({ ...query, page: number }, 'heading')}
        builtPages={builtPages}
        placesHref={localizedPath(ROUTES.places, language)}
      />
    </>
  );
}

interface BodyProps extends Omit<ListViewProps, 'list' | 'page'> {
  state: BoardState;
  showsWanted: boolean;
  onRetry: () => void;
  field: MutableRefObject<HTMLInputElement | null>;
}

/** What the board shows under its heading: the list, a panel for an error, an empty or a past-the-end list, or a spinner. */
function BoardBody({ state, showsWanted, onRetry, field, ...view }: BodyProps) {
  const { t } = useTranslation('loads');
  // The states' code (this body's panels) ahead of their need.
  useEffect(() => preloadStatesOnFirstTouch(), []);
  const { query, go, hrefFor } = view;
  const list = state.list;
  const listView = (shown: BoardList) => <ListView list={shown} page={showsWanted ? query.page : shown.page} {...view} />;
  if (state.status === 'error') {
    // The panel and its button go away with the retry: focus goes back to the field first.
    const retry = () => {
      field.current?.focus();
      onRetry();
    };
    // Offline, the notice says it all, above the list that was there (this query's, or the one before
    // it when this one could not be opened); a file that did not come or an error answer gets its panel.
    if (list && state.offline && (keepsList(state, showsWanted) || keepsPreviousList(state, showsWanted))) return listView(list);
    if (!list || !(keepsList(state, showsWanted) || keepsPreviousList(state, showsWanted)))
      return <BoardError.Part failure={state.failure} onRetry={retry} />;
    const seen = builtTime(state.loadedAt);
    return (
      <>
        <BoardError.Part failure={state.failure} onRetry={retry} />
        {seen ? <p className={styles.seenAt}>{t('states.listSeenAt', { date: seen.date, time: seen.time })}</p> : null}
        {listView(list)}
      </>
    );
  }
  if (!list) return <BoardSpinner />;
  const beyond = beyondText(t, list, showsWanted ? query.page : list.page);
  if (beyond)
    return (
      <BoardBeyond.Part
        message={beyond}
        firstPageHref={hrefFor({ ...query, page: 1 })}
        onFirstPage={() => go({ ...query, page: 1 }, 'heading')}
      />
    );
  if (list.loads.length === 0) {
    if (isFiltered(query)) return <BoardEmpty.Part filtered onClear={() => go(withoutFilters(query), 'toggle')} />;
    return <BoardEmpty.Part searching={query.search !== ''} onClear={() => go({ ...query, page: 1, search: '' }, 'field')} />;
  }
  return listView(list);
}

interface ResultsHeadProps {
  heading: RefObject<HTMLHeadingElement>;
  state: BoardState;
  showsWanted: boolean;
  page: number;
  offlineText: string;
}

function ResultsHead({ heading, state, showsWanted, page, offlineText }: ResultsHeadProps) {
  const { t } = useTranslation('loads');
  const list = state.list;
  return (
    <div className={styles.resultsHead}>
      <h2 ref={heading} id={RESULTS_HEADING_ID} tabIndex={-1} className={styles.resultsHeading}>
        {t('results.heading')}
      </h2>
      {/* Present from the server's HTML on, so screen readers speak each change of its text: going
          offline, the notice below once, before what the list holds. */}
      <p className={styles.count} role="status" aria-live="polite" aria-atomic="true">
        {offlineText ? <span className="visually-hidden">{offlineText} </span> : null}
        {boardStatusText(t, state, showsWanted, page)}
      </p>
      {/* Only a filtered list says how fresh it is: its words come with the filters' extras. */}
      {showsWanted && list?.freshness ? <FreshnessLine.Part freshness={list.freshness} /> : null}
    </div>
  );
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
  extras,
  search,
  builtCardAgesRef,
  vehicleTypes,
  facets,
  keeping,
  builtPages,
  notOpened,
  KeepAsIs,
}: Props) {
  const { t } = useTranslation('loads');
  const unopened = notOpened ? notOpened.query : null;
  const { field, heading, toggle, go } = useQueryFocus(query, onQuery, unopened);
  const builtCards = useBuiltCardAges(now, t, builtCardAgesRef);
  const offlineText = noticeText(t, state, showsWanted);
  // The list on screen stays (busy, keeping focus) while the next one loads; a failed query leaves it, not busy.
  const busy = state.status === 'loading' || (!showsWanted && state.status !== 'error');
  return (
    <div className={styles.board}>
      {search ? (
        <SearchForm
          value={query.search}
          onSearch={(text) => go({ ...query, page: 1, search: text }, 'field')}
          {...search}
          inputRef={field}
        />
      ) : null}
      <FilterBar
        language={language}
        query={query}
        vehicleTypes={vehicleTypes}
        facets={facets}
        searchChip={!search}
        toggleRef={toggle}
        keeping={keeping}
        KeepAsIs={KeepAsIs}
        notOpened={unopened}
        found={state.status === 'ready' && showsWanted ? state.list : null}
        onQuery={(next, focus) => {
          const active = document.activeElement;
          go(next, focus === 'toggle' ? 'toggle' : active instanceof HTMLElement ? active : 'toggle');
        }}
      />
      <ResultsHead
        heading={heading}
        state={state}
        showsWanted={showsWanted}
        page={query.page}
        offlineText={notOpened ? t(notOpened.silent ? 'states.notOpenedSilent' : 'states.notOpened') : offlineText}
      />
      <OfflineNotice text={offlineText} live={false} />
      {notOpened ? <NotOpenedLine retry={notOpened.retry} silent={notOpened.silent} /> : null}
      <div className={styles.results} aria-busy={busy}>
        <BoardBody
          state={state}
          showsWanted={showsWanted}
          onRetry={onRetry}
          field={field}
          query={query}
          language={language}
          now={now}
          extras={extras}
          hrefFor={hrefFor}
          go={go}
          builtCards={builtCards}
          builtPages={builtPages}
        />
      </div>
    </div>
  );
}
