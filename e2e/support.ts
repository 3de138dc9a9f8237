import { expect, type Page } from '@playwright/test';
import { apiControl, type ControlSettings } from '../tools/harness/sample-api';
import { E2E_API_URL } from './env';
import type { Load } from '../src/api-client/types';
import { expectedIds, type ListEnds } from './expected-list';

const control = apiControl(E2E_API_URL);

/** Switches the e2e sample API's behaviour (response shape, injected failure, number of loads). */
export async function controlApi(settings: ControlSettings): Promise<void> {
  await control.set(settings);
}

/** How many API requests the sample API has had since it started or was reset. */
export const apiRequests = async (): Promise<number> => (await control.state()).traffic.started;

export const resetApi = async (): Promise<void> => {
  await control.reset();
};

/**
 * Navigations to other hosts (stores, the main website) are answered here instead of leaving the
 * machine; the list records where the page tried to go.
 */
export async function interceptExternal(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>external</title>' });
  });
  return visited;
}

/**
 * Keeps the page on this site when it leaves for another (/applink's store or main website): the
 * navigation is aborted, so the page stays where it was, and its address recorded.
 */
export async function holdExternal(page: Page): Promise<string[]> {
  const attempted: string[] = [];
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => {
    attempted.push(route.request().url());
    return route.abort('aborted');
  });
  return attempted;
}

/** Counts the page's requests to the API's load list. */
export function countListRequests(page: Page): { count: () => number; urls: string[] } {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${E2E_API_URL}/loads`) && !/\/loads\/[^?]/.test(request.url())) urls.push(request.url());
  });
  return { count: () => urls.length, urls };
}

/** Every request of Gatsby's navigation from now on: page data, app-data.json, and the page's own path. */
export function gatsbyRequests(page: Page, path: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/page-data/') || url.pathname === path) sent.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return sent;
}

/** Whether the page's main has hydrated: React 18 keeps its fiber on the DOM node. */
export const hydratedMain = (page: Page): Promise<boolean> =>
  page.locator('main').evaluate((main) => Object.keys(main).some((key) => key.startsWith('__reactFiber$')));

/**
 * Waits until the board's island has hydrated (React keeps its fiber on the search field). A search
 * submitted before that is the plain GET form's: it works, but as a new page, so focus and
 * announcements are not the board's; tests of those wait here first.
 */
export async function boardHydrated(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('#load-search').evaluate((field) => Object.keys(field).some((key) => key.startsWith('__reactFiber$'))), {
      timeout: 10_000,
    })
    .toBe(true);
}

/**
 * The ids of the list a URL's query names over `loads`, in its order: worked out by expected-list.ts, a
 * plain reading of the contract's rules apart from the board's matcher, which these tests then test too.
 */
export function matchingIds(loads: readonly Load[], search: string, list: ListEnds = {}): string[] {
  return expectedIds(loads, search, list);
}

/** The cards of the list on screen: list items that link a load page. */
export const loadCards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/load/"]') });

/** The board's one live region, which says the list's count (a refused kept search says so in a status of its own). */
export const boardStatus = (page: Page) => page.locator('p[role="status"][aria-atomic="true"]');

/** The ids of the loads on screen, in order. */
export async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await loadCards(page)
    .locator('a[href*="/load/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^.*\/load\//, ''));
}

/**
 * Watches the page's requests whose path `wanted` picks, from now on; the returned function gives the paths
 * of those the browser's cache did not answer, by Chromium's own word (CDP): a revalidated file is a round
 * trip all the same.
 */
export async function uncachedRequests(page: Page, wanted: (pathname: string) => boolean): Promise<() => string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const paths = new Map<string, string>();
  const fromCache = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const { pathname } = new URL(event.request.url);
    if (wanted(pathname)) paths.set(event.requestId, pathname);
  });
  cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache) fromCache.add(event.requestId);
  });
  return () => {
    if (paths.size === 0) throw new Error('No request of the kind watched was made: the watch proves nothing');
    return [...paths].filter(([id]) => !fromCache.has(id)).map(([, pathname]) => pathname);
  };
}
