import { ROUTES } from '../config/routes';
import type { Language } from '../config/languages';
import { localizedPath } from '../i18n/paths';

/**
 * Crawlers and auditing tools that run script. Load pages exist for search engines and link previews;
 * handing these over to /applink would make every load page look like a redirect to the app and drop
 * it from the index, so they stay on the page (people are still handed over).
 */
// `bot\b` covers Googlebot, DuckDuckBot, TelegramBot and the like; `lighthouse` covers Chrome-Lighthouse.
const CRAWLER =
  /bot\b|crawler|spider|slurp|google-inspectiontool|bingpreview|yandex|baiduspider|facebookexternalhit|whatsapp|lighthouse|pagespeed|headlesschrome-seo/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

/**
 * Where a load page sends its visitor: /applink in the page's language (bare for the bare alias), or
 * nowhere for a crawler or before there is a browser to ask.
 */
export function loadHandOverTarget(routed: boolean, language: Language): string | null {
  if (typeof navigator === 'undefined' || isCrawler(navigator.userAgent)) return null;
  return routed ? localizedPath(ROUTES.applink, language) : ROUTES.applink;
}
