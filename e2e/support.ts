import type { Page } from '@playwright/test';
import { E2E_API_URL } from './env';

const CONTROL_URL = E2E_API_URL.replace(/\/api$/, '/__control');

/** Switches the e2e sample API's behaviour (response shape, injected failure, number of loads). */
export async function controlApi(settings: Record<string, unknown>): Promise<void> {
  const response = await fetch(CONTROL_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`Sample API control failed: ${response.status} ${await response.text()}`);
}

export const resetApi = () => controlApi({ reset: true });

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

/** Counts the page's requests to the API's load list. */
export function countListRequests(page: Page): { count: () => number; urls: string[] } {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${E2E_API_URL}/loads`) && !/\/loads\/[^?]/.test(request.url())) urls.push(request.url());
  });
  return { count: () => urls.length, urls };
}
