import React from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BoardFailure } from '../../board/failure';
import * as styles from './load-board.module.css';

/*
 * The panels of a list that is not there: an error, nothing found, a page past the end. A chunk of its
 * own (lazy-parts.tsx), fetched when one is first shown, never with the page's first script; the offline
 * worker keeps it with the page.
 */

/** Why the list is not there, in the page's language. */
function failureText(t: TFunction, failure: BoardFailure): string {
  if (failure.kind === 'offline') return t('states.offline');
  if (failure.kind === 'file') return t('states.fileFailed');
  if (failure.kind === 'answer') return t('states.answered');
  if (failure.kind === 'unreadable') return t('states.unreadable');
  return t('states.unknown');
}

/**
 * The error panel: why, in the page's language, and for an error answer of the API its status and
 * body (SPEC.md section 8), never a URL.
 */
export function BoardError({ failure, onRetry }: { failure: BoardFailure; onRetry: () => void }) {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.panel} role="alert">
      <h2>{t('states.errorTitle')}</h2>
      <p>{failureText(t, failure)}</p>
      {/* The API's own words, in English whatever the page language: read with an English voice. */}
      {failure.kind === 'answer' ? (
        <p className={styles.errorMessage} lang="en">
          {failure.detail}
        </p>
      ) : null}
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
