import React from 'react';
import { graphql } from 'gatsby';
import { PINNED_TEXT_LANG } from '../config/languages';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { LegalDocument } from '../components/legal-document';
import { AlertsPrivacy } from '../components/alerts-privacy';
import { contentPageHead } from '../head/define-head';

export default function PrivacyPage() {
  return (
    <ContentPage ns="privacy" lang={PINNED_TEXT_LANG} hydration="at-first-touch">
      <LegalDocument ns="privacy" />
      <AlertsPrivacy />
    </ContentPage>
  );
}

export const Head = contentPageHead({ ns: 'privacy', path: ROUTES.privacy });

export const query = graphql`
  query PrivacyPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "privacy", "alerts-privacy"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
