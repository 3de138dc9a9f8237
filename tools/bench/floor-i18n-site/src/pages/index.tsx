import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';

/** The floor's heading and paragraph, translated through the plugin: the least a page of this site's stack runs. */
export default function FloorPage() {
  const { t } = useTranslation();
  return (
    <main>
      <h1>{t('heading')}</h1>
      <p>{t('lead')}</p>
    </main>
  );
}

export const Head = () => <title>Yuk bor</title>;

export const query = graphql`
  query ($language: String!) {
    locales: allLocale(filter: { language: { eq: $language } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
