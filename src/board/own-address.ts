/**
 * A city or route page is a page of Gatsby's without a matchPath, and Gatsby's loader keys a page's data by
 * path and query: each new query of its list made Gatsby ask for the page's data under that query (10-14 KB
 * gzip of the same file) and `app-data.json` before the address changed, two round trips before the
 * list's own request; on a page the build did not make (the 404 page's fallback), the host's 404 page, the
 * 404 page's data and the path itself. Their list's query is the page's own, so such a page changes its
 * address itself (`pushOwnAddress`) and follows it (hooks/use-address-search.ts, Back and Forward
 * included, which still go through Gatsby). Apart from the hook so the board's first script carries two
 * lines. The board has a matchPath (src/gatsby/create-pages.ts) and goes through Gatsby.
 */
export const OWN_ADDRESS_EVENT = 'yukbor-own-address';

export function pushOwnAddress(href: string): void {
  window.history.pushState(window.history.state, '', href);
  window.dispatchEvent(new Event(OWN_ADDRESS_EVENT));
}
