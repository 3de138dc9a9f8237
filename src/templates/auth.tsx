import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { useClientValue } from '../components/use-client-value';
import { ContentPage } from '../components/content-page';
import { HandoffLinks } from '../components/handoff-links';
import { authDeepLink, readToken } from '../handoff/deep-link';
import { contentPageHead } from '../head/define-head';
import * as styles from '../components/handoff-links.module.css';

/** Opens the app with the sign-in token from the query; the store links serve visitors without the app. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  // The token is only in the browser's URL, never in the pre-built HTML: until it is read (undefined)
  // the page says nothing about it, rather than flash "no token" before the link (WCAG 3.2.2).
  const token = useClientValue<string | null | undefined>(() => readToken(window.location.search), undefined);
  return (
    <ContentPage ns="auth">
      <section className={`container ${styles.section}`}>
        <p className={styles.tokenSlot}>
          {token ? (
            <a className={styles.primary} href={authDeepLink(token)}>
              {t('openApp')}
            </a>
          ) : token === null ? (
            t('noToken')
          ) : null}
        </p>
        <h2>{t('noApp')}</h2>
        <HandoffLinks />
      </section>
    </ContentPage>
  );
}

export const Head = contentPageHead({ ns: 'auth', path: ROUTES.auth, kind: 'handoff' });

export const query = graphql`
  query AuthPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "auth", "handoff"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
