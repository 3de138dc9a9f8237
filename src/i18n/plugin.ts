/**
 * Everything that knows about gatsby-plugin-react-i18next 3.0.1 lives here and in the two modules
 * beside it (plugin-runtime.tsx: its page wrapper; plugin-nodes.ts: its locale nodes), so the plugin
 * can be replaced without touching pages. Its bugs (STACK-NOTES.md) and how this avoids them:
 *  - It is not registered as a Gatsby plugin. Its only other node-side work was `onCreatePage`,
 *    which Gatsby would call once per page (40,000 times at 10,000 loads) just to return at once.
 *  - It treats any path ending in `/404` as a 404 page and gives localized pages with a `matchPath`
 *    the prefix twice. We create every language variant ourselves with `context.i18n` set.
 *  - Its localized 404 catch-alls overlap every page and bloat match-paths.json: we create no
 *    matchPath at all; the one 404 page picks its language from the path at run time.
 *  - It uses the URL prefix as the language code (`uz-cyrl`); what people and crawlers see is mapped
 *    through src/config/languages.ts.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_PREFIXES, type Language } from '../config/languages';
import { barePath, localizedPath } from './paths';

/** The `pageContext.i18n` object the plugin's wrapPageElement reads. */
export interface PluginI18nContext {
  language: string;
  languages: string[];
  defaultLanguage: string;
  generateDefaultLanguagePage: boolean;
  routed: boolean;
  originalPath: string;
  path: string;
}

export interface LocalizedPageContext {
  /** The plugin's language code (the prefix); also the `$language` variable of page queries. */
  language: string;
  i18n: PluginI18nContext;
}

export interface PageVariant {
  path: string;
  language: Language;
  /** True for the bare alias of the Uzbek Latin page. */
  bare: boolean;
  context: LocalizedPageContext;
}

/** The four variants of a page: bare (Uzbek Latin alias) and one per language prefix. */
export function pageVariants(originalPath: string): PageVariant[] {
  const bare: PageVariant = {
    path: barePath(originalPath),
    language: DEFAULT_LANGUAGE,
    bare: true,
    context: pageContext(DEFAULT_LANGUAGE, originalPath, barePath(originalPath), false),
  };
  const prefixed = LANGUAGES.map((language): PageVariant => {
    const path = localizedPath(originalPath, language);
    return { path, language, bare: false, context: pageContext(language, originalPath, path, true) };
  });
  return [bare, ...prefixed];
}

function pageContext(language: Language, originalPath: string, path: string, routed: boolean): LocalizedPageContext {
  return {
    language: language.prefix,
    i18n: {
      language: language.prefix,
      languages: [...LANGUAGE_PREFIXES],
      defaultLanguage: DEFAULT_LANGUAGE.prefix,
      generateDefaultLanguagePage: true,
      routed,
      originalPath,
      path,
    },
  };
}

/** The options its page wrapper reads. */
export function i18nPluginOptions(siteUrl: string) {
  return {
    languages: [...LANGUAGE_PREFIXES],
    defaultLanguage: DEFAULT_LANGUAGE.prefix,
    // Bare paths are real Uzbek Latin pages; the root redirect is our own (src/i18n/choose.ts).
    generateDefaultLanguagePage: true,
    redirect: false,
    siteUrl,
    trailingSlash: 'never',
    verbose: false,
    i18nextOptions: {
      // Without this i18next rewrites `uz-cyrl` to `uz-Cyrl` and finds no resources for it, so the
      // Cyrillic pages would silently show Latin text.
      lowerCaseLng: true,
      fallbackLng: DEFAULT_LANGUAGE.prefix,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    },
  };
}
