import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ListOrder } from '../../src/api-client/list-order';
import type { Load } from '../../src/api-client/types';
import { LANGUAGES, type LanguageCode } from '../../src/config/languages';
import type { ListFiles } from '../../src/board/list-types';
import { filterFiles, listFilesOf, type FilterFiles } from '../../src/gatsby/filter-files';
import { groupBuildLoads } from '../../src/loads/gazetteer-groups';
import { newestPosting } from '../../src/loads/built-time';
import { placeFilesFromLoads } from '../../src/places/place-file-from-loads';

export interface PublishedFilters {
  /** The files' origin: lists' paths are resolved against it, as the site's pages resolve them. */
  origin: string;
  files: FilterFiles;
  /** What a page of `indexPath`'s list says of its files, as the build writes it into the page. */
  listFiles: (indexPath: string, aroundPath?: string) => ListFiles;
  /** The Uzbek Latin place file's URL; `placeFileUrls` has every language's, by code. */
  placeFileUrl: string;
  placeFileUrls: Record<LanguageCode, string>;
  /** Paths requested from the files' server, in order. */
  requested: string[];
  close: () => Promise<void>;
}

/**
 * What a build publishes for `loads` (the filter indexes and card chunks, and the Uzbek Latin place
 * file naming each place's surroundings), made by the build's own code and served over HTTP as the site
 * serves them. `order`: the API's order, as the build would have learned it.
 */
export async function publishFilters(
  loads: readonly Load[],
  vehicleTypes: readonly string[],
  order: ListOrder = 'newest',
): Promise<PublishedFilters> {
  const files = filterFiles(loads, groupBuildLoads(loads), vehicleTypes, newestPosting(loads) ?? Date.now(), order);
  const placePath = (code: LanguageCode) => `/places/${code}.json`;
  // The place files name each place's surroundings by the files' full URL: a test page's own origin is another.
  const around = new Map<string, string>();
  let placeFiles: ReturnType<typeof placeFilesFromLoads> | null = null;
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    const path = decodeURIComponent(request.url ?? '');
    requested.push(path);
    const place = LANGUAGES.find(({ code }) => path === placePath(code));
    placeFiles ??= placeFilesFromLoads(
      loads.flatMap((load) => [load.from, load.to]),
      around,
    );
    const body = place ? JSON.stringify(placeFiles[place.code]) : files.files.get(path);
    response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    response.end(body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const [slug, path] of files.around) around.set(slug, `${origin}${path}`);
  return {
    origin,
    files,
    listFiles: (indexPath, aroundPath) => listFilesOf(files, indexPath, aroundPath),
    placeFileUrl: `${origin}${placePath('uz')}`,
    placeFileUrls: Object.fromEntries(LANGUAGES.map(({ code }) => [code, `${origin}${placePath(code)}`])) as Record<LanguageCode, string>,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
