import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../config/languages';
import { PAGE_SIZE } from '../../config/constants';
import type { BoardQuery } from '../../loads/board-query';
import { paginationState } from '../../loads/pagination';
import { postedAge } from '../../loads/format';
import type { BoardState } from '../../loads/use-load-board';
import { BoardEmpty, BoardError, BoardSpinner } from './board-states';
import { HydrateLater } from '../hydrate-later';
import { LoadCard, cardTexts } from './load-card';
import { Pagination } from './pagination';
import { SearchForm } from './search-form';
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
}

export function LoadBoard({ language, query, state, showsWanted, now, onQuery, hrefFor, onRetry }: Props) {
  const { t } = useTranslation('loads');
  const texts = useMemo(() => cardTexts(t), [t]);
  const list = showsWanted ? state.list : null;
  const body = (() => {
    if (state.status === 'error') return <BoardError message={state.message} onRetry={onRetry} />;
    if (!list) return <BoardSpinner />;
    if (list.loads.length === 0) return <BoardEmpty searching={query.search !== ''} onClear={() => onQuery({ page: 1, search: '' })} />;
    const pagination = paginationState(query.page, list.total, PAGE_SIZE);
    return (
      <>
        <p className={styles.count}>{t('list.total', { count: list.total })}</p>
        {/* The cards are most of the board's hydration: in a task of their own, after the rest of it. */}
        <HydrateLater>
          <ul className={styles.list} aria-busy={state.status === 'loading'}>
            {list.loads.map((load) => (
              <LoadCard key={load.id} load={load} language={language} age={postedAge(load.createdAt, now)} t={t} texts={texts} />
            ))}
          </ul>
        </HydrateLater>
        <Pagination state={pagination} hrefFor={(page) => hrefFor({ ...query, page })} onPage={(page) => onQuery({ ...query, page })} />
      </>
    );
  })();
  return (
    <div className={styles.board}>
      <SearchForm value={query.search} onSearch={(search) => onQuery({ page: 1, search })} />
      {body}
    </div>
  );
}
