import React from 'react';
import { graphql } from 'gatsby';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { pageHead } from '../i18n/page-head';

export default function HelpPage() {
  return <ContentPage ns="help" />;
}

export const Head = pageHead({ ns: 'help', path: ROUTES.help });

export const query = graphql`
  query HelpPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "help"] } }) {
      ...LocaleEdges
    }
  }
`;
