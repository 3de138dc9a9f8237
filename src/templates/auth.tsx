import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { useClientValue } from '../components/use-client-value';
import { ContentPage } from '../components/content-page';
import { HandoffLinks } from '../components/handoff-links';
import { Island, Static } from '../components/islands';
import { authDeepLink, readToken } from '../handoff/deep-link';
import { contentPageHead } from '../head/define-head';
import * as styles from '../components/handoff-links.module.css';

/**
 * The open-in-app link: the token is only in the browser's URL, never in the pre-built HTML, so until it
 * is read (undefined) the slot says nothing, rather than flash "no token" before the link (WCAG 3.2.2).
 */
function OpenInApp() {
  const { t } = useTranslation('auth');
  const token = useClientValue<string | null | undefined>(() => readToken(window.location.search), undefined);
  return (
    <p className={styles.tokenSlot}>
      {token ? (
        <a className={styles.primary} href={authDeepLink(token)}>
          {t('openApp')}
        </a>
      ) : token === null ? (
        t('noToken')
      ) : null}
    </p>
  );
}

/** Opens the app with the sign-in token from the query; the store links serve visitors without the app. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  return (
    <ContentPage ns="auth">
      <Island when="now">
        <section className={`container ${styles.section}`}>
          <OpenInApp />
          <Static>
            <h2>{t('noApp')}</h2>
            <HandoffLinks />
          </Static>
        </section>
      </Island>
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
