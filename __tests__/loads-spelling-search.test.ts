/**
 * The board's search over every spelling of a place (src/loads/spelling-search.ts) against in-memory
 * lists that answer like the API's substring search: newest first, `limit` a page, with a total. The
 * same search is checked over real HTTP against the sample API in loads-spelling-search.http.test.ts.
 */
import { mergedSpellingPage, type FetchSpellingPage, type SpellingPage, type SpellingPageCache } from '../src/loads/spelling-search';
import { MERGED_SEARCH_MAX_PAGES, SEARCH_CONCURRENCY } from '../src/config/constants';
import { searchableSpellings } from '../src/places/spellings';
import type { Load, LoadList } from '../src/api-client/types';
import { normalizeLoad } from '../src/api-client/normalize';

const BASE = Date.UTC(2026, 10, 20, 6, 0, 0);

/** Load `n` was posted n minutes before BASE: a higher n is older. */
function load(n: number, from: string, to = 'Samarqand'): Load {
  // The API's own shape, read the way the site reads it: every other field is the empty load's.
  return normalizeLoad({
    id: String(n),
    title: `Load ${n}`,
    createdAt: new Date(BASE - n * 60_000).toISOString(),
    fromLocationName: from,
    toLocationName: to,
  });
}

/**
 * A board answering `search` the way the API does: loads whose from or to (and, with `titles`, title)
 * contain it, newest first, with the API's total. A `broken` load is still an item of its page (the API
 * sent it) but reaches the site dropped, as the normalizer drops an item without an id.
 */
class Board {
  titles = false;
  broken = new Set<string>();
  requests: Array<{ search: string; page: number }> = [];
  inFlight = 0;
  maxInFlight = 0;
  failOn: ((search: string, page: number) => boolean) | null = null;
  /** While set, requests wait until released (to check they run at once, and abort). */
  hold: Promise<void> | null = null;

  constructor(readonly loads: Load[]) {}

  fetchPage: FetchSpellingPage = async (search, page, limit, signal) => {
    this.requests.push({ search, page });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      // An answer takes a turn of the event loop, as a response does: requests sent at once overlap.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.hold) {
        const hold = this.hold;
        await new Promise<void>((resolve, reject) => {
          // As fetch does: a signal aborted already rejects at once.
          if (signal.aborted) reject(new Error('aborted'));
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          void hold.then(resolve);
        });
      }
      if (signal.aborted) throw new Error('aborted');
      if (this.failOn?.(search, page)) throw new Error(`500 Internal Server Error: ${search}`);
      const matches = this.loads.filter(
        (l) => l.from.includes(search) || l.to.includes(search) || (this.titles && l.title.includes(search)),
      );
      const items = matches.slice((page - 1) * limit, page * limit);
      const loads = items.filter((l) => !this.broken.has(l.id));
      return { list: { loads, total: matches.length, page, limit }, reportedTotal: matches.length, received: items.length };
    } finally {
      this.inFlight -= 1;
    }
  };
}

/** Loads numbered 1..count, from the spelling `spell(n)` gives (newest first by number). */
function boardOf(count: number, spell: (n: number) => string, to: (n: number) => string = () => 'Samarqand'): Board {
  return new Board(Array.from({ length: count }, (_, i) => load(i + 1, spell(i + 1), to(i + 1))));
}

/** The whole merged list, read naively: every load matching any spelling, newest first. */
function expected(board: Board, spellings: string[]): string[] {
  return board.loads.filter((l) => spellings.some((s) => l.from.includes(s) || l.to.includes(s))).map((l) => l.id);
}

const ids = (list: LoadList) => list.loads.map((l) => l.id);

