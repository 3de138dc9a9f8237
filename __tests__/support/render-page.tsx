import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { I18nextContext } from 'gatsby-plugin-react-i18next/dist/i18nextContext';
import { LANGUAGE_PREFIXES, DEFAULT_LANGUAGE, type Language } from '../../src/config/languages';
import { createI18n, type Bundles } from '../../src/i18n/translator';
import { localizedPath } from '../../src/i18n/paths';
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

/** Renders UI inside the same providers the i18n plugin gives a page of that language and path. */
export function renderInLanguage(ui: React.ReactElement, language: Language, originalPath: string, namespaces: readonly string[]) {
  const i18n = createI18n(language.prefix, readBundles(language, namespaces), 'common');
  const context = {
    language: language.prefix,
    languages: [...LANGUAGE_PREFIXES],
    defaultLanguage: DEFAULT_LANGUAGE.prefix,
    generateDefaultLanguagePage: true,
    routed: true,
    originalPath,
    path: localizedPath(originalPath, language),
    siteUrl: 'http://localhost:9000',
  };
  return render(
    <I18nextProvider i18n={i18n}>
      <I18nextContext.Provider value={context}>{ui}</I18nextContext.Provider>
    </I18nextProvider>,
  );
}
