import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { siteUrl } from '../config/env';
import { ROUTES } from '../config/routes';
import { Layout } from '../components/layout';
import { useRootRedirect } from '../components/root-redirect';
import { Hero } from '../sections/hero';
import { Stats } from '../sections/stats';
import { Features } from '../sections/features';
import { Steps } from '../sections/steps';
import { Audiences } from '../sections/audiences';
import { Comparison } from '../sections/comparison';
import { Banner } from '../sections/banner';
import { pageHead } from '../i18n/page-head';
import type { LocaleData, PageContext } from '../i18n/runtime';
import { organizationJsonLd } from '../i18n/structured-data';

export default function HomePage({ pageContext }: PageProps<LocaleData, PageContext>) {
  useRootRedirect(!pageContext.i18n.routed);
  return (
    <Layout>
      <Hero />
      <Stats />
      <Features />
      <Steps />
      <Audiences />
      <Comparison />
      <Banner />
    </Layout>
  );
}

export const Head = pageHead({
  ns: 'home',
  path: ROUTES.home,
  jsonLd: (t) => organizationJsonLd(siteUrl(), t('home:seo.description')),
});

export const query = graphql`
  query HomePage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "home", "sections"] } }) {
      ...LocaleEdges
    }
  }
`;
