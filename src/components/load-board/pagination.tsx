import React from 'react';
import { useTranslation } from 'react-i18next';
import type { PaginationState } from '../../loads/pagination';
import * as styles from './load-board.module.css';

export function Pagination({ state, onPage }: { state: PaginationState; onPage: (page: number) => void }) {
  const { t } = useTranslation('loads');
  if (!state.visible) return null;
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <button type="button" className={styles.pageButton} disabled={!state.hasPrevious} onClick={() => onPage(state.page - 1)}>
        {t('pagination.previous')}
      </button>
      <span className={styles.pageStatus} aria-live="polite">
        {t('pagination.status', { pages: state.pages, page: state.page })}
      </span>
      <button type="button" className={styles.pageButton} disabled={!state.hasNext} onClick={() => onPage(state.page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
