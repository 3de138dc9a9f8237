import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NETWORK_PROBE_MS } from '../config/constants';
import { boardFailure } from '../board/failure';
import { ErrorBoundary } from './error-boundary';
import * as styles from './part-boundary.module.css';

/**
 * One line in the page's language where a part could not be shown (the phone is offline, or the part
 * failed), with a way to try again. Offline it is also tried again when the browser says "online" and every
 * NETWORK_PROBE_MS, as the board's list is: the line promises it opens by itself, and a browser may never
 * say "online" (Chromium in a page the offline worker served).
 */
function PartFailed({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation('common');
  // The console has the error itself (error-boundary.tsx).
  const offline = boardFailure(error, '').kind === 'offline';
  // Where focus was when the part failed (the control that asked for it): a tap on retry puts it back there,
  // since the button goes with the line.
  const askedBy = useRef(typeof document === 'undefined' ? null : document.activeElement);
  const tryAgain = () => {
    const back = askedBy.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    retry();
  };
  useEffect(() => {
    if (!offline) return undefined;
    const probe = setTimeout(retry, NETWORK_PROBE_MS);
    addEventListener('online', retry);
    return () => (clearTimeout(probe), removeEventListener('online', retry));
  }, [offline, retry]);
  return (
    <p className={styles.failed}>
      {offline ? t('errors.partOffline') : t('errors.partFailed')}{' '}
      <button type="button" className={styles.retry} onClick={tryAgain}>
        {t('errors.partRetry')}
      </button>
    </p>
  );
}

/**
 * Around each part of a page that runs on its own (an island, a part fetched on a tap): when it throws,
 * or its code cannot be fetched (offline, after a deploy), the part gives way to one line in the page's
 * language and the rest of the page stays as it was. Gatsby's English error page, which replaces the whole
 * page, is never what a tap leads to. When the network is back, the part is tried again, and at a tap on
 * the line's retry.
 */
export function PartBoundary({ children, onCaught }: { children: React.ReactNode; onCaught?: () => void }) {
  return (
    <ErrorBoundary fallback={(error, retry) => <PartFailed error={error} retry={retry} />} onCaught={onCaught}>
      {children}
    </ErrorBoundary>
  );
}
