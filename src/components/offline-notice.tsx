import React from 'react';
import { OFFLINE_NOTICE_ATTRIBUTE } from '../offline/messages';
import * as styles from './offline-notice.module.css';

/**
 * Says that the phone has no connection and when the loads on screen were seen, in the page's
 * language. The board sets `text` from its own answer; on a city or route page, which the build
 * renders once and the browser does not render again, `text` is left out and the offline worker's
 * page script fills the notice (src/offline/register.ts) when the worker answered from its cache.
 */
export function OfflineNotice({ text }: { text?: string }) {
  const filledByWorker = text === undefined ? { [OFFLINE_NOTICE_ATTRIBUTE]: '' } : {};
  return (
    <p {...filledByWorker} className={styles.notice} role="status">
      {text}
    </p>
  );
}
