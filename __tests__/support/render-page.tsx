import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { render } from '@testing-library/react';
import type { Language } from '../../src/config/languages';
import { pageVariants } from '../../src/i18n/plugin';
import { wrapPageElement } from '../../src/i18n/plugin-runtime';
import type { Bundles } from '../../src/i18n/translator';
import type { LocaleData } from '../../src/i18n/runtime';

/** The real locale files, read as the page queries would return them. */
export function readBundles(language: Language, namespaces: readonly string[]): Bundles {
  return Object.fromEntries(
    namespaces.map((ns) => [
      ns,
      JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'locales', language.prefix, `${ns}.json`), 'utf8')) as unknown,
    ]),
  );
}

export function localeData(language: Language, namespaces: readonly string[]): LocaleData {
  const bundles = readBundles(language, namespaces);
  return {
    locales: {
      edges: Object.entries(bundles).map(([ns, data]) => ({ node: { ns, data: JSON.stringify(data), language: language.prefix } })),
    },
  };
}

/** A page wrapper as Gatsby calls it; the wrappers here read only the props given below. */
type PageWrapper = (args: { element: React.ReactElement; props: object }, options: object) => React.ReactElement;

/**
 * UI as a page of that language and path: inside production's page wrapper (src/i18n/plugin-runtime.tsx,
 * what gatsby-browser uses; gatsby-ssr's, src/gatsby/ssr.tsx, when given), with the page context the build
 * creates and the locale files as the page query returns them.
 */
export function wrappedInLanguage(
  ui: React.ReactElement,
  language: Language,
  originalPath: string,
  namespaces: readonly string[],
  wrapper: unknown = wrapPageElement,
): React.ReactElement {
  const variant = pageVariants(originalPath).find((candidate) => !candidate.bare && candidate.language.code === language.code);
  if (!variant) throw new Error(`No ${language.prefix} variant of ${originalPath}`);
  const props = {
    pageContext: variant.context,
    data: localeData(language, namespaces),
    location: { pathname: variant.path, search: '', hash: '' },
  };
  // Gatsby's args carry more (plugin helpers, the page's resources); the wrappers read only these.
  return (wrapper as PageWrapper)({ element: ui, props }, { plugins: [] });
}

/** Renders UI as a page of that language and path (wrappedInLanguage). */
export function renderInLanguage(ui: React.ReactElement, language: Language, originalPath: string, namespaces: readonly string[]) {
  return render(wrappedInLanguage(ui, language, originalPath, namespaces));
}
