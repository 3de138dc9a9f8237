import { fullTitle, type JsonLd, type MetaTag, wordTags } from './head-tags';
import { serializeJsonLd } from './json-ld';

/** What a page that learns its subject in the browser writes into its head. */
export interface LiveHead {
  title: string;
  description: string;
  keywords?: string;
  /** None for a load that is no longer offered (a closed load): nothing may present it as available. */
  jsonLd?: JsonLd;
}

/**
 * Gatsby removes the head elements carrying this mark when the page changes: written by a page that
 * hands over to /applink inside the router, they would otherwise stay in /applink's head.
 */
const GATSBY_HEAD = 'data-gatsby-head';

function upsertMeta(doc: Document, [attribute, key, content]: MetaTag): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(attribute, key);
    element.setAttribute(GATSBY_HEAD, 'true');
    doc.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Rewrites the words of a live document's head, with the same tags a pre-built page carries, and adds
 * the JSON-LD: the 404 page's Head knows nothing of the load it turns out to show. Its robots stay
 * noindex and it keeps no canonical: the address is still whatever was asked for.
 */
export function applyLiveHead(doc: Document, head: LiveHead): void {
  doc.title = fullTitle(head.title);
  for (const tag of wordTags(head.title, head.description, head.keywords)) upsertMeta(doc, tag);
  if (!head.jsonLd) return;
  const script = doc.createElement('script');
  script.type = 'application/ld+json';
  script.setAttribute(GATSBY_HEAD, 'true');
  // textContent: the data stays text whatever it holds.
  script.textContent = serializeJsonLd(head.jsonLd);
  doc.head.appendChild(script);
}
