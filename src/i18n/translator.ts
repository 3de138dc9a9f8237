import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import './i18next-lookups';

export type Bundles = Record<string, unknown>;

/**
 * A translate function over the given namespaces of one language, ready at once. Used where the
 * plugin's provider does not reach: Head, the build, and pages that fetch their texts at run time.
 */
export function createTranslator(language: string, bundles: Bundles, defaultNS?: string): TFunction {
  return createI18n(language, bundles, defaultNS).t;
}

export function createI18n(language: string, bundles: Bundles, defaultNS?: string): I18n {
  const namespaces = Object.keys(bundles);
  const instance = i18next.createInstance();
  // With resources given and initAsync off (i18next 24's name for initImmediate), init completes synchronously.
  void instance.init({
    resources: { [language]: bundles } as Parameters<typeof instance.init>[0]['resources'],
    lng: language,
    lowerCaseLng: true,
    fallbackLng: false,
    ns: namespaces,
    defaultNS: defaultNS ?? namespaces[0] ?? 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // react-i18next 12 adds `reportNamespaces` to i18next's type, which i18next 24's createInstance type
  // does not carry; the instance gets it from react-i18next when used there.
  return instance as I18n;
}
