import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Load } from '../../src/api-client/types';
import { filterFiles, type FilterFiles } from '../../src/gatsby/filter-files';
import { groupBuildLoads } from '../../src/gatsby/place-pages';
import { newestPosting } from '../../src/loads/built-time';
import { placeFilesFromLoads } from '../../src/places/place-file-from-loads';

export interface PublishedFilters {
  /** Absolute URL of a public path of the files. */
  url: (path: string) => string;
  files: FilterFiles;
  placeFileUrl: string;
  /** Paths requested from the files' server, in order. */
  requested: string[];
  close: () => Promise<void>;
}

/**
 * What a build publishes for `loads` (the filter indexes and card chunks, and the Uzbek Latin place
 * file), made by the build's own code and served over HTTP as the site serves them.
 */
export async function publishFilters(loads: readonly Load[], vehicleTypes: readonly string[]): Promise<PublishedFilters> {
  const files = filterFiles(loads, groupBuildLoads(loads), vehicleTypes, newestPosting(loads) ?? Date.now());
  const placeFile = JSON.stringify(placeFilesFromLoads(loads.flatMap((load) => [load.from, load.to])).uz);
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    const path = decodeURIComponent(request.url ?? '');
    requested.push(path);
    const body = path === '/places/uz.json' ? placeFile : files.files.get(path);
    response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    response.end(body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${origin}${path}`,
    files,
    placeFileUrl: `${origin}/places/uz.json`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