describe('one search over every spelling of a place', () => {
  const spellings = ['Toshkent', 'Тошкент', 'Ташкент'];
  // 70 loads over three spellings, interleaved unevenly, plus loads of another city.
  const spell = (n: number) => (n % 10 === 0 ? 'Buxoro' : n % 3 === 0 ? 'Тошкент' : n % 7 === 0 ? 'Ташкент' : 'Toshkent');

  it('lists the loads of every spelling newest first, page after page, each load once', async () => {
    const board = boardOf(80, spell);
    const all = expected(board, spellings);
    const pages: string[][] = [];
    for (let page = 1; page <= 4; page += 1) pages.push(ids(await mergedSpellingPage(spellings, page, 20, board.fetchPage)));
    expect(pages.flat()).toEqual(all);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 20, all.length - 60]);
    expect(new Set(pages.flat()).size).toBe(all.length);
  });

  it('says the exact total of the union when every spelling was read to its end', async () => {
    const board = boardOf(30, spell);
    const first = await mergedSpellingPage(spellings, 1, 20, board.fetchPage);
    // Every spelling fits on its page 1.
    expect(first.total).toBe(expected(board, spellings).length);
    expect(first.totalBound).toBeUndefined();
    const last = await mergedSpellingPage(spellings, 2, 20, board.fetchPage);
    expect(last.totalBound).toBeUndefined();
    expect(last.total).toBe(expected(board, spellings).length);
  });

  it('counts a load that matches two spellings once, and the page after it repeats none', async () => {
    // Every 4th load goes from Тошкент to "Chirchiq, Toshkent viloyati": both spellings find it.
    const board = boardOf(
      60,
      (n) => (n % 2 === 0 ? 'Тошкент' : 'Toshkent'),
      (n) => (n % 4 === 0 ? 'Chirchiq, Toshkent viloyati' : 'Samarqand'),
    );
    const all = expected(board, ['Toshkent', 'Тошкент']);
    expect(all).toHaveLength(60);
    const read: string[] = [];
    let last: LoadList | null = null;
    for (let page = 1; page <= 3; page += 1) {
      last = await mergedSpellingPage(['Toshkent', 'Тошкент'], page, 20, board.fetchPage);
      read.push(...ids(last));
    }
    expect(read).toEqual(all);
    // Toshkent's 45 and Тошкент's 30 loads share 15: the last page has seen all of them.
    expect(last?.total).toBe(60);
    expect(last?.totalBound).toBeUndefined();
  });

  it('gives an upper bound, never less than the union, while overlaps are unread, and says so', async () => {
    const board = boardOf(
      200,
      (n) => (n % 2 === 0 ? 'Тошкент' : 'Toshkent'),
      (n) => (n % 4 === 0 ? 'Chirchiq, Toshkent viloyati' : 'Samarqand'),
    );
    const first = await mergedSpellingPage(['Toshkent', 'Тошкент'], 1, 20, board.fetchPage);
    expect(first.totalBound).toBe('atMost');
    expect(first.total).toBeGreaterThanOrEqual(200);
    // Toshkent finds 150, Тошкент 100, 50 loads both; of Тошкент's 20 read, 10 go to "…Toshkent viloyati".
    expect(first.total).toBe(150 + 100 - 10);
  });

  it('knows the exact total on page 1 when only one spelling goes on past the pages read, and the others are settled', async () => {
    // Toshkent has 150 loads; Тошкент's 12 fit on one page: 3 of them go to "Chirchiq, Toshkent
    // viloyati", which Toshkent finds too (its places say so), the other 9 are newer than Toshkent's
    // 20th load, so its list, newest first, has passed them without them.
    const board = new Board([
      ...Array.from({ length: 9 }, (_, i) => load(i + 1, 'Тошкент', 'Buxoro')),
      ...Array.from({ length: 150 }, (_, i) => load(i + 10, 'Toshkent')),
      ...Array.from({ length: 3 }, (_, i) => load(200 + i, 'Тошкент', 'Chirchiq, Toshkent viloyati')),
    ]);
    const first = await mergedSpellingPage(['Toshkent', 'Тошкент'], 1, 20, board.fetchPage);
    expect(first.totalBound).toBeUndefined();
    expect(first.total).toBe(expected(board, ['Toshkent', 'Тошкент']).length);
    // 153 for Toshkent (its 150 and the 3 to Chirchiq) and 12 for Тошкент, 3 of them in both.
    expect(first.total).toBe(162);
  });

  it('never calls a total exact that may count a load twice: the API matches titles too', async () => {
    // Тошкент's 12 loads are older than Toshkent's first page, and 3 carry "Toshkent" in their title:
    // the API finds them under both spellings, which page 1 cannot tell.
    const board = new Board([
      ...Array.from({ length: 150 }, (_, i) => load(i + 1, 'Toshkent')),
      ...Array.from({ length: 12 }, (_, i) => ({ ...load(200 + i, 'Тошкент', 'Buxoro'), title: i < 3 ? 'Toshkent sementi' : 'Sement' })),
    ]);
    board.titles = true;
    const union = board.loads.filter((l) => ['Toshkent', 'Тошкент'].some((s) => l.from.includes(s) || l.title.includes(s))).length;
    expect(union).toBe(162);
    const cache: SpellingPageCache = new Map();
    const first = await mergedSpellingPage(['Toshkent', 'Тошкент'], 1, 20, board.fetchPage, { cache });
    expect(first.totalBound).toBe('atMost');
    expect(first.total).toBeGreaterThanOrEqual(union);
    const pages = Math.ceil(first.total / 20);
    const read: string[] = [];
    let last: LoadList = first;
    for (let page = 1; page <= pages; page += 1) {
      last = await mergedSpellingPage(['Toshkent', 'Тошкент'], page, 20, board.fetchPage, { cache });
      read.push(...ids(last));
    }
    expect(new Set(read).size).toBe(union);
    expect(read).toHaveLength(union);
    expect(last.total).toBe(union);
    expect(last.totalBound).toBeUndefined();
  });

  it('needs only the first P pages of each spelling for page P, one request each, at once per round', async () => {
    const board = boardOf(200, spell);
    await mergedSpellingPage(spellings, 3, 20, board.fetchPage);
    const perSpelling = spellings.map((s) => board.requests.filter((r) => r.search === s).map((r) => r.page));
    for (const pages of perSpelling) expect(pages.length).toBeLessThanOrEqual(3);
    expect(perSpelling[0]).toEqual([1, 2, 3]);
    expect(board.maxInFlight).toBeGreaterThan(1);
    expect(board.maxInFlight).toBeLessThanOrEqual(SEARCH_CONCURRENCY);
    expect(new Set(board.requests.map((r) => `${r.search}|${r.page}`)).size).toBe(board.requests.length);
  });

  it('asks no page past a spelling’s end', async () => {
    // Ташкент has 9 loads: one page, whatever page of the merged list is wanted.
    const board = boardOf(200, spell);
    await mergedSpellingPage(spellings, 4, 20, board.fetchPage);
    expect(board.requests.filter((r) => r.search === 'Ташкент').map((r) => r.page)).toEqual([1]);
  });

  it('fires no more requests than spellings for the next page when the earlier pages are kept', async () => {
    const board = boardOf(400, (n) => ['A1', 'B2', 'C3', 'D4', 'E5', 'F6'][n % 6] as string);
    const six = ['A1', 'B2', 'C3', 'D4', 'E5', 'F6'];
    const cache: SpellingPageCache = new Map();
    for (let page = 1; page <= 5; page += 1) {
      const before = board.requests.length;
      const result = await mergedSpellingPage(six, page, 20, board.fetchPage, { cache });
      expect(board.requests.length - before).toBeLessThanOrEqual(6);
      expect(result.requests).toBe(board.requests.length - before);
      expect(ids(result)).toEqual(expected(board, six).slice((page - 1) * 20, page * 20));
    }
  });

  it('fails as a whole when one spelling fails, and cancels the others', async () => {
    const board = boardOf(100, spell);
    board.failOn = (search) => search === 'Тошкент';
    await expect(mergedSpellingPage(spellings, 1, 20, board.fetchPage)).rejects.toThrow('500 Internal Server Error: Тошкент');

    const slow = boardOf(100, spell);
    let release = () => undefined as void;
    slow.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    slow.failOn = (search) => search === 'Тошкент';
    const held = mergedSpellingPage(spellings, 1, 20, async (search, page, limit, signal) => {
      // The failing spelling answers at once; the others wait, and must be cancelled by it.
      if (search === 'Тошкент') throw new Error('timed out');
      return slow.fetchPage(search, page, limit, signal);
    });
    await expect(held).rejects.toThrow('timed out');
    // The held requests were cancelled by the failure, not left to run on: none is still open.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slow.inFlight).toBe(0);
    expect(slow.requests.length).toBeGreaterThan(0);
    release();
  });

  it('fails on a later page of one spelling too, never returning part of the list', async () => {
    const board = boardOf(200, spell);
    board.failOn = (search, page) => search === 'Toshkent' && page === 2;
    await expect(mergedSpellingPage(spellings, 2, 20, board.fetchPage)).rejects.toThrow('Toshkent');
  });

  it('cancels every request when the search is aborted (a newer search)', async () => {
    const board = boardOf(100, spell);
    board.hold = new Promise<void>(() => undefined);
    const controller = new AbortController();
    const pending = mergedSpellingPage(spellings, 1, 20, board.fetchPage, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(board.inFlight).toBe(3);
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(board.inFlight).toBe(0);
  });

  it('orders loads posted at the same time by id, whatever the spellings’ order, and loads without a date last', async () => {
    const same = (id: string, from: string) => ({ ...load(1, from), id });
    const undated = { ...load(2, 'Тошкент'), id: 'u', createdAt: null };
    const answer = (loads: Load[]): SpellingPage => ({
      list: { loads, total: loads.length, page: 1, limit: 20 },
      reportedTotal: loads.length,
      received: loads.length,
    });
    const answers: Record<string, SpellingPage> = {
      Тошкент: answer([same('c', 'Тошкент'), same('a', 'Тошкент'), undated]),
      Toshkent: answer([same('a', 'Toshkent'), same('b', 'Toshkent')]),
    };
    const page = await mergedSpellingPage(['Тошкент', 'Toshkent'], 1, 20, (search) => Promise.resolve(answers[search] as SpellingPage));
    expect(ids(page)).toEqual(['a', 'b', 'c', 'u']);
    expect(page.total).toBe(4);
    expect(page.totalBound).toBeUndefined();
  });

  it('reaches every load of a spelling whose full page holds a broken item, by paging', async () => {
    // Toshkent has 45 loads; on its first page one item reaches the site broken (19 of 20 survive).
    const board = boardOf(60, (n) => (n % 4 === 0 ? 'Тошкент' : 'Toshkent'));
    board.broken.add('2');
    const all = expected(board, ['Toshkent', 'Тошкент']).filter((id) => id !== '2');
    const cache: SpellingPageCache = new Map();
    const read: string[] = [];
    let list: LoadList | null = null;
    for (let page = 1; page <= 10 && (!list || (page - 1) * 20 < list.total); page += 1) {
      list = await mergedSpellingPage(['Toshkent', 'Тошкент'], page, 20, board.fetchPage, { cache });
      read.push(...ids(list));
    }
    expect(read).toEqual(all);
    // The API's total counts the broken item, which no page shows: not exact until the end is read.
    const first = await mergedSpellingPage(['Toshkent', 'Тошкент'], 1, 20, board.fetchPage);
    expect(first.total).toBeGreaterThanOrEqual(all.length);
    expect(first.totalBound).toBe('atMost');
  });

  it('reads on a spelling whose pages lost items, rather than hide what comes after them', async () => {
    // Toshkent's first page is all broken but for two loads: page 1 of the merge needs its page 2.
    const board = boardOf(80, (n) => (n % 2 === 0 ? 'Тошкент' : 'Toshkent'));
    for (let n = 5; n <= 40; n += 2) board.broken.add(String(n));
    const all = expected(board, ['Toshkent', 'Тошкент']).filter((id) => !board.broken.has(id));
    const first = await mergedSpellingPage(['Toshkent', 'Тошкент'], 1, 20, board.fetchPage);
    expect(ids(first)).toEqual(all.slice(0, 20));
    expect(board.requests.filter((r) => r.search === 'Toshkent').map((r) => r.page)).toEqual([1, 2]);
  });

  it(`reads no page deeper than ${MERGED_SEARCH_MAX_PAGES}: a deeper one costs what page 1 costs and says why`, async () => {
    const board = boardOf(2000, spell);
    const far = await mergedSpellingPage(spellings, 60, 20, board.fetchPage);
    expect(board.requests).toHaveLength(spellings.length);
    expect(far).toMatchObject({ loads: [], page: 60, beyond: 'depth' });
    expect(far.total).toBeGreaterThanOrEqual(expected(board, spellings).length);

    const deep = boardOf(2000, spell);
    const deepest = await mergedSpellingPage(spellings, MERGED_SEARCH_MAX_PAGES, 20, deep.fetchPage);
    expect(ids(deepest)).toEqual(expected(deep, spellings).slice((MERGED_SEARCH_MAX_PAGES - 1) * 20, MERGED_SEARCH_MAX_PAGES * 20));
    expect(deep.requests.length).toBeLessThanOrEqual(MERGED_SEARCH_MAX_PAGES * spellings.length);
    expect(deep.maxInFlight).toBe(SEARCH_CONCURRENCY);
  });

  it('costs what page 1 costs for a page past the end, and keeps the total of the list, not of the page', async () => {
    const board = boardOf(80, spell);
    const all = expected(board, spellings);
    const past = await mergedSpellingPage(spellings, 7, 20, board.fetchPage);
    expect(board.requests).toHaveLength(spellings.length);
    expect(past).toMatchObject({ loads: [], page: 7, beyond: 'end' });
    expect(past.total).toBeLessThan(7 * 20);
    expect(past.total).toBeGreaterThanOrEqual(all.length);
  });

  it('refuses a search with no spelling rather than list the whole board', async () => {
    const board = boardOf(10, spell);
    await expect(mergedSpellingPage(['', '  '], 1, 20, board.fetchPage)).rejects.toThrow('no spelling');
    expect(board.requests).toHaveLength(0);
  });
});

describe('which spellings are worth a request', () => {
  it('drops a spelling another one already finds, and credits its loads to that one', () => {
    const counted: Array<[string, number]> = [
      ['Toshkent', 5],
      ['Тошкент', 2],
      ['Ташкент', 1],
      ['г. Ташкент', 3],
      ['Toshkent sh.', 1],
      ['Tashkent', 1],
    ];
    expect(searchableSpellings(counted, 6)).toEqual(['Toshkent', 'Ташкент', 'Тошкент', 'Tashkent']);
  });

  it('keeps the most used spellings when there are more than allowed', () => {
    const counted: Array<[string, number]> = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((s, i) => [s, 10 - i]);
    expect(searchableSpellings(counted, 6)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('searches spellings equal but for case once, as the API ignores case', () => {
    expect(
      searchableSpellings(
        [
          ['NUKUS', 1],
          ['Nukus', 2],
          ['  ', 4],
          ['Нукус', 1],
        ],
        6,
      ),
    ).toEqual(['NUKUS', 'Нукус']);
    expect(
      searchableSpellings(
        [
          ['Namangan', 3],
          ['namangan shahri', 1],
          ['Наманган', 2],
        ],
        6,
      ),
    ).toEqual(['Namangan', 'Наманган']);
  });
});
