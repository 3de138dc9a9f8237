import React from 'react';
import { graphql } from 'gatsby';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { pageHead } from '../i18n/page-head';

export default function HowItWorksPage() {
  return <ContentPage ns="how-it-works" />;
}

export const Head = pageHead({ ns: 'how-it-works', path: ROUTES.howItWorks });

export const query = graphql`
  query HowItWorksPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "how-it-works"] } }) {
      ...LocaleEdges
    }
  }
`;
