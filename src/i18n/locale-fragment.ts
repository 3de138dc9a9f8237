import { graphql } from 'gatsby';

/**
 * The locale nodes every page query selects; pages name only the namespaces they use. Gatsby finds
 * the fragment in any file under src/, so nothing imports it.
 */
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
