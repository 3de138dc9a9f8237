/**
 * A page the build did not make (the 404 page's fallback for a route) is no page of Gatsby's: a new query
 * there would make Gatsby's loader ask for the path's page data (the host's 404 page, about 13 KB), the 404
 * page's data and the path itself before the address changed. Its list's query is the page's own, so
 * such a page changes its address itself (`pushOwnAddress`) and follows it (place-fallback.tsx, with
 * Back and Forward, which still go through Gatsby). Apart from the hook so the board's first script
 * carries two lines.
 */
export const OWN_ADDRESS_EVENT = 'yukbor-own-address';

export function pushOwnAddress(href: string): void {
  window.history.pushState(window.history.state, '', href);
  window.dispatchEvent(new Event(OWN_ADDRESS_EVENT));
}
