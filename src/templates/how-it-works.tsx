import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../config/routes';
import { AppCta } from '../components/app-cta';
import { ContentPage } from '../components/content-page';
import { Steps } from '../sections/steps';
import { Comparison } from '../sections/comparison';
import { contentPageHead } from '../head/define-head';

export default function HowItWorksPage() {
  const { t } = useTranslation('sections');
  return (
    <ContentPage ns="how-it-works" hydration="at-first-touch">
      <Steps />
      <Comparison />
      <AppCta id="how-it-works-cta" title={t('appCta.title')} text={t('appCta.text')} />
    </ContentPage>
  );
}

export const Head = contentPageHead({ ns: 'how-it-works', path: ROUTES.howItWorks });

export const query = graphql`
  query HowItWorksPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "how-it-works", "sections"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
