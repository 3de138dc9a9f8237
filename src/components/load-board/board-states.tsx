import React from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner';
import * as styles from './load-board.module.css';

export function BoardSpinner() {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.spinnerBox} role="status">
      <Spinner />
      <span>{t('states.loading')}</span>
    </div>
  );
}

export function BoardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.panel} role="alert">
      <h2>{t('states.errorTitle')}</h2>
      <p className={styles.errorMessage}>{message}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        {t('states.retry')}
      </button>
    </div>
  );
}

export function BoardEmpty({ searching, onClear }: { searching: boolean; onClear: () => void }) {
  const { t } = useTranslation('loads');
  return (
    <div className={styles.panel}>
      <p>{t('states.empty')}</p>
      {searching ? (
        <button type="button" className={styles.button} onClick={onClear}>
          {t('states.clearSearch')}
        </button>
      ) : null}
    </div>
  );
}
