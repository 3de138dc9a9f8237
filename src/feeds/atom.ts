import { Feed } from 'feed';

/**
 * One Atom feed (RFC 4287) as text, written by the `feed` package. Everything here is plain data in,
 * bytes out: the same data gives the same bytes, so an unchanged board rewrites no feed and the
 * deploy uploads none.
 */

export interface AtomEntry {
  /** Absolute canonical URL of the load page: the entry's link and its id. */
  url: string;
  /** Plain text (never markup): the load's route in the feed's language. */
  title: string;
  /** Plain text: weight, vehicle, price, loading date. */
  summary: string;
  /** When the entry last changed (site-feeds.ts takes it from entry-updated.ts); null: UNDATED. */
  updated: Date | null;
}

export interface AtomFeed {
  /** Absolute canonical URL of the page the feed follows: the feed's id and its alternate link. */
  pageUrl: string;
  /** Absolute URL of the feed file itself (`rel="self"`). */
  feedUrl: string;
  title: string;
  subtitle: string;
  author: { name: string; url: string };
  /** Newest first, already cut to the feed's length. */
  entries: readonly AtomEntry[];
}

/**
 * What a feed or entry without any dated load says it was updated: a fixed instant, never the build
 * clock, so an empty board's feed is as stable as a full one.
 */
export const UNDATED = new Date(0);

/**
 * Characters XML 1.0 does not allow anywhere, not even escaped (C0 controls but tab, CR and LF;
 * lone surrogates; U+FFFE and U+FFFF). An API text carrying one would make the whole feed unreadable
 * to a strict parser, so they go.
 */
// eslint-disable-next-line no-control-regex -- naming the control characters XML allows is the point
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

/**
 * `feed` writes entry titles and summaries as `type="html"`, so a reader renders them as HTML: API text
 * is escaped as HTML first and stays text (`<b>` shows as `<b>`). Escaping `>` also means no `]]>` can
 * reach the CDATA section the package wraps it in.
 */
export function htmlText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A time RFC 3339 can say (four-digit years), else null: `toISOString` writes `+010000-…` otherwise. */
export function feedTime(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  return Number.isFinite(date.getTime()) && year >= 0 && year <= 9999 ? date : null;
}

export function atomXml(feed: AtomFeed): string {
  const newest = feed.entries.reduce<Date | null>((latest, entry) => {
    if (!entry.updated) return latest;
    return !latest || entry.updated > latest ? entry.updated : latest;
  }, null);
  const writer = new Feed({
    id: feed.pageUrl,
    link: feed.pageUrl,
    feed: feed.feedUrl,
    title: xmlSafe(feed.title),
    description: xmlSafe(feed.subtitle),
    updated: newest ?? UNDATED,
    author: { name: xmlSafe(feed.author.name), link: feed.author.url },
    // The package's own URL by default: bytes in every feed that tell a reader nothing.
    generator: false,
  });
  for (const entry of feed.entries) {
    writer.addItem({
      id: entry.url,
      link: entry.url,
      title: htmlText(entry.title),
      description: htmlText(entry.summary),
      date: entry.updated ?? UNDATED,
    });
  }
  return `${writer.atom1()}\n`;
}
