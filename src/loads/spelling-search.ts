/**
 * One board search over every spelling of a place, apart from HTTP (the caller injects `fetchPage`).
 * The API's `search` is a substring match, so a place stored as Toshkent, Тошкент and Ташкент needs one
 * request per spelling; this module merges those lists into one: deduplicated by id, newest first,
 * paged like any list.
 *
 * Why the first P pages of each spelling are enough for page P of the merged list: each spelling's
 * list comes newest first (the API's order) and the merge takes, one at a time, the newest of the
 * spellings' next loads (ties by id, posting-time.ts), so every load of the merged list's first P·limit
 * comes from some spelling's first P·limit. When the API sent broken items (normalizing drops them), a
 * spelling's P pages hold fewer loads: the merge then reads that spelling's next page rather than
 * guess what comes after its last load.
 *
 * Where a spelling ends is the API's word (its total, or a short page when it reports none), never how
 * many loads survived normalizing.
 *
 * The total: the union's size cannot be known from per-spelling totals when a load matches two
 * spellings (a load from Тошкент to "Chirchiq, Toshkent viloyati" is in both; the API matches titles
 * too), short of reading every spelling to its end. See unionTotal for when it is exact and when a
 * bound (`totalBound`).
 *
 * The work is bounded: at most SEARCH_CONCURRENCY requests in flight, and no page deeper than
 * MERGED_SEARCH_MAX_PAGES is read; a page past that depth, or past the list's end as page 1 already
 * tells, costs what page 1 costs (`beyond`).
 */
import type { Load, LoadList } from '../api-client/types';
import { MERGED_SEARCH_MAX_PAGES, SEARCH_CONCURRENCY } from '../config/constants';
import { newestFirst, postedAt } from './posting-time';

/** One page of one spelling's list as the API paged it. */
export interface SpellingPage {
  list: LoadList;
  /** The total the API reported for the spelling; null when it reported none (a bare array). */
  reportedTotal: number | null;
  /** Items the API sent on this page, before normalizing dropped broken ones and repeats. */
  received: number;
}

/** One page (1-based) of one spelling's list. Rejects on any failure; must honour `signal`. */
export type FetchSpellingPage = (search: string, page: number, limit: number, signal: AbortSignal) => Promise<SpellingPage>;

export interface MergedPage extends LoadList {
  /** API requests this page cost (pages already in `cache` cost none). */
  requests: number;
}

/**
 * Pages read earlier in the same search, keyed by spelling and page, so the next page of the merged
 * list costs one request per spelling rather than P. The caller decides how long it lives (the board:
 * one search, and not across a refresh).
 */
export type SpellingPageCache = Map<string, SpellingPage>;

export interface MergeOptions {
  signal?: AbortSignal;
  cache?: SpellingPageCache;
}

const cacheKey = (spelling: string, page: number) => `${page}\u0000${spelling}`;

function pagesOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** Runs tasks at most `concurrency` at a time; once `signal` is aborted, a queued task never starts. */
function limiter(concurrency: number, signal: AbortSignal) {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    while (active < concurrency && queue.length > 0) (queue.shift() as () => void)();
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        if (signal.aborted) return reject(signal.reason);
        active += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            active -= 1;
            next();
          });
      });
      next();
    });
}

