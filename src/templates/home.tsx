import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { ROUTES } from '../config/routes';
import { Layout } from '../components/layout';
import { type ImageQueryResult, imageData } from '../components/responsive-image';
import { useRootRedirect } from '../components/root-redirect';
import { Hero } from '../sections/hero';
import { Stats } from '../sections/stats';
import { Features } from '../sections/features';
import { Steps } from '../sections/steps';
import { Audiences } from '../sections/audiences';
import { Comparison } from '../sections/comparison';
import { Banner } from '../sections/banner';
import { contentPageHead } from '../head/define-head';
import type { LocaleData, PageContext } from '../i18n/runtime';
import { organizationJsonLd } from '../head/structured-data';

interface HomeData extends LocaleData {
  heroImage?: ImageQueryResult | null;
  bannerImage?: ImageQueryResult | null;
}

export default function HomePage({ data, pageContext }: PageProps<HomeData, PageContext>) {
  useRootRedirect(!pageContext.i18n.routed);
  return (
    // The bare address redirects on arrival to a language; every other home waits for the first touch.
    <Layout hydration={pageContext.i18n.routed ? 'at-first-touch' : 'on-arrival'}>
      <Hero image={imageData(data?.heroImage)} />
      <Stats />
      <Features />
      <Steps />
      <Audiences />
      <Comparison />
      <Banner image={imageData(data?.bannerImage)} />
    </Layout>
  );
}

export const Head = contentPageHead({
  ns: 'home',
  path: ROUTES.home,
  jsonLd: ({ t, origin }) => organizationJsonLd(origin, t('home:seo.description')),
});

export const query = graphql`
  query HomePage($language: String!) {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { in: ["common", "home", "sections"] } }
      sort: [{ ns: ASC }, { language: ASC }]
    ) {
      ...LocaleEdges
    }
    # Each language's pictures of the board are in its own folder (tools/scripts/screenshots.ts).
    heroImage: file(sourceInstanceName: { eq: "images" }, relativeDirectory: { eq: $language }, name: { eq: "loads-phone" }) {
      childImageSharp {
        gatsbyImageData(width: 260, layout: CONSTRAINED, outputPixelDensities: [1, 2], placeholder: NONE)
      }
    }
    bannerImage: file(sourceInstanceName: { eq: "images" }, relativeDirectory: { eq: $language }, name: { eq: "loads-desktop" }) {
      childImageSharp {
        gatsbyImageData(width: 640, layout: CONSTRAINED, outputPixelDensities: [1, 2], placeholder: NONE)
      }
    }
  }
`;
