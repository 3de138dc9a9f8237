/**
 * One board search over every spelling of a place, apart from HTTP (the caller injects `fetchPage`).
 * The API's `search` is a substring match, so a place stored as Toshkent, Тошкент and Ташкент needs one
 * request per spelling; this module merges those lists into one: deduplicated by id, newest first,
 * paged like any list.
 *
 * Why the first P pages of each spelling are enough for page P of the merged list: each spelling's
 * list comes newest first (the API's order), so a load at position k of one spelling's list has at
 * least k-1 distinct newer loads in the merged list, and a load beyond a spelling's first P·limit is
 * never among the merged list's first P·limit.
 *
 * The total: the union's size cannot be known from per-spelling totals when a load matches two
 * spellings (a load from Тошкент to "Chirchiq, Toshkent viloyati" is in both), short of reading every
 * spelling to its end. It is exact when at most one spelling has loads beyond the pages read (the
 * usual case: the dictionary's spelling has many pages, hand-typed ones fit on one) and on the last
 * page; otherwise an upper bound that counts the overlaps not yet read twice (`exact` false, and the
 * status line says "at most"). See unionTotal.
 */
import type { Load, LoadList } from '../api-client/types';

/** One page of one spelling's list (1-based). Rejects on any failure; must honour `signal`. */
export type FetchSpellingPage = (search: string, page: number, limit: number, signal: AbortSignal) => Promise<LoadList>;

export interface MergedPage extends LoadList {
  /** False when `total` may count loads that match two spellings more than once (see above). */
  exact: boolean;
  /** API requests this page cost (pages already in `cache` cost none). */
  requests: number;
}

/**
 * Pages read earlier in the same search, keyed by spelling and page, so the next page of the merged
 * list costs one request per spelling rather than P. The caller decides how long it lives (the board:
 * one search, and not across a refresh).
 */
export type SpellingPageCache = Map<string, LoadList>;

export interface MergeOptions {
  signal?: AbortSignal;
  cache?: SpellingPageCache;
}

const cacheKey = (spelling: string, page: number) => `${page}\u0000${spelling}`;

function pagesOf(list: LoadList, limit: number): number {
  return Math.max(1, Math.ceil(list.total / limit));
}

/**
 * Page `page` of the merged list of `spellings` (each trimmed, deduplicated, empty ones dropped; at
 * least one must remain). At most one request per spelling and API page, pages 1..`page` only, and
 * only those within the spelling's total; the requests of one round run at once. The first failure
 * aborts the others and rejects: the caller shows an error, never a partial list. Aborting `signal`
 * aborts every request.
 */
