import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { useRootRedirect } from '../components/root-redirect';
import { pageHead } from '../i18n/page-head';
import type { LocaleData, PageContext } from '../i18n/runtime';

export default function HomePage({ pageContext }: PageProps<LocaleData, PageContext>) {
  useRootRedirect(!pageContext.i18n.routed);
  return <ContentPage ns="home" />;
}

export const Head = pageHead({ ns: 'home', path: ROUTES.home });

export const query = graphql`
  query HomePage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "home"] } }) {
      ...LocaleEdges
    }
  }
`;
