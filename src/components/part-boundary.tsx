import React from 'react';
import { useTranslation } from 'react-i18next';
import { boardFailure } from '../board/failure';
import { ErrorBoundary } from './error-boundary';
import * as styles from './part-boundary.module.css';

/** One line in the page's language where a part could not be shown: the phone is offline, or the part failed. */
function PartFailed({ error }: { error: Error }) {
  const { t } = useTranslation('common');
  // The console has the error itself (error-boundary.tsx).
  const offline = boardFailure(error, '').kind === 'offline';
  return <p className={styles.failed}>{offline ? t('errors.partOffline') : t('errors.partFailed')}</p>;
}

/**
 * Around each part of a page that runs on its own (an island, a part fetched on a tap): when it throws,
 * or its code cannot be fetched (offline, after a deploy), the part gives way to one line in the page's
 * language and the rest of the page stays as it was. Gatsby's English error page, which replaces the whole
 * page, is never what a tap leads to. When the network is back, the part is tried again.
 */
export function PartBoundary({ children, onCaught }: { children: React.ReactNode; onCaught?: () => void }) {
  return (
    <ErrorBoundary fallback={(error) => <PartFailed error={error} />} onCaught={onCaught} retryWhenOnline>
      {children}
    </ErrorBoundary>
  );
}
