import { LANGUAGES, type Language, languageByPrefix } from '../config/languages';
import { NOT_FOUND_PATH, ROUTES } from '../config/routes';

/**
 * Paths are written without a language prefix everywhere in the code (`/loads`), and localized here.
 * The site uses Gatsby's `trailingSlash: 'never'`, so no path ends in a slash except the root.
 */

export function localizedPath(path: string, language: Language): string {
  const clean = path === '/' ? '' : path;
  return `/${language.prefix}${clean}`;
}

/** The bare alias of a page: the Uzbek Latin page without a prefix. */
export function barePath(path: string): string {
  return path === '' ? '/' : path;
}

export interface SplitPath {
  /** The language the prefix names, or null for a bare path. */
  language: Language | null;
  /** The path without the prefix, always starting with '/'. */
  path: string;
}

const PREFIX_PATTERN = new RegExp(`^/(${LANGUAGES.map((l) => l.prefix).join('|')})(?=/|$)`);

export function splitLanguagePrefix(pathname: string): SplitPath {
  const match = PREFIX_PATTERN.exec(pathname);
  if (!match) return { language: null, path: pathname || '/' };
  const rest = pathname.slice(match[0].length);
  return { language: languageByPrefix(match[1]) ?? null, path: rest === '' ? '/' : rest };
}

/**
 * Where the language selector leads: the same page in the other language. The 404 page has no twin
 * (what was asked for exists in no language), so from there it leads to each language's home.
 */
export function languageLinkPath(originalPath: string, target: Language): string {
  return localizedPath(originalPath === NOT_FOUND_PATH ? ROUTES.home : originalPath, target);
}

export interface Alternate {
  hrefLang: string;
  href: string;
}

/** hreflang links of a page: one per language (prefixed URLs) plus x-default (the bare path). */
export function alternateLinks(siteUrl: string, path: string): Alternate[] {
  return [
    ...LANGUAGES.map((l) => ({ hrefLang: l.code, href: absoluteUrl(siteUrl, localizedPath(path, l)) })),
    { hrefLang: 'x-default', href: absoluteUrl(siteUrl, barePath(path)) },
  ];
}

/** Canonical URL: always the prefixed page, so a bare alias points at its /uz twin. */
export function canonicalUrl(siteUrl: string, path: string, language: Language): string {
  return absoluteUrl(siteUrl, localizedPath(path, language));
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
