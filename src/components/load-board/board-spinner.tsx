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
