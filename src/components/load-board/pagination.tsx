import React from 'react';
import { useTranslation } from 'react-i18next';
import type { PaginationState } from '../../loads/pagination';
import * as styles from './load-board.module.css';

interface Props {
  state: PaginationState;
  /** The URL of a page of the list, so previous and next work as plain links before the script runs. */
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
}

export function Pagination({ state, hrefFor, onPage }: Props) {
  const { t } = useTranslation('loads');
  if (!state.visible) return null;
  const step = (page: number, enabled: boolean, label: string) =>
    enabled ? (
      <a
        className={styles.pageButton}
        href={hrefFor(page)}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onPage(page);
        }}
      >
        {label}
      </a>
    ) : (
      // A link with nowhere to go: announced as a disabled link, not focusable. No href is the point of
      // the ARIA disabled-link pattern, which this rule does not know.
      // eslint-disable-next-line jsx-a11y/anchor-is-valid
      <a className={styles.pageButton} role="link" aria-disabled="true">
        {label}
      </a>
    );
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      {step(state.page - 1, state.hasPrevious, t('pagination.previous'))}
      {/* Not a live region: the board's status line speaks the page (one polite region per page). */}
      <span className={styles.pageStatus}>{t('pagination.status', { pages: state.pages, page: state.page })}</span>
      {step(state.page + 1, state.hasNext, t('pagination.next'))}
    </nav>
  );
}
