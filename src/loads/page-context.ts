import type { LoadMeta } from '../head/load-meta';

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
  meta: LoadMeta;
  loading: string;
  /** The share card's text alternative in the page's language. */
  shareImageAlt: string;
  /** The link to /applink shown to visitors without script, who are not redirected. */
  handOver: string;
  /** "Share in Telegram" for visitors without script and crawlers (people are handed over at once). */
  share: ShareLink;
}

export interface ShareLink {
  /** Telegram's share sheet with the page's canonical URL and one line about the load. */
  href: string;
  text: string;
  /** Said to screen readers: the link opens a new tab. */
  newTab: string;
}
