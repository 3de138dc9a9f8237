import React from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './header';
import { FooterPart } from './footer-part';
import { ErrorBoundary } from './error-boundary';
import { Island, PAGE_HYDRATION_ATTRIBUTE, Static, pageBlocks, pageHydration, type PageHydration } from './islands';
import { UnexpectedError } from './unexpected-error';
import { usePageLanguage } from '../i18n/runtime';
import * as styles from './layout.module.css';

/**
 * One element for every render: an update of the page (a value only the browser knows, set in a
 * transition) then passes the header nothing new, and React leaves its island waiting for the touch.
 * A new element would make React hydrate the island before it could commit the update, and a
 * transition waits for that: the update would wait for the first touch.
 */
const HEADER_ISLAND = (
  <Island when="touch">
    <Header />
  </Island>
);

/**
 * Every page's frame, and where the partial-hydration rule is applied (islands.tsx): the header is an
 * island that wakes at the visitor's first touch (its language selector remembers the choice, its links
 * navigate inside the page; before that they are plain links), the footer and every block of content
 * are static, except the blocks the page marked as islands. A page with nothing to do on arrival asks
 * to hydrate at the first touch (`hydration`), and does unless one of its blocks is a `now` island.
 */
export function Layout({ children, hydration = 'on-arrival' }: { children: React.ReactNode; hydration?: PageHydration }) {
  const { t } = useTranslation('common');
  const { language } = usePageLanguage();
  const hydrationAttribute = { [PAGE_HYDRATION_ATTRIBUTE]: pageHydration(hydration, children) };
  return (
    <>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      {HEADER_ISLAND}
      <main id="main" className={styles.main} {...hydrationAttribute}>
        <ErrorBoundary fallback={(error) => <UnexpectedError error={error} />}>{pageBlocks(children, language.code)}</ErrorBoundary>
      </main>
      <Static renderedFrom={language.code}>
        <FooterPart />
      </Static>
    </>
  );
}
