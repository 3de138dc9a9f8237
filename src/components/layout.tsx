import React from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './header';
import { Footer } from './footer';
import { ErrorBoundary } from './error-boundary';
import { Island, Static, pageBlocks } from './islands';
import { UnexpectedError } from './unexpected-error';
import { usePageLanguage } from '../i18n/runtime';
import * as styles from './layout.module.css';

/**
 * Every page's frame, and where the partial-hydration rule is applied (islands.tsx): the header is an
 * island that wakes at the visitor's first touch (its language selector remembers the choice, its links
 * navigate inside the page; before that they are plain links), the footer and every block of content
 * are static, except the blocks the page marked as islands.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('common');
  const { language } = usePageLanguage();
  return (
    <>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <Island when="touch">
        <Header />
      </Island>
      <main id="main" className={styles.main}>
        <ErrorBoundary fallback={(error) => <UnexpectedError error={error} />}>{pageBlocks(children, language.code)}</ErrorBoundary>
      </main>
      <Static renderedFrom={language.code}>
        <Footer />
      </Static>
    </>
  );
}
