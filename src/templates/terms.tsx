import React from 'react';
import { graphql } from 'gatsby';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { pageHead } from '../i18n/page-head';

export default function TermsPage() {
  return <ContentPage ns="terms" />;
}

export const Head = pageHead({ ns: 'terms', path: ROUTES.terms });

export const query = graphql`
  query TermsPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "terms"] } }) {
      ...LocaleEdges
    }
  }
`;
