import React from 'react';
import { graphql, type HeadProps } from 'gatsby';
import { Seo } from '../components/seo';
import { headTranslator, type LocaleData, type PageContext, pageLanguage } from './runtime';
import { shareImageAlt } from './share-image';

/** The locale nodes every page query selects; pages name only the namespaces they use. */
export const localeEdgesFragment = graphql`
  fragment LocaleEdges on LocaleConnection {
    edges {
      node {
        ns
        data
        language
      }
    }
  }
`;

export interface PageHeadOptions {
  /** Namespace holding `seo.title`, `seo.description` and `seo.keywords`. */
  ns: string;
  /** The page's unprefixed path. */
  path: string;
  noindex?: boolean;
  /** Structured data built from the page's translations. */
  jsonLd?: (t: ReturnType<typeof headTranslator>) => unknown;
}

/** A Head component for a page whose SEO text lives in its namespace under `seo`. */
export function pageHead({ ns, path, noindex, jsonLd }: PageHeadOptions) {
  return function Head({ data, pageContext }: HeadProps<LocaleData, PageContext>) {
    const t = headTranslator(data, pageContext);
    return (
      <Seo
        language={pageLanguage(pageContext)}
        path={path}
        title={t(`${ns}:seo.title`)}
        description={t(`${ns}:seo.description`)}
        keywords={t(`${ns}:seo.keywords`)}
        imageAlt={shareImageAlt(t)}
        noindex={noindex}
        jsonLd={jsonLd?.(t)}
      />
    );
  };
}
