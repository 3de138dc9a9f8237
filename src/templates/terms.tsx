import React from 'react';
import { graphql } from 'gatsby';
import { PINNED_TEXT_LANG } from '../config/languages';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { LegalDocument } from '../components/legal-document';
import { contentPageHead } from '../head/define-head';

export default function TermsPage() {
  return (
    <ContentPage ns="terms" lang={PINNED_TEXT_LANG} hydration="at-first-touch">
      <LegalDocument ns="terms" />
    </ContentPage>
  );
}

export const Head = contentPageHead({ ns: 'terms', path: ROUTES.terms });

export const query = graphql`
  query TermsPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "terms"] } }, sort: [{ ns: ASC }, { language: ASC }]) {
      ...LocaleEdges
    }
  }
`;
