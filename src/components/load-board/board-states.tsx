import React from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner';
import * as styles from './load-board.module.css';

/** Shown only when there is no list yet; the board's live region says "loading", so this is not one. */
export function BoardSpinner() {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.spinnerBox}>
      <Spinner />
      <span aria-hidden="true">{t('states.loading')}</span>
    </div>
  );
}

export function BoardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.panel} role="alert">
      <h2>{t('states.errorTitle')}</h2>
      {/* The API's (or the spec's) message, in English whatever the page language: read with an English voice. */}
      <p className={styles.errorMessage} lang="en">
        {message}
      </p>
      <button type="button" className={styles.button} onClick={onRetry}>
        {t('states.retry')}
      </button>
    </div>
  );
}

/** No loads: with a search, a button clears it; with filters, one clears them (focus goes to the field or the Filters button). */
export function BoardEmpty({
  searching = false,
  filtered = false,
  onClear,
}: {
  searching?: boolean;
  filtered?: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.panel}>
      <p>{filtered ? t('filters.empty') : t('states.empty')}</p>
      {searching || filtered ? (
        <button type="button" className={styles.button} onClick={onClear}>
          {filtered ? t('filters.clearFilters') : t('states.clearSearch')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * A page the list does not have: past its last page, or deeper than a search over a place's spellings
 * reads. Says so and links page 1 (a plain link, so it works before the script runs).
 */
export function BoardBeyond({ message, firstPageHref, onFirstPage }: { message: string; firstPageHref: string; onFirstPage: () => void }) {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.panel}>
      <p>{message}</p>
      <a
        className={styles.button}
        href={firstPageHref}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onFirstPage();
        }}
      >
        {t('states.firstPage')}
      </a>
    </div>
  );
}
