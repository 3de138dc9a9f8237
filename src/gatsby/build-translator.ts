import type { TFunction } from 'i18next';
import type { Language } from '../config/languages';
import { createTranslator } from '../i18n/translator';
import { readLocale } from './locales';

/**
 * The texts of the pages and files the build writes itself (a route's rate block, ItemLists, load pages,
 * feeds): one translator per language and set of namespaces for the whole build, the first namespace
 * being the default, read from locales/ as the pages read theirs.
 */
const translators = new Map<string, TFunction>();

export function buildTranslator(language: Language, namespaces: readonly string[]): TFunction {
  const key = `${language.code}:${namespaces.join(',')}`;
  let t = translators.get(key);
  if (!t) {
    const bundles = Object.fromEntries(namespaces.map((ns) => [ns, readLocale(language, ns)]));
    t = createTranslator(language.prefix, bundles, namespaces[0]);
    translators.set(key, t);
  }
  return t;
}
