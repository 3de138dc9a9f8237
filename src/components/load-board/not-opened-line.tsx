import React from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './load-board.module.css';

/**
 * A list asked for offline, or on a network that answered nothing (`silent`), that did not open: the one on
 * screen stays, and a tap asks again. In the board's first script (a few hundred bytes), not with the other
 * states' chunk: a network that went silent before the visitor's first touch would hold that chunk too, and
 * then nothing but the status line would say why the tap did nothing.
 */
export function NotOpenedLine({ retry, silent }: { retry: () => void; silent: boolean }) {
  const { t } = useTranslation('loads');
  return (
    <p className={styles.notOpened}>
      {t(silent ? 'states.notOpenedSilent' : 'states.notOpened')}{' '}
      <button type="button" className={styles.button} onClick={retry}>
        {t('states.retry')}
      </button>
    </p>
  );
}
