import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { AppCta } from '../components/app-cta';
import { ContentPage } from '../components/content-page';
import { Features } from '../sections/features';
import { Audiences } from '../sections/audiences';
import { contentPageHead } from '../head/define-head';

export default function FeaturesPage() {
  const { t } = useTranslation('sections');
  return (
    <ContentPage ns="features" hydration="at-first-touch">
      <Features />
      <Audiences />
      <AppCta id="features-cta" title={t('appCta.title')} text={t('appCta.text')} />
    </ContentPage>
  );
}

export const Head = contentPageHead({ ns: 'features', path: ROUTES.features });

export const query = graphql`
  query FeaturesPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "features", "sections"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
