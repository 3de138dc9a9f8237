import { fetchVehicleTypes } from '../../src/api-client/client';
import type { Load } from '../../src/api-client/types';
import { newestFirst } from '../../src/loads/posting-time';
import type { ListOrderSetting } from '../../tools/sample-api/server';
import { everyLoad, startApi, type HarnessApi, type StartApiOptions } from '../../tools/harness/sample-api';
import { publishFilters, type PublishedFilters } from './published-filters';

/**
 * A sample API over HTTP for one test file, which the site's own client reaches as it does in a build
 * (GATSBY_API_URL); stopped, and the variable put back, after the file. `started` hands the API over.
 */
export function siteApiForFile(options: StartApiOptions, started: (api: HarnessApi) => void): void {
  const before = process.env.GATSBY_API_URL;
  let api: HarnessApi | undefined;
  beforeAll(async () => {
    api = await startApi({ port: 0, host: '127.0.0.1', quiet: true, ...options });
    process.env.GATSBY_API_URL = api.url;
    started(api);
  });
  afterAll(async () => {
    process.env.GATSBY_API_URL = before;
    await api?.close();
  });
}

/**
 * The build's read of the board as the API lists it in `order`, published and served as the site
 * serves its files, with the test's page placed on their origin (the board resolves paths against it).
 */
export async function publishedBoard(
  api: HarnessApi,
  order: ListOrderSetting,
  loads: number,
): Promise<{ built: Load[]; published: PublishedFilters }> {
  await api.control.set({ reset: true, order, loads });
  const built = (await everyLoad(api.url)).sort(newestFirst);
  const types = (await fetchVehicleTypes({ baseUrl: api.url })).map((type) => type.name);
  const published = await publishFilters(built, types, order);
  (globalThis as { location?: { href: string } }).location = { href: `${published.origin}/` };
  return { built, published };
}
