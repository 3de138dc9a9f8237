import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';

/**
 * Checks an Atom feed with tools nobody here wrote: libxml2 (xmllint, compiled to WebAssembly) parses
 * it as XML 1.0 and validates it against RFC 4287's RELAX NG schema (atom.rng); fast-xml-parser reads
 * it back for the rules the schema cannot say.
 */

const SCHEMA = fs.readFileSync(path.join(__dirname, 'atom.rng'), 'utf8');

/** xmllint's messages for each feed that fails; empty when every one is valid. One run for all. */
export async function atomSchemaErrors(feeds: ReadonlyArray<{ name: string; xml: string }>): Promise<string[]> {
  if (feeds.length === 0) return [];
  const result = await validateXML({
    xml: feeds.map((feed, index) => ({ fileName: `feed-${index}.xml`, contents: feed.xml })),
    schema: { fileName: 'atom.rng', contents: SCHEMA },
    extension: 'relaxng',
    maxMemoryPages: 16384,
  });
  if (result.valid) return [];
  return result.errors.map((error) => {
    const index = Number(/feed-(\d+)\.xml/.exec(error.rawMessage)?.[1]);
    return `${feeds[index]?.name ?? '?'}: ${error.message}`;
  });
}

export interface ParsedLink {
  href: string;
  rel?: string;
}

export interface ParsedEntry {
  id: string;
  title: string;
  summary: string;
  updated: string;
  links: ParsedLink[];
  authors: string[];
}

export interface ParsedFeed {
  id: string;
  title: string;
  subtitle: string;
  updated: string;
  authors: string[];
  links: ParsedLink[];
  entries: ParsedEntry[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are read as the XML says (`&lt;b&gt;` is `<b>`), nothing more: no DTD is involved.
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ['entry', 'link', 'author'].includes(name),
});

type Node = Record<string, unknown>;

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  const node = value as Node;
  const inner = node['#text'] ?? node.__cdata;
  return typeof inner === 'string' ? inner : '';
}

function links(value: unknown): ParsedLink[] {
  return ((value as Node[] | undefined) ?? []).map((link) => ({ href: String(link.href ?? ''), rel: link.rel as string | undefined }));
}

function authors(value: unknown): string[] {
  return ((value as Node[] | undefined) ?? []).map((author) => text(author.name));
}

/** An Atom document as data. Throws when it is not XML or has no `feed` root. */
export function parseAtom(xml: string): ParsedFeed {
  const document = parser.parse(xml, true) as Node;
  const feed = document.feed as Node | undefined;
  if (!feed) throw new Error('no feed element');
  return {
    id: text(feed.id),
    title: text(feed.title),
    subtitle: text(feed.subtitle),
    updated: text(feed.updated),
    authors: authors(feed.author),
    links: links(feed.link),
    entries: ((feed.entry as Node[] | undefined) ?? []).map((entry) => ({
      id: text(entry.id),
      title: text(entry.title),
      summary: text(entry.summary),
      updated: text(entry.updated),
      links: links(entry.link),
      authors: authors(entry.author),
    })),
  };
}

/**
 * RFC 4287's rules beyond the grammar, and what the site promises of its feeds: an author on the
 * feed (or on every entry), every entry linking its page, an absolute http(s) id and link.
 */
export function atomRuleErrors(feed: ParsedFeed): string[] {
  const errors: string[] = [];
  const absolute = (url: string) => /^https?:\/\/[^/]+/.test(url);
  if (!feed.id || !absolute(feed.id)) errors.push(`feed id is not an absolute URL: "${feed.id}"`);
  if (!feed.title.trim()) errors.push('feed has no title');
  if (!feed.updated) errors.push('feed has no updated');
  if (feed.authors.length === 0 && feed.entries.some((entry) => entry.authors.length === 0))
    errors.push('no author on the feed or an entry');
  if (!feed.links.some((link) => link.rel === 'self' && absolute(link.href))) errors.push('feed has no absolute rel="self" link');
  if (!feed.links.some((link) => (link.rel ?? 'alternate') === 'alternate' && absolute(link.href)))
    errors.push('feed has no alternate link');
  for (const [index, entry] of feed.entries.entries()) {
    if (!absolute(entry.id)) errors.push(`entry ${index}: id is not an absolute URL: "${entry.id}"`);
    if (!entry.title.trim()) errors.push(`entry ${index}: no title`);
    if (!entry.updated) errors.push(`entry ${index}: no updated`);
    if (!entry.links.some((link) => (link.rel ?? 'alternate') === 'alternate' && absolute(link.href)))
      errors.push(`entry ${index}: no absolute alternate link`);
  }
  return errors;
}

/** The plain text a reader shows for a `type="html"` text construct: markup decoded once, as HTML. */
export function htmlConstructText(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
