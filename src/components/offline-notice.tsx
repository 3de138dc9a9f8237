import React from 'react';
import { OFFLINE_NOTICE_ATTRIBUTE } from '../offline/messages';
import * as styles from './offline-notice.module.css';

/**
 * Says that the phone has no connection and when the loads on screen were seen, in the page's
 * language. On a city or route page, which the build renders once and the browser does not render
 * again, `text` is left out: the offline worker's page script fills the notice (src/offline/register.ts)
 * when the worker answered from its cache, and the notice is the live region that speaks it. The board
 * sets `text` from its own answer and speaks it in its one live region (`live` false).
 */
export function OfflineNotice({ text, live = true }: { text?: string; live?: boolean }) {
  const filledByWorker = text === undefined ? { [OFFLINE_NOTICE_ATTRIBUTE]: '' } : {};
  return (
    <p {...filledByWorker} className={styles.notice} role={live ? 'status' : undefined}>
      {text}
    </p>
  );
}
