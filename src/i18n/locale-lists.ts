import type { TFunction } from 'i18next';

/**
 * Lists and records that a namespace stores as JSON (typewriter lines, FAQ, legal sections), read with
 * `returnObjects`. i18next returns the key itself when the entry is missing, so every reader checks the
 * shape and yields an empty list rather than rendering a key path; the locale tests and the page tests
 * count items, so a missing list fails a test instead of reaching a visitor.
 */

type Variables = Record<string, string | number>;

function lookup(t: TFunction, key: string, variables?: Variables): unknown {
  return t(key, { ...variables, returnObjects: true }) as unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** An array of strings under `key`, with `variables` interpolated into each. */
export function textList(t: TFunction, key: string, variables?: Variables): string[] {
  return asStringList(lookup(t, key, variables));
}

/**
 * An array of objects under `key`, each reduced to the string fields and string-list fields named in
 * `shape`; an item missing a required string field is dropped.
 */
export function recordList<S extends Record<string, 'text' | 'list'>>(
  t: TFunction,
  key: string,
  shape: S,
  variables?: Variables,
): { [K in keyof S]: S[K] extends 'text' ? string : string[] }[] {
  const value = lookup(t, key, variables);
  if (!Array.isArray(value)) return [];
  type Item = { [K in keyof S]: S[K] extends 'text' ? string : string[] };
  const items: Item[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    const item: Record<string, string | string[]> = {};
    let complete = true;
    for (const [field, kind] of Object.entries(shape)) {
      if (kind === 'list') item[field] = asStringList(entry[field]);
      else if (typeof entry[field] === 'string') item[field] = entry[field] as string;
      else complete = false;
    }
    if (complete) items.push(item as Item);
  }
  return items;
}
