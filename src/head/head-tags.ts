import { site } from '../config/site';
import { SHARE_IMAGE } from '../config/constants';
import type { Language } from '../config/languages';
import { absoluteUrl, alternateLinks, canonicalUrl } from '../i18n/paths';
import { serializeJsonLd } from './json-ld';

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

export type HeadTag =
  | { tag: 'meta'; name: string; content: string }
  | { tag: 'meta'; property: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string }
  | { tag: 'link'; rel: 'alternate'; hrefLang: string; href: string }
  | { tag: 'link'; rel: 'alternate'; type: 'application/atom+xml'; title: string; href: string };

export interface HeadTags {
  htmlLang: string;
  title: string;
  tags: HeadTag[];
  /** The serialized JSON-LD, safe inside a script element; null when the page has none. */
  jsonLd: string | null;
}

/** The document title: the page's title with the brand after it, unless it names the brand already. */
export function fullTitle(title: string): string {
  return title.includes(site.brand) ? title : `${title} | ${site.brand}`;
}

const meta = (name: string, content: string): HeadTag => ({ tag: 'meta', name, content });
const property = (key: string, content: string): HeadTag => ({ tag: 'meta', property: key, content });

/** The tags that carry the page's own words, by place in the head. */
function wordTags(title: string, description: string, keywords?: string) {
  const titled = fullTitle(title);
  return {
    description: meta('description', description),
    keywords: keywords ? meta('keywords', keywords) : null,
    ogTitle: property('og:title', titled),
    ogDescription: property('og:description', description),
    twitterTitle: meta('twitter:title', titled),
    twitterDescription: meta('twitter:description', description),
  };
}

/** The part of the head a page that learns its subject late (the 404 page's load fallback) rewrites. */
export function textTags(title: string, description: string, keywords?: string): HeadTag[] {
  return Object.values(wordTags(title, description, keywords)).filter((tag): tag is HeadTag => tag !== null);
}

/** The page's own URL: a bare alias's is its `/uz` twin; the 404 page has none. */
function canonicalOf(page: PageDescription, origin: string): string | null {
  return page.kind === 'not-found' ? null : canonicalUrl(origin, page.path, page.language);
}

function addressTags(page: PageDescription, origin: string): HeadTag[] {
  const canonical = canonicalOf(page, origin);
  if (canonical === null || page.kind === 'not-found') return [];
  return [
    { tag: 'link', rel: 'canonical', href: canonical },
    ...alternateLinks(origin, page.path).map((alternate): HeadTag => ({ tag: 'link', rel: 'alternate', ...alternate })),
  ];
}

function feedTags(feed: HeadFeed | undefined): HeadTag[] {
  return feed ? [{ tag: 'link', rel: 'alternate', type: 'application/atom+xml', title: feed.title, href: feed.href }] : [];
}

/** Every tag of a page's head, from its description; `origin` is the public site URL (SITE_URL). */
export function headTags(page: PageDescription, origin: string): HeadTags {
  const kind = PAGE_KINDS[page.kind];
  const canonical = canonicalOf(page, origin);
  const imageUrl = absoluteUrl(origin, SHARE_IMAGE.path);
  const words = wordTags(page.title, page.description, page.keywords);
  const tags: (HeadTag | null)[] = [
    words.description,
    words.keywords,
    meta('robots', kind.robots),
    ...addressTags(page, origin),
    ...feedTags(page.feed),
    meta('geo.region', 'UZ'),
    meta('geo.placename', 'Uzbekistan'),
    meta('geo.position', `${site.geo.position.lat};${site.geo.position.lon}`),
    meta('ICBM', `${site.geo.position.lat}, ${site.geo.position.lon}`),
    property('og:site_name', site.brand),
    property('og:type', kind.ogType),
    words.ogTitle,
    words.ogDescription,
    canonical === null ? null : property('og:url', canonical),
    property('og:image', imageUrl),
    property('og:image:width', String(SHARE_IMAGE.width)),
    property('og:image:height', String(SHARE_IMAGE.height)),
    property('og:image:alt', page.imageAlt),
    property('og:locale', page.language.ogLocale),
    meta('twitter:card', 'summary_large_image'),
    words.twitterTitle,
    words.twitterDescription,
    meta('twitter:image', imageUrl),
    meta('twitter:image:alt', page.imageAlt),
    meta('theme-color', '#0b5cff'),
  ];
  return {
    htmlLang: page.language.htmlLang,
    title: fullTitle(page.title),
    tags: tags.filter((tag): tag is HeadTag => tag !== null),
    jsonLd: page.jsonLd === undefined ? null : serializeJsonLd(page.jsonLd),
  };
}
