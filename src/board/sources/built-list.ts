import type { Load } from '../../api-client/types';
import { abortable } from './abortable';
import { FileFailure } from './file-failure';
import { cardChunkPath, decodeFilterIndex, loadFromTuple, type DecodedIndex, type FilterIndexFile } from './filter-index';
import type { FilterRow } from '../../search/rows';

/**
 * A list as the build published it (filter-index.ts): its index, fetched once per page view, and the
 * cards of any of its rows, from as few chunk files as the rows need (two layouts, chunks already
 * fetched count as free). Both are content-hashed files of the site, cached by the browser, the CDN and
 * the offline worker for a year.
 */
export interface BuiltList {
  index(signal: AbortSignal): Promise<DecodedIndex>;
  cards(rows: readonly FilterRow[], index: DecodedIndex, signal: AbortSignal): Promise<Map<string, Load>>;
}

/** A list with no published index (a route without open loads): no rows. */
export const EMPTY_INDEX: DecodedIndex = { builtAt: 0, vehicles: [], rows: [], layouts: [] };

/** A file that does not come is told apart from one that comes wrong: the board says "offline" for the first (failure.ts). */
async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new FileFailure(`${url} could not be reached`, true, { cause: error });
  }
  if (!response.ok) throw new FileFailure(`${url}: HTTP ${response.status}`, false);
  return response.json();
}

/** Chunks are shared between lists: an around list and a city's hold many of the same cards. */
const CHUNKS = new Map<string, Promise<Map<string, Load>>>();
const INDEXES = new Map<string, Promise<DecodedIndex>>();
const FILES = new Map<string, Promise<unknown>>();

/** Shared work is not tied to one request's signal: a change made while it loads still wants it. */
function once<T>(cache: Map<string, Promise<T>>, url: string, read: () => Promise<T>): Promise<T> {
  let pending = cache.get(url);
  if (!pending) {
    pending = read();
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

function chunkOf(url: string): Promise<Map<string, Load>> {
  return once(CHUNKS, url, () =>
    fetchJson(url, new AbortController().signal).then((tuples) => {
      const byId = new Map<string, Load>();
      if (Array.isArray(tuples))
        for (const tuple of tuples) {
          const load = loadFromTuple(tuple);
          if (load) byId.set(load.id, load);
        }
      return byId;
    }),
  );
}

/** The chunk files of one layout that hold `rows`. */
function layoutFiles(
  layout: DecodedIndex['layouts'][number],
  rows: readonly FilterRow[],
  rowNumber: Map<FilterRow, number>,
  url: (hash: string) => string,
) {
  const files = new Set<string>();
  for (const row of rows) {
    const file = layout.files[layout.chunkOfRow[rowNumber.get(row) ?? -1] ?? -1];
    if (file) files.add(url(file));
  }
  return [...files];
}

/**
 * A file of the site read once per page view, by whichever chunk asks first (the fallback's page and a
 * filter on it read the board's routes): `path` is resolved against the page.
 */
export function sharedJson(path: string, signal: AbortSignal): Promise<unknown> {
  const url = new URL(path, globalThis.location?.href ?? 'http://localhost/').href;
  return abortable(
    once(FILES, url, () => fetchJson(url, new AbortController().signal)),
    signal,
  );
}

/** `indexPath`: a path of the site, or a full URL; the card chunks are resolved beside it. */
export function builtList(indexPath: string): BuiltList {
  const base = new URL(indexPath || '/', globalThis.location?.href ?? 'http://localhost/');
  const chunkUrl = (hash: string) => new URL(cardChunkPath(hash), base).href;
  return {
    index: (signal) =>
      indexPath
        ? abortable(
            once(INDEXES, base.href, () =>
              fetchJson(base.href, new AbortController().signal).then((file) => decodeFilterIndex(file as FilterIndexFile)),
            ),
            signal,
          )
        : Promise.resolve(EMPTY_INDEX),
    async cards(rows, index, signal) {
      const rowNumber = new Map(index.rows.map((row, i) => [row, i]));
      const uncached = (files: string[]) => files.filter((file) => !CHUNKS.has(file)).length;
      let best: string[] | null = null;
      for (const layout of index.layouts) {
        const files = layoutFiles(layout, rows, rowNumber, chunkUrl);
        if (!best || uncached(files) < uncached(best)) best = files;
      }
      const maps = await Promise.all((best ?? []).map((url) => abortable(chunkOf(url), signal)));
      const cards = new Map<string, Load>();
      for (const map of maps) map.forEach((load, id) => cards.set(id, load));
      return cards;
    },
  };
}
