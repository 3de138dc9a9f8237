import { LANGUAGES, DEFAULT_LANGUAGE, type Language, languageByPrefix } from '../config/languages';

/**
 * Loads newer than the build have no page; the host serves 404.html for them, and the 404 page
 * recognises their path after mount (STACK-NOTES.md: a matchPath catch-all would grow app.js).
 */
export const LOAD_FALLBACK_PATTERN = new RegExp(`^(?:/(${LANGUAGES.map((l) => l.prefix).join('|')}))?/load/([^/]+)/?$`);

export interface FallbackRoute {
  language: Language;
  routed: boolean;
  /** The id as the URL carries it, decoded; null when it cannot be decoded. */
  id: string | null;
}

export function matchLoadFallback(pathname: string): FallbackRoute | null {
  const match = LOAD_FALLBACK_PATTERN.exec(pathname);
  if (!match) return null;
  let id: string | null;
  try {
    id = decodeURIComponent(match[2] ?? '').trim() || null;
  } catch {
    id = null;
  }
  return { language: languageByPrefix(match[1]) ?? DEFAULT_LANGUAGE, routed: Boolean(match[1]), id };
}

/**
 * City and route paths the build made no page for (CONTRACT.md, "Trips" and Routes): a route of any two
 * known places is rendered in the browser, and a slug in another spelling (`samarkand`, `Ташкент`)
 * leads to the place's own page. The 404 page recognises them after mount, as it does newer loads.
 */
export const PLACE_FALLBACK_PATTERN = new RegExp(
  `^(?:/(${LANGUAGES.map((l) => l.prefix).join('|')}))?/loads/(?:(from|to)/([^/]+)|route/([^/]+)/([^/]+))/?$`,
);

export interface PlaceFallbackRoute {
  language: Language;
  routed: boolean;
  kind: 'from' | 'to' | 'route';
  /** The slugs as the URL carries them, decoded: one for a city, from and to for a route. */
  slugs: string[];
}

const decoded = (part: string): string | null => {
  try {
    return decodeURIComponent(part).trim() || null;
  } catch {
    return null;
  }
};

export function matchPlaceFallback(pathname: string): PlaceFallbackRoute | null {
  const match = PLACE_FALLBACK_PATTERN.exec(pathname);
  if (!match) return null;
  const [, prefix, city, slug, from, to] = match;
  const slugs = (city ? [slug] : [from, to]).map((part) => decoded(part ?? ''));
  if (slugs.some((part) => part === null)) return null;
  return {
    language: languageByPrefix(prefix) ?? DEFAULT_LANGUAGE,
    routed: Boolean(prefix),
    kind: city === 'from' || city === 'to' ? city : 'route',
    slugs: slugs as string[],
  };
}

/**
 * Runs before first paint in 404.html: marks the document so CSS shows the loading line instead of
 * "Page not found" while the script bundle is on its way (a load's path, a city's or a route's; an
 * unknown place then takes the mark off). Its hash is allowed by the CSP.
 */
export const FALLBACK_MARKER_SCRIPT = `if(${LOAD_FALLBACK_PATTERN.toString()}.test(location.pathname)||${PLACE_FALLBACK_PATTERN.toString()}.test(location.pathname))document.documentElement.setAttribute('data-load-fallback','')`;
