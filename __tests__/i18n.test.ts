import { LANGUAGES } from '../src/config/languages';
import { NOT_FOUND_PATH } from '../src/config/routes';
import { languageFromBrowser, pickLanguage, storedLanguage } from '../src/i18n/choose';
import { alternateLinks, canonicalUrl, localizedPath, splitLanguagePrefix, languageLinkPath } from '../src/i18n/paths';

const [uz, cyrl, ru] = LANGUAGES;

describe('localized paths', () => {
  it('puts the lowercase prefix before the page path', () => {
    expect(localizedPath('/loads', cyrl)).toBe('/uz-cyrl/loads');
    expect(localizedPath('/', ru)).toBe('/ru');
    expect(localizedPath('/', uz)).toBe('/uz');
  });

  it('splits a prefix off a path, and finds none on a bare path', () => {
    expect(splitLanguagePrefix('/ru/load/12')).toEqual({ language: ru, path: '/load/12' });
    expect(splitLanguagePrefix('/uz-cyrl')).toEqual({ language: cyrl, path: '/' });
    expect(splitLanguagePrefix('/loads')).toEqual({ language: null, path: '/loads' });
    expect(splitLanguagePrefix('/russia')).toEqual({ language: null, path: '/russia' });
  });

  it('leads the language selector to the same page in another language', () => {
    expect(languageLinkPath('/help', ru)).toBe('/ru/help');
    expect(languageLinkPath('/help', cyrl)).toBe('/uz-cyrl/help');
    expect(languageLinkPath('/', uz)).toBe('/uz');
  });

  it('leads the language selector from the 404 page to each language home, not to a 404 in that language', () => {
    expect(languageLinkPath(NOT_FOUND_PATH, uz)).toBe('/uz');
    expect(languageLinkPath(NOT_FOUND_PATH, cyrl)).toBe('/uz-cyrl');
    expect(languageLinkPath(NOT_FOUND_PATH, ru)).toBe('/ru');
  });

  it('lists alternates for the three languages plus x-default on the bare path', () => {
    expect(alternateLinks('https://example.uz/', '/loads')).toEqual([
      { hrefLang: 'uz', href: 'https://example.uz/uz/loads' },
      { hrefLang: 'uz-Cyrl', href: 'https://example.uz/uz-cyrl/loads' },
      { hrefLang: 'ru', href: 'https://example.uz/ru/loads' },
      { hrefLang: 'x-default', href: 'https://example.uz/loads' },
    ]);
  });

  it('makes the canonical URL of a bare alias its /uz twin', () => {
    expect(canonicalUrl('https://example.uz', '/help', uz)).toBe('https://example.uz/uz/help');
    expect(canonicalUrl('https://example.uz', '/', uz)).toBe('https://example.uz/uz');
  });
});

describe('root language choice (CONTRACT.md, Routes)', () => {
  it.each([
    ['uz', ['ru-RU'], uz],
    ['uz-Cyrl', ['en-US'], cyrl],
    ['ru', ['uz'], ru],
  ])('prefers the stored value %s over the browser', (stored, browser, expected) => {
    expect(pickLanguage(stored, browser)).toBe(expected);
  });

  it.each([
    ['ru', ru],
    ['ru-RU', ru],
    ['uz-Cyrl-UZ', cyrl],
    ['uz-Cyrl', cyrl],
    ['sr-Cyrl', cyrl],
    ['uz-Latn', uz],
    ['uz-Latn-UZ', uz],
    ['uz', cyrl],
    ['uz-UZ', cyrl],
    ['en-US', uz],
    ['kk-KZ', uz],
  ])('sends browser language %s to %s', (tag, expected) => {
    expect(pickLanguage(null, [tag])).toBe(expected);
  });

  it('looks only at the first browser language', () => {
    expect(pickLanguage(null, ['en-US', 'ru-RU'])).toBe(uz);
  });

  it.each(['<script>alert(1)</script>', 'ru<script>', 'uz-cyrl', 'RU', '"ru"', 'javascript:alert(1)', '', ' ru'])(
    'ignores the stored value %j',
    (stored) => {
      expect(storedLanguage(stored)).toBeUndefined();
      expect(pickLanguage(stored, ['en'])).toBe(uz);
    },
  );

  it.each(['ru<img src=x onerror=alert(1)>', '<svg/onload=alert(1)>', 'uz-Cyrl"><script>', 'ru;drop'])(
    'ignores a detected browser value that looks like script: %j',
    (tag) => {
      expect(languageFromBrowser(tag)).toBeUndefined();
      expect(pickLanguage(null, [tag])).toBe(uz);
    },
  );

  it('falls back to Uzbek Latin with no languages at all', () => {
    expect(pickLanguage(undefined, [])).toBe(uz);
  });
});