/**
 * Page `page` of the merged list of `spellings` (each trimmed, deduplicated, empty ones dropped; at
 * least one must remain). Round one reads page 1 of every spelling; unless that shows the page is past
 * the list's end or deeper than MERGED_SEARCH_MAX_PAGES, round two reads pages 2..`page` of each
 * spelling that has them. At most SEARCH_CONCURRENCY requests run at once. The first failure aborts
 * the others and rejects: the caller shows an error, never a partial list. Aborting `signal` aborts
 * every request.
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
  const wanted = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  const cache = options.cache ?? new Map<string, SpellingPage>();
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  const run = limiter(SEARCH_CONCURRENCY, controller.signal);
  let requests = 0;

  const get = (spelling: string, apiPage: number): Promise<SpellingPage> => {
    const key = cacheKey(spelling, apiPage);
    const known = cache.get(key);
    if (known) return Promise.resolve(known);
    return run(async () => {
      requests += 1;
      const answer = await fetchPage(spelling, apiPage, limit, controller.signal);
      cache.set(key, answer);
      return answer;
    });
  };
  const cancelSiblings = (error: unknown) => {
    controller.abort(error);
    return error;
  };
  /** Every task of a round; the first failure cancels the others, queued ones included. */
  const round = <T>(work: Array<Promise<T>>) =>
    Promise.all(work.map((promise) => promise.catch((error: unknown) => Promise.reject(cancelSiblings(error)))));
  /** The pages of one spelling up to `last`: all at once where the API told its total, else one by one. */
  const readTo = async (spelling: string, pages: SpellingPage[], last: number): Promise<SpellingPage[]> => {
    const read = [...pages];
    const total = read[0]?.reportedTotal ?? null;
    if (total !== null) {
      const end = Math.min(last, pagesOf(total, limit));
      const more: Array<Promise<SpellingPage>> = [];
      for (let apiPage = read.length + 1; apiPage <= end; apiPage += 1) more.push(get(spelling, apiPage));
      return [...read, ...(await Promise.all(more))];
    }
    while (read.length < last && !streamOf(spelling, read, limit).ended) read.push(await get(spelling, read.length + 1));
    return read;
  };

  try {
    const firsts = await round(unique.map((spelling) => get(spelling, 1)));
    let streams = firsts.map((first) => [first]);
    const early = mergeStreams(unique, streams, 1, limit).page;
    const start = (wanted - 1) * limit;
    const surelyPast = wanted > 1 && early.totalBound !== 'atLeast' && start >= early.total;
    if (wanted > MERGED_SEARCH_MAX_PAGES || surelyPast) {
      return { ...early, loads: [], page: wanted, beyond: surelyPast ? 'end' : 'depth', requests };
    }
    streams = await round(streams.map((pages, i) => readTo(unique[i] as string, pages, wanted)));
    let merged = mergeStreams(unique, streams, wanted, limit);
    // Broken items left a spelling short of the loads this page needs: read on, at most `wanted` pages more.
    for (let extra = 0; merged.starved.length > 0 && extra < wanted; extra += 1) {
      const starved = new Set(merged.starved);
      streams = await round(
        streams.map((pages, i) => (starved.has(i) ? readTo(unique[i] as string, pages, pages.length + 1) : Promise.resolve(pages))),
      );
      merged = mergeStreams(unique, streams, wanted, limit);
    }
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('Aborted');
    const result = merged.page;
    return { ...result, ...(wanted > 1 && result.loads.length === 0 ? { beyond: 'end' as const } : {}), requests };
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
}

interface Stream {
  spelling: string;
  /** The API's total for the spelling (its latest word), or null when it reports none. */
  reportedTotal: number | null;
  /** The loads read, in the API's order, each once. */
  loads: Load[];
  ids: Set<string>;
  /** Every load of the spelling was read, by the API's pagination. */
  ended: boolean;
  /** Items the API sent that normalizing dropped (broken, or repeated on one page). */
  dropped: number;
  /** Posting time of the oldest load read: the spelling's loads not read are no newer than it. */
  frontier: number;
}

function streamOf(spelling: string, pages: readonly SpellingPage[], limit: number): Stream {
  const loads: Load[] = [];
  const ids = new Set<string>();
  let dropped = 0;
  let reportedTotal: number | null = null;
  for (const { list, received, reportedTotal: total } of pages) {
    dropped += Math.max(0, received - list.loads.length);
    if (total !== null) reportedTotal = total;
    for (const load of list.loads)
      if (!ids.has(load.id)) {
        ids.add(load.id);
        loads.push(load);
      }
  }
  const last = pages[pages.length - 1];
  const ended =
    !last ||
    pages.some((read) => read.received === 0) ||
    (reportedTotal !== null ? pages.length >= pagesOf(reportedTotal, limit) : last.received < limit);
  const frontier = loads.reduce((oldest, load) => Math.min(oldest, postedAt(load)), Infinity);
  return { spelling, reportedTotal, loads, ids, ended, dropped, frontier };
}

/**
 * Whether the API's search for `stream`'s spelling surely finds `load`: seen in its answer, or (for a
 * spelling not read to its end) the load's places contain the spelling, as the API's place search
 * finds them whatever else it searches.
 */
