import { site } from '../config/site';
import type { LoadMeta, LoadPageMeta } from '../loads/page-context';

/**
 * A load page's whole Head from what its context carries: the JSON-LD's parts every load has alike and
 * the description and canonical URL it repeats. Light on purpose (no gazetteer, no texts): the page runs
 * it in the browser, where Gatsby renders the Head after hydration.
 */
export function loadMetaOf({ service, ...meta }: LoadPageMeta, canonical: string): LoadMeta {
  const { name, ...own } = service;
  return {
    ...meta,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Service',
      '@id': canonical,
      url: canonical,
      name,
      description: meta.description,
      serviceType: 'Freight transportation',
      ...own,
      broker: { '@type': 'Organization', name: site.brand, url: site.mainWebsite },
    },
  };
}
