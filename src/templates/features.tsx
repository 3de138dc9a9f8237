import React from 'react';
import { graphql } from 'gatsby';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { pageHead } from '../i18n/page-head';

export default function FeaturesPage() {
  return <ContentPage ns="features" />;
}

export const Head = pageHead({ ns: 'features', path: ROUTES.features });

export const query = graphql`
  query FeaturesPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "features"] } }) {
      ...LocaleEdges
    }
  }
`;
