/**
 * Crawlers and auditing tools that run script. Load pages exist for search engines and link previews;
 * handing these over to /applink would make every load page look like a redirect to the app and drop
 * it from the index, so they stay on the page (people are still handed over).
 */
const CRAWLER = /bot\b|crawler|spider|slurp|googlebot|google-inspectiontool|bingpreview|yandex|baiduspider|duckduckbot|facebookexternalhit|telegrambot|whatsapp|lighthouse|chrome-lighthouse|pagespeed|headlesschrome-seo/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}
