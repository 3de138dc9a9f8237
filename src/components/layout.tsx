import React from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './header';
import { Footer } from './footer';
import { ErrorBoundary } from './error-boundary';
import { UnexpectedError } from './unexpected-error';
import * as styles from './layout.module.css';

export function Layout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main}>
        <ErrorBoundary fallback={(error) => <UnexpectedError error={error} />}>{children}</ErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
