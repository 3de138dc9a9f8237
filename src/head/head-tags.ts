import { site } from '../config/site';
import type { Language } from '../config/languages';

/** A JSON-LD object as one of the builders in this folder makes it. */
export type JsonLd = Record<string, unknown>;

/** An Atom feed of the page's loads, announced as `<link rel="alternate" type="application/atom+xml">`. */
export interface HeadFeed {
  href: string;
  title: string;
}

/**
 * What kind of page it is decides what no page states by hand: whether crawlers index it, its og:type,
 * and whether it has an address of its own (the 404 page answers every unknown path, in no language,
 * so it has no canonical, no alternates and no og:url).
 */
export const PAGE_KINDS = {
  page: { robots: 'index, follow', ogType: 'website' },
  load: { robots: 'index, follow', ogType: 'article' },
  handoff: { robots: 'noindex, follow', ogType: 'website' },
  'not-found': { robots: 'noindex, follow', ogType: 'website' },
} as const;

export type PageKind = keyof typeof PAGE_KINDS;

/** Where the page lives: its unprefixed path (`/loads`), from which canonical and alternates come. */
export type PageAddress = { kind: Exclude<PageKind, 'not-found'>; path: string } | { kind: 'not-found' };

/** What a template knows about its page, in the page's language. */
export type PageFacts = PageAddress & {
  title: string;
  description: string;
  keywords?: string;
  jsonLd?: JsonLd;
  feed?: HeadFeed;
};

/** Everything the head is made from. */
export type PageDescription = PageFacts & {
  language: Language;
  /** What the share card shows, in the page's language (`shareImageAlt`). */
  imageAlt: string;
};

/** The document title: the page's title with the brand after it, unless it names the brand already. */
export function fullTitle(title: string): string {
  return title.includes(site.brand) ? title : `${title} | ${site.brand}`;
}

/** A meta tag as `[attribute, key, content]`: `['name', 'description', …]`, `['property', 'og:title', …]`. */
export type MetaTag = readonly ['name' | 'property', string, string];

/**
 * The tags that carry the page's own words: what the pre-built head writes and what the 404 page
 * rewrites when it turns out to show a load newer than the build (live-head.ts).
 */
export function wordTags(title: string, description: string, keywords?: string): MetaTag[] {
  const titled = fullTitle(title);
  return [
    ['name', 'description', description],
    ...(keywords ? [['name', 'keywords', keywords] as const] : []),
    ['property', 'og:title', titled],
    ['property', 'og:description', description],
    ['name', 'twitter:title', titled],
    ['name', 'twitter:description', description],
  ];
}