export async function mergedSpellingPage(
  spellings: readonly string[],
  page: number,
  limit: number,
  fetchPage: FetchSpellingPage,
  options: MergeOptions = {},
): Promise<MergedPage> {
  const unique = [...new Set(spellings.map((spelling) => spelling.trim()).filter(Boolean))];
  if (unique.length === 0) throw new Error('mergedSpellingPage: no spelling to search');
  const wanted = Math.max(1, Math.floor(page));
  const cache = options.cache ?? new Map<string, LoadList>();
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  let requests = 0;

  const get = async (spelling: string, apiPage: number): Promise<LoadList> => {
    const key = cacheKey(spelling, apiPage);
    const known = cache.get(key);
    if (known) return known;
    requests += 1;
    const list = await fetchPage(spelling, apiPage, limit, controller.signal);
    cache.set(key, list);
    return list;
  };
  /** Every request of a round at once; the first failure cancels its siblings. */
  const round = <T>(work: Array<Promise<T>>) =>
    Promise.all(work.map((promise) => promise.catch((error: unknown) => Promise.reject(cancelSiblings(error)))));
  const cancelSiblings = (error: unknown) => {
    controller.abort(error);
    return error;
  };
  /** Pages 2..wanted that exist, once page 1 told the spelling's total. */
  const laterPages = (spelling: string, first: LoadList) => {
    const last = Math.min(wanted, pagesOf(first, limit));
    const pages: Array<Promise<LoadList>> = [];
    for (let apiPage = 2; apiPage <= last; apiPage += 1) pages.push(get(spelling, apiPage));
    return pages;
  };

  try {
    // Round one: page 1 of every spelling, and the later pages of those whose page 1 is cached.
    const firsts = await round(
      unique.map(async (spelling) => {
        const cached = cache.get(cacheKey(spelling, 1));
        return cached ? [cached, ...(await Promise.all(laterPages(spelling, cached)))] : [await get(spelling, 1)];
      }),
    );
    // Round two: the later pages of the spellings whose page 1 just arrived.
    const streams = await round(
      firsts.map(async (pages, i) => {
        const first = pages[0] as LoadList;
        if (pages.length > 1 || wanted === 1) return pages;
        return [first, ...(await Promise.all(laterPages(unique[i] as string, first)))];
      }),
    );
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('Aborted');
    return { ...mergePages(unique, streams, wanted, limit), requests };
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
}

function createdTime(load: Load): number {
  const time = load.createdAt ? Date.parse(load.createdAt) : NaN;
  return Number.isFinite(time) ? time : -Infinity;
}

interface Stream {
  spelling: string;
  total: number;
  /** The loads read, in the API's order, each once. */
  loads: Load[];
  ids: Set<string>;
  /** Every load of the spelling was read. */
  ended: boolean;
}

function streamOf(spelling: string, pages: readonly LoadList[], limit: number): Stream {
  const loads: Load[] = [];
  const ids = new Set<string>();
  for (const list of pages)
    for (const load of list.loads)
      if (!ids.has(load.id)) {
        ids.add(load.id);
        loads.push(load);
      }
  const total = pages[0]?.total ?? 0;
  const last = pages[pages.length - 1];
  return { spelling, total, loads, ids, ended: !last || last.loads.length < limit || loads.length >= total };
}

/**
 * Whether the API's search for `stream`'s spelling finds `load`: seen in its answer, or the load's
 * places contain the spelling (case-insensitively, as the API matches). Place texts only: the API may
 * search more (the sample API searches titles too), and a match missed here only counts a load twice,
 * which keeps the total an upper bound; a match claimed here that the API would not make could not.
 */
function finds(stream: Stream, load: Load): boolean {
  if (stream.ids.has(load.id)) return true;
  const spelling = stream.spelling.toLowerCase();
  return load.from.toLowerCase().includes(spelling) || load.to.toLowerCase().includes(spelling);
}

/**
 * The union's size, counted spelling by spelling as the loads not found by a spelling counted before:
 * a spelling read to its end adds its loads that no earlier one finds; one not read to its end adds
 * its whole total, less the loads of its pages read that an earlier one finds. Counting the one
 * spelling not read to its end first makes that exact; with two or more, the unread overlaps are
 * counted twice (`exact` false).
 */
function unionTotal(streams: readonly Stream[]): { total: number; exact: boolean } {
  const ordered = [...streams.filter((s) => !s.ended), ...streams.filter((s) => s.ended)];
  let total = 0;
  ordered.forEach((stream, position) => {
    const earlier = ordered.slice(0, position);
    const shared = stream.loads.filter((load) => earlier.some((other) => finds(other, load))).length;
    total += (stream.ended ? stream.loads.length : stream.total) - shared;
  });
  return { total, exact: ordered.filter((s) => !s.ended).length <= 1 };
}

/**
 * `streams[i]`: the pages read of `spellings[i]`, in page order. Pure: the merged page, its total and
 * whether the total is exact. Ties in posting time keep the order of the spellings, then of the API.
 */
export function mergePages(
  spellings: readonly string[],
  streams: ReadonlyArray<readonly LoadList[]>,
  page: number,
  limit: number,
): Omit<MergedPage, 'requests'> {
  const read = streams.map((pages, i) => streamOf(spellings[i] ?? '', pages, limit));
  const seen = new Map<string, { load: Load; time: number; order: number }>();
  let order = 0;
  for (const stream of read)
    for (const load of stream.loads) {
      if (!seen.has(load.id)) seen.set(load.id, { load, time: createdTime(load), order });
      order += 1;
    }
  const merged = [...seen.values()].sort((a, b) => b.time - a.time || a.order - b.order).map((entry) => entry.load);
  const start = (page - 1) * limit;
  const loads = merged.slice(start, start + limit);
  const everyEnd = read.every((stream) => stream.ended);
  const union = everyEnd ? { total: merged.length, exact: true } : unionTotal(read);
  // A board that changed between two requests can report less than was read: never say fewer than shown.
  return { loads, total: Math.max(union.total, start + loads.length), page, limit, exact: union.exact };
}
