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
 * Runs before first paint in 404.html: marks the document so CSS shows the loading line instead of
 * "Page not found" while the script bundle is on its way. Its hash is allowed by the CSP.
 */
export const FALLBACK_MARKER_SCRIPT = `if(${LOAD_FALLBACK_PATTERN.toString()}.test(location.pathname))document.documentElement.setAttribute('data-load-fallback','')`;
