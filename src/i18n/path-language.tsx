import React, { useContext, useEffect, useMemo, useState } from 'react';
import { I18nextContext } from 'gatsby-plugin-react-i18next/dist/i18nextContext';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../config/languages';
import { splitLanguagePrefix } from './paths';
import { createI18n, type Bundles } from './translator';

/**
 * Each file asked for once in the page's life: the 404 page and the part it serves (a route's trip, a
 * load) ask for the same texts, one after the other. A file that did not come is asked for again next time.
 */
const fetchedTexts = new Map<string, Promise<unknown>>();

function fetchText(url: string): Promise<unknown> {
  let text = fetchedTexts.get(url);
  if (!text) {
    text = fetch(url, { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}: ${url}`);
      return response.json() as Promise<unknown>;
    });
    fetchedTexts.set(url, text);
    text.catch(() => fetchedTexts.delete(url));
  }
  return text;
}

/**
 * Namespaces of one language from the copy the build publishes at `{textsRoot}/{lng}/{ns}.json`, the root
 * named by the texts' hash (src/gatsby/locales.ts) and given to the 404 page in its context.
 */
export async function fetchBundles(language: Language, namespaces: readonly string[], textsRoot: string): Promise<Bundles> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => [ns, await fetchText(`${textsRoot}/${language.prefix}/${ns}.json`)] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * Texts of one language fetched at run time, provided to the components below as the plugin provides a
 * page's own (the 404 page, which the host serves for every language's paths). Sets the document's
 * language with them. originalPath stays the 404 page's own, as in the HTML: the links it decides (the
 * language selector's) must not change under the reader's finger when the texts arrive.
 */
export function FetchedLanguageProvider({
  language,
  bundles,
  children,
}: {
  language: Language;
  bundles: Bundles;
  children: React.ReactNode;
}) {
  const context = useContext(I18nextContext);
  const i18n = useMemo(() => createI18n(language.prefix, bundles, 'common'), [language, bundles]);
  useEffect(() => {
    document.documentElement.lang = language.htmlLang;
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <I18nextContext.Provider value={{ ...context, language: language.prefix, routed: true, path: window.location.pathname }}>
        {children}
      </I18nextContext.Provider>
    </I18nextProvider>
  );
}

interface Switched {
  bundles: Bundles;
  language: Language;
}

/**
 * For the one page that serves every unknown path (404.html): the host gives it the same HTML for
 * `/ru/…` as for `/…`, so after mount it takes the language from the path and fetches that language's
 * texts. Until they arrive (or if they cannot), the page stays in Uzbek Latin.
 */
export function PathLanguageProvider({
  namespaces,
  textsRoot,
  children,
}: {
  namespaces: readonly string[];
  textsRoot: string;
  children: React.ReactNode;
}) {
  const [switched, setSwitched] = useState<Switched | null>(null);
  const nsKey = namespaces.join(',');

  useEffect(() => {
    const { language } = splitLanguagePrefix(window.location.pathname);
    if (!language || language.code === DEFAULT_LANGUAGE.code) return undefined;
    let cancelled = false;
    fetchBundles(language, nsKey.split(','), textsRoot)
      .then((bundles) => {
        if (!cancelled) setSwitched({ bundles, language });
      })
      .catch((error: unknown) => console.warn('Texts for', language.code, 'could not be loaded:', error));
    return () => {
      cancelled = true;
    };
  }, [nsKey, textsRoot]);

  if (!switched) return <>{children}</>;
  return (
    <FetchedLanguageProvider language={switched.language} bundles={switched.bundles}>
      {children}
    </FetchedLanguageProvider>
  );
}
