import type { TFunction } from 'i18next';
import { useContext } from 'react';
// The context module alone: the plugin's index also brings its Link and hooks into every page.
import { I18nextContext } from 'gatsby-plugin-react-i18next/dist/i18nextContext';
import { DEFAULT_LANGUAGE, type Language, languageByPrefix } from '../config/languages';
import type { LocalizedPageContext } from './plugin';
import { type Bundles, createTranslator } from './translator';

/** What every page query returns: the locale nodes of the page's language and namespaces. */
export interface LocaleNode {
  ns: string;
  data: string;
  language: string;
}

export interface LocaleData {
  locales: { edges: { node: LocaleNode }[] };
}

export type PageContext = LocalizedPageContext;

/** The current page's language, from the plugin's context (set from the path at build time). */
export function usePageLanguage(): { language: Language; originalPath: string } {
  const { language, originalPath } = useContext(I18nextContext);
  return { language: languageByPrefix(language) ?? DEFAULT_LANGUAGE, originalPath };
}

export function pageLanguage(context: Pick<PageContext, 'language'> | undefined): Language {
  return languageByPrefix(context?.language) ?? DEFAULT_LANGUAGE;
}

// Gatsby renders a page's Head again in the browser after hydration, and on every navigation. A page's
// locale data is one object, already of one language, so its translator is built once.
const headTranslators = new WeakMap<object, TFunction>();

/**
 * A translate function for Gatsby's Head, which is rendered outside wrapPageElement and so outside
 * the plugin's I18nextProvider. It reads the same locale nodes the page query returned.
 */
export function headTranslator(data: LocaleData | undefined, context: PageContext | undefined): TFunction {
  const locales = data?.locales;
  const cached = locales && headTranslators.get(locales);
  if (cached) return cached;
  const bundles: Bundles = {};
  for (const { node } of locales?.edges ?? []) bundles[node.ns] = JSON.parse(node.data) as unknown;
  const t = createTranslator(context?.language ?? DEFAULT_LANGUAGE.prefix, bundles, 'common');
  if (locales) headTranslators.set(locales, t);
  return t;
}