function surelyFinds(stream: Stream, load: Load): boolean {
  if (stream.ids.has(load.id)) return true;
  if (stream.ended) return false;
  const spelling = stream.spelling.toLowerCase();
  return load.from.toLowerCase().includes(spelling) || load.to.toLowerCase().includes(spelling);
}

/**
 * Whether the search for `stream`'s spelling surely does not find `load`: the spelling was read to
 * its end without it, or past it (its list, newest first, went on to older loads without it). Else
 * only reading on could tell: the API may match the load's title, or anything CONTRACT.md leaves open.
 */
function surelyMisses(stream: Stream, load: Load): boolean {
  if (stream.ids.has(load.id)) return false;
  if (stream.ended) return true;
  return stream.frontier > -Infinity && postedAt(load) > stream.frontier;
}

/**
 * The union's size, counted spelling by spelling as the loads not found by a spelling counted before.
 * A spelling read to its end adds its loads that no earlier one finds; one not read to its end adds
 * the API's total, less the loads of its pages read that an earlier one surely finds. Counting the one
 * spelling not read to its end first, that is exact when every later load is surely found or surely
 * missed by it. Otherwise a load may be counted twice: the total is an upper bound (`atMost`, so the
 * pager never hides a page; a last page may come up short). With a spelling whose API reports no
 * total, the loads read are all that is known: a lower bound (`atLeast`).
 */
function unionTotal(streams: readonly Stream[], distinctRead: number): Pick<LoadList, 'total' | 'totalBound'> {
  const open = streams.filter((stream) => !stream.ended);
  if (open.length === 0) return { total: distinctRead };
  if (open.some((stream) => stream.reportedTotal === null)) return { total: distinctRead, totalBound: 'atLeast' };
  const ordered = [...open, ...streams.filter((stream) => stream.ended)];
  let total = 0;
  let doubtful = open.length > 1 || open.some((stream) => stream.dropped > 0);
  ordered.forEach((stream, position) => {
    const earlier = ordered.slice(0, position);
    let shared = 0;
    for (const load of stream.loads) {
      if (earlier.some((other) => surelyFinds(other, load))) shared += 1;
      else if (!earlier.every((other) => surelyMisses(other, load))) doubtful = true;
    }
    total += (stream.ended ? stream.loads.length : (stream.reportedTotal as number)) - shared;
  });
  return doubtful ? { total, totalBound: 'atMost' } : { total };
}

/**
 * The merged page and the spellings (indexes) whose loads read ran out before it was certain: a
 * spelling not read to its end whose every load read is taken may have its next load before any other
 * spelling's next one.
 */
function mergeStreams(
  spellings: readonly string[],
  pages: ReadonlyArray<readonly SpellingPage[]>,
  page: number,
  limit: number,
): { page: Omit<MergedPage, 'requests'>; starved: number[] } {
  const read = pages.map((list, i) => streamOf(spellings[i] ?? '', list, limit));
  const taken = new Set<string>();
  const cursors = read.map((stream) => ({ stream, at: 0 }));
  /** The stream's next load not yet taken from another spelling. */
  const headOf = (cursor: (typeof cursors)[number]): Load | undefined => {
    let head = cursor.stream.loads[cursor.at];
    while (head && taken.has(head.id)) {
      cursor.at += 1;
      head = cursor.stream.loads[cursor.at];
    }
    return head;
  };
  const merged: Load[] = [];
  const starved: number[] = [];
  while (merged.length < page * limit) {
    let best: { cursor: (typeof cursors)[number]; head: Load } | null = null;
    for (const [i, cursor] of cursors.entries()) {
      const head = headOf(cursor);
      if (!head) {
        if (!cursor.stream.ended) starved.push(i);
      } else if (!best || newestFirst(head, best.head) < 0) best = { cursor, head };
    }
    if (starved.length > 0 || !best) break;
    taken.add(best.head.id);
    merged.push(best.head);
    best.cursor.at += 1;
  }
  const distinct = new Set(read.flatMap((stream) => [...stream.ids])).size;
  const union = unionTotal(read, distinct);
  const start = (page - 1) * limit;
  const loads = merged.slice(start, start + limit);
  // A board that changed between two requests can report less than was read: never say fewer than shown.
  const total = loads.length > 0 ? Math.max(union.total, start + loads.length) : union.total;
  return { page: { loads, total, page, limit, ...(union.totalBound ? { totalBound: union.totalBound } : {}) }, starved };
}
