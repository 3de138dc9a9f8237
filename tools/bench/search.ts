/**
 * npm run bench:search [-- --loads N]: what a board search for a place costs in API requests, for
 * places searched in 1, 2 and 4 spellings (and every other place with loads), against the sample API
 * with N loads (default 1,000: at 120 no place has four spellings). Counts requests, not time: page 1,
 * the next pages as a visitor pages on (earlier pages kept), pages 3, MERGED_SEARCH_MAX_PAGES and 60
 * opened directly from a link, the most requests in flight at once; and how far the status line's total
 * is from the true count while the end is unread ("exact", "at most" or "at least").
 */
import { everyLoad, startApi } from '../harness/sample-api';
import { fetchLoadsPage } from '../../src/api-client/client';
import type { LoadList } from '../../src/api-client/types';
import { MERGED_SEARCH_MAX_PAGES, PAGE_SIZE } from '../../src/config/constants';
import { mergedSpellingPage, type FetchSpellingPage, type SpellingPageCache } from '../../src/loads/spelling-search';
import { placeFilesFromLoads } from '../../src/places/place-file-from-loads';
import { numberFlag, readFlags } from './flags';

interface Row {
  place: string;
  spellings: number;
  loads: number;
  pages: number;
  firstPage: number;
  nextPage: string;
  direct3: number;
  directDeepest: number;
  direct60: number;
  maxInFlight: number;
  firstTotal: string;
}

const BOUND_WORDS = { atMost: 'at most ', atLeast: 'at least ' } as const;

async function measure(baseUrl: string, slug: string, spellings: string[]): Promise<Row> {
  let requests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage: FetchSpellingPage = async (search, page, limit, signal) => {
    requests += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      return await fetchLoadsPage({ page, limit, search }, { signal, baseUrl });
    } finally {
      inFlight -= 1;
    }
  };
  const search = (page: number, cache: SpellingPageCache): Promise<LoadList> =>
    spellings.length > 1
      ? mergedSpellingPage(spellings, page, PAGE_SIZE, fetchPage, { cache })
      : fetchPage(spellings[0] as string, page, PAGE_SIZE, new AbortController().signal).then((answer) => answer.list);
  const direct = async (page: number) => {
    const before = requests;
    await search(page, new Map());
    return requests - before;
  };
  const cache: SpellingPageCache = new Map();
  const first = await search(1, cache);
  const firstPage = requests;
  const next: number[] = [];
  let last = first;
  for (let page = 2; (page - 1) * PAGE_SIZE < last.total; page += 1) {
    const before = requests;
    last = await search(page, cache);
    // A merged search reads no deeper than MERGED_SEARCH_MAX_PAGES: what lies past it is not paging on.
    if (last.beyond) break;
    next.push(requests - before);
  }
  const union = new Set<string>();
  for (const spelling of spellings) for (const load of await everyLoad(baseUrl, spelling)) union.add(load.id);
  const direct3 = await direct(3);
  const directDeepest = await direct(MERGED_SEARCH_MAX_PAGES);
  const direct60 = await direct(60);
  return {
    place: slug,
    spellings: spellings.length,
    loads: union.size,
    pages: Math.ceil(union.size / PAGE_SIZE),
    firstPage,
    nextPage: next.length ? `${Math.min(...next)}-${Math.max(...next)}` : '-',
    direct3,
    directDeepest,
    direct60,
    maxInFlight,
    firstTotal: `${first.totalBound ? BOUND_WORDS[first.totalBound] : ''}${first.total}`,
  };
}

async function main(): Promise<void> {
  const { loads: count } = readFlags({ loads: numberFlag(1_000, { min: 1 }) });
  const api = await startApi({ port: 0, host: '127.0.0.1', loads: count, quiet: true });
  try {
    const loads = await everyLoad(api.url);
    const index = placeFilesFromLoads(loads.flatMap((load) => [load.from, load.to])).uz;
    const rows: Row[] = [];
    for (const entry of index.places.filter((place) => place.count > 0)) rows.push(await measure(api.url, entry.slug, entry.spellings));
    rows.sort((a, b) => a.spellings - b.spellings || b.loads - a.loads);
    console.log(`Sample API with ${count} loads, ${PAGE_SIZE} loads a page. Requests per search:`);
    console.log(
      `place        spellings  loads  pages  page 1  each next page  page 3  page ${MERGED_SEARCH_MAX_PAGES}  page 60  most at once  total on page 1 (true)`,
    );
    for (const row of rows)
      console.log(
        `${row.place.padEnd(12)} ${String(row.spellings).padStart(9)} ${String(row.loads).padStart(6)} ${String(row.pages).padStart(6)} ${String(row.firstPage).padStart(7)} ${row.nextPage.padStart(15)} ${String(row.direct3).padStart(7)} ${String(row.directDeepest).padStart(7)} ${String(row.direct60).padStart(8)} ${String(row.maxInFlight).padStart(12)}  ${row.firstTotal} (${row.loads})`,
      );
  } finally {
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
