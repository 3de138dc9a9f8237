import React from 'react';
import { useTranslation } from 'react-i18next';
import { OFFLINE_LIST_PAGE_ATTRIBUTE, OFFLINE_NOTICE_ATTRIBUTE, OFFLINE_TEXT_ATTRIBUTES } from '../offline/messages';
import * as styles from './offline-notice.module.css';

/**
 * Says that the phone has no connection (or that the server is slow to answer) and when the loads on
 * screen were seen, in the page's language. On a city or route page, which the build renders once and the browser does not render
 * again, `text` is left out: the offline worker's page script fills the notice (src/offline/register.ts)
 * when the worker answered from its cache, and the notice is the live region that speaks it. The board
 * sets `text` from its own answer and speaks it in its one live region (`live` false).
 */
export function OfflineNotice({ text, live = true }: { text?: string; live?: boolean }) {
  const { t } = useTranslation('common');
  const texts = {
    [OFFLINE_LIST_PAGE_ATTRIBUTE]: '',
    [OFFLINE_TEXT_ATTRIBUTES.update]: t('offline.update'),
    [OFFLINE_TEXT_ATTRIBUTES.reload]: t('offline.reload'),
    ...(text === undefined
      ? {
          [OFFLINE_NOTICE_ATTRIBUTE]: '',
          [OFFLINE_TEXT_ATTRIBUTES.notice]: t('offline.notice', { date: '{date}', time: '{time}' }),
          [OFFLINE_TEXT_ATTRIBUTES.slow]: t('offline.slow', { date: '{date}', time: '{time}' }),
        }
      : {}),
  };
  return (
    <p {...texts} className={live ? styles.notice : `${styles.notice} ${styles.quiet}`} role={live ? 'status' : undefined}>
      {text}
    </p>
  );
}
