import React, { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import { MERGED_SEARCH_MAX_PAGES, PAGE_SIZE } from '../../config/constants';
import { type BoardQuery, sameQuery } from '../../board/query';
import { paginationState } from '../../loads/pagination';
import type { BoardState } from '../../board/use-load-board';
import type { LiveBoard } from '../../board/live-board';
import type { LoadList } from '../../api-client/types';
import { BoardBeyond, BoardEmpty, BoardError, BoardSpinner } from './board-states';
import { Static } from '../islands';
import { LoadCardList, cardTexts, cardsRenderedFrom, refreshPostedAges } from './load-card';
import { Pagination } from './pagination';
import { SearchForm } from './search-form';
import { OfflineNotice } from '../offline-notice';
import { builtTime } from '../../loads/built-time';
import * as styles from './load-board.module.css';

type Props = Omit<LiveBoard, 'retry'> & {
  language: Language;
  /** What "posted … ago" counts from: when the list on screen was read. */
  now: number;
  onRetry: () => void;
};

/** Where focus goes once a new query is on screen. */
type FocusTarget = 'field' | 'heading';

/** What a page the list does not have says (a search merged over spellings tells; any list past its end). */
function beyondText(t: TFunction, list: LoadList, page: number): string | null {
  if (list.beyond === 'depth') return t('status.pastDepth', { count: MERGED_SEARCH_MAX_PAGES });
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

/** What the board's one live region says: the same words a sighted visitor reads above the list. */
export function boardStatusText(t: TFunction, state: BoardState, showsWanted: boolean, page: number): string {
  if (state.status === 'error' && !keepsList(state, showsWanted)) return '';
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
  extras,
  suggest,
  warmSuggestions,
  builtCardAgesRef,
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
  // Set while the cards are the build's HTML: their "posted … ago" follow the list's read time here,
  // from a new state or, for a refresh that only ages them, from use-load-board through `builtCardAgesRef`.
  const builtCards = useRef<HTMLDivElement>(null);
  // The read time the ages on screen count from: the build wrote them as of the board's first state.
  const agesFrom = useRef(now);
  useEffect(() => {
    const rewrite = (loadedAt: number) => {
      agesFrom.current = loadedAt;
      return builtCards.current !== null && (refreshPostedAges(builtCards.current, loadedAt, t), true);
    };
    builtCardAgesRef.current = rewrite;
    if (now !== agesFrom.current) rewrite(now);
  }, [now, t, builtCardAgesRef]);
  const busy = state.status === 'loading' || !showsWanted;
  const keptList = keepsList(state, showsWanted);
  const seen = builtTime(state.loadedAt);
  // Offline: the loads last seen, and when they were seen (announced once: the text stays the same
  // while the board tries the network again).
  const offlineText = state.offline && keptList && seen ? t('common:offline.notice', { date: seen.date, time: seen.time }) : '';
  const body = (() => {
    if (state.status === 'error') {
      // The panel and its button go away with the retry: focus goes back to the field first.
      const retry = () => {
        field.current?.focus();
        onRetry();
      };
      if (!list || !keptList) return <BoardError message={state.message} onRetry={retry} />;
      // Offline, the notice says it all; an error answer gets its panel, above the last good list.
      if (state.offline) return listView(list);
      return (
        <>
          <BoardError message={state.message} onRetry={retry} />
          {seen ? <p className={styles.seenAt}>{t('states.listSeenAt', { date: seen.date, time: seen.time })}</p> : null}
          {listView(list)}
        </>
      );
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
    return listView(list);
  })();

  function listView(list: LoadList) {
    const pagination = paginationState(showsWanted ? query.page : list.page, list.total, PAGE_SIZE);
    return (
      <>
        {/* The cards were most of the board's hydration, and most refreshes bring the loads the build
            showed: while they are those, the cards stay the build's HTML, never hydrated, and only their
            ages move (see the effect above). Other loads, a search or another page render them here. */}
        <Static renderedFrom={cardsRenderedFrom(list.loads, language, extras)} htmlRef={builtCards}>
          <LoadCardList loads={list.loads} now={now} language={language} t={t} texts={texts} {...extras} />
        </Static>
        <Pagination
          state={pagination}
          hrefFor={(page) => hrefFor({ ...query, page })}
          onPage={(page) => go({ ...query, page }, 'heading')}
        />
      </>
    );
  }

  return (
    <div className={styles.board}>
      <SearchForm
        value={query.search}
        onSearch={(search) => go({ page: 1, search }, 'field')}
        suggest={suggest}
        warmSuggestions={warmSuggestions}
        inputRef={field}
      />
      <div className={styles.resultsHead}>
        <h2 ref={heading} tabIndex={-1} className={styles.resultsHeading}>
          {t('results.heading')}
        </h2>
        {/* Present from the server's HTML on, so screen readers speak each change of its text: going
            offline, the notice below once, before what the list holds. */}
        <p className={styles.count} role="status" aria-live="polite" aria-atomic="true">
          {offlineText ? <span className="visually-hidden">{offlineText} </span> : null}
          {boardStatusText(t, state, showsWanted, query.page)}
        </p>
      </div>
      <OfflineNotice text={offlineText} live={false} />
      <div className={styles.results} aria-busy={busy}>
        {body}
      </div>
    </div>
  );
}
