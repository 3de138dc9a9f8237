import React from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './header';
import { Footer } from './footer';
import { ErrorBoundary } from './error-boundary';
import { HydrateLater } from './hydrate-later';
import { UnexpectedError } from './unexpected-error';
import * as styles from './layout.module.css';

/**
 * The header, each top-level block of the content, then the footer hydrate in a task each (see
 * HydrateLater), the header first, a few milliseconds after the page shell. A block is an element with
 * one root element; fragments and text hydrate with the shell.
 */
function inParts(children: React.ReactNode): React.ReactNode {
  return React.Children.map(children, (child) =>
    React.isValidElement(child) && child.type !== React.Fragment ? <HydrateLater>{child}</HydrateLater> : child,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <HydrateLater>
        <Header />
      </HydrateLater>
      <main id="main" className={styles.main}>
        <ErrorBoundary fallback={(error) => <UnexpectedError error={error} />}>{inParts(children)}</ErrorBoundary>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </>
  );
}
