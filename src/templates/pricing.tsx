import React from 'react';
import { graphql } from 'gatsby';
import { ROUTES } from '../config/routes';
import { ContentPage } from '../components/content-page';
import { PricingPlan } from '../components/pricing-plan';
import { contentPageHead } from '../head/define-head';

export default function PricingPage() {
  return (
    <ContentPage ns="pricing" hydration="at-first-touch">
      <PricingPlan />
    </ContentPage>
  );
}

export const Head = contentPageHead({ ns: 'pricing', path: ROUTES.pricing });

export const query = graphql`
  query PricingPage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "pricing", "sections"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
  }
`;
