import React from 'react';
import { graphql } from 'gatsby';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { pageHead } from '../i18n/page-head';

export default function LoadsPage() {
  return <ContentPage ns="loads" />;
}

export const Head = pageHead({ ns: 'loads', path: ROUTES.loads });

export const query = graphql`
  query LoadsPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "loads"] } }) {
      ...LocaleEdges
    }
  }
`;
