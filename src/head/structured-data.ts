import { site } from '../config/site';
import type { FaqItem } from '../content/faq';

/*
 * The JSON-LD objects of the site, with load-list.ts (a page of loads) and load-meta.ts (a load page,
 * which needs the gazetteer): apart so a page's chunk carries only its own builder. json-ld.ts
 * serializes them all.
 */

/** schema.org Organization for the home page: who runs the site and how to reach them. */
export function organizationJsonLd(origin: string, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.brand,
    url: site.mainWebsite,
    logo: `${origin}/icon-512.png`,
    description,
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: site.phone,
      email: site.email,
      contactType: 'customer support',
      areaServed: 'UZ',
      availableLanguage: ['uz', 'ru'],
    },
    sameAs: [...new Set(Object.values(site.social))],
  };
}

/** schema.org FAQPage from the questions and answers the help page shows. */
export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export interface ItemListEntry {
  url: string;
  name: string;
}

/** schema.org ItemList of a page's first few entries (a list page points crawlers at its items). */
export function itemListJsonLd(name: string, url: string, items: readonly ItemListEntry[], max: number) {
  const listed = items.slice(0, max);
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url,
    numberOfItems: listed.length,
    itemListElement: listed.map((item, index) => ({ '@type': 'ListItem', position: index + 1, url: item.url, name: item.name })),
  };
}
