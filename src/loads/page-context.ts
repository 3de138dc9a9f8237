/**
 * Everything a load page puts in its Head (src/head/load-meta.ts builds it): built once at build time,
 * or in the browser for new loads. Here, below head/, since the page context carries it.
 */
export interface LoadMeta {
  title: string;
  description: string;
  keywords: string;
  jsonLd: Record<string, unknown>;
}

/**
 * What of a load's JSON-LD is its own: the name, the places, the offer and the poster. The rest is the
 * same on every load page or is already in the context (the description, the canonical URL the page
 * derives), so the page adds it (src/head/load-page-meta.ts) rather than each of 40,000 contexts carry it.
 */
export interface LoadService {
  name: string;
  [property: string]: unknown;
}

/** A load page's Head as its context carries it: LoadMeta without what the page can add itself. */
export interface LoadPageMeta extends Omit<LoadMeta, 'jsonLd'> {
  service: LoadService;
}

/**
 * What a pre-built load page receives from the build: its metadata and its one visible line. Kept
 * small on purpose (tens of thousands of pages): no i18n plugin context, since these pages translate
 * nothing at run time (src/i18n/plugin-runtime.tsx passes them by).
 */
export interface LoadPageContext {
  /** The language's prefix (`uz`, `uz-cyrl`, `ru`), as every page context carries it. */
  language: string;
  /** False for the bare alias of the Uzbek Latin page. */
  routed: boolean;
  loadId: string;
  meta: LoadPageMeta;
  loading: string;
  /** The share card's text alternative in the page's language. */
  shareImageAlt: string;
  /** The link to /applink shown to visitors without script, who are not redirected. */
  handOver: string;
  /** "Share in Telegram" for visitors without script and crawlers (people are handed over at once). */
  share: ShareLink;
}

export interface ShareLink {
  /**
   * The one line the load is shared with, as text: the page builds Telegram's share URL from it and
   * its own canonical URL, so page-data (which the browser fetches) does not carry it encoded.
   */
  text: string;
  /** The link's words, and what screen readers hear after them: it opens a new tab. */
  label: string;
  newTab: string;
}
