import { site } from '../config/site';

export interface FaqItem {
  question: string;
  answer: string;
}

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
