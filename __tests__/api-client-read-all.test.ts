/**
 * The build's read policy against in-memory boards that change between list requests the way a live
 * board does: a post lands at the front, a removal anywhere. The same outcomes are checked over real
 * HTTP against the sample API's change mode in gatsby-read-loads.test.ts.
 */
import { BoardReadError, READ_MAX_PASSES, confirmBudget, readAllLoads } from '../src/api-client/read-all';
import type { ReadAllResult, ReadPage } from '../src/api-client/read-all';
import type { Load } from '../src/api-client/types';
import { mulberry32 } from '../tools/sample-api/data';

function load(id: string): Load {
  return {
    id,
    title: `Load ${id}`,
    weight: null,
    volume: null,
    trucksNeeded: null,
    price: null,
    currency: '',
    loadingDate: null,
    createdAt: null,
    additionalInfo: '',
    vehicleType: '',
    from: 'Toshkent',
    to: 'Samarqand',
    contactSource: 'user',
    contact: null,
  };
}

/** An ordered board (newest first) that calls `afterList` after answering each list request. */
class Board {
  ids: string[];
  listRequests = 0;
  loadRequests = 0;
  posted: string[] = [];
  removed: string[] = [];
  afterList: (board: Board, request: number) => void = () => undefined;

  constructor(
    size: number,
    private readonly bare = false,
  ) {
    this.ids = Array.from({ length: size }, (_, index) => String(1001 + index));
  }

  post(): void {
    const id = `new-${this.posted.length + 1}`;
    this.ids.unshift(id);
    this.posted.push(id);
  }

  removeAt(index: number): void {
    const [id] = this.ids.splice(index, 1);
    if (id) this.removed.push(id);
  }

  sources() {
    return {
      fetchPage: async (page: number, limit: number): Promise<ReadPage> => {
        const answer: ReadPage = {
          loads: this.ids.slice((page - 1) * limit, page * limit).map(load),
          reportedTotal: this.bare ? null : this.ids.length,
        };
        this.listRequests += 1;
        this.afterList(this, this.listRequests);
        return answer;
      },
      fetchLoad: async (id: string): Promise<Load | null> => {
        this.loadRequests += 1;
        return this.ids.includes(id) ? load(id) : null;
      },
    };
  }
}

const idsOf = (result: ReadAllResult): string[] => result.loads.map((item) => item.id);

describe.each([
  ['with a reported total', false],
  ['as a bare array', true],
])('reading a board %s', (_name, bare) => {
  it('publishes exactly the board in two passes when it holds still', async () => {
    const board = new Board(250, bare);
    const result = await readAllLoads(board.sources());
    expect(idsOf(result)).toEqual(board.ids);
    // A bare array says nothing about the total: only an empty page ends a walk.
    const pagesPerPass = bare ? 4 : 3;
    expect(result.stats).toEqual({ passes: 2, pages: 2 * pagesPerPass, confirmed: 0, dropped: 0, agreed: true, unreadable: 0 });
    expect(board.loadRequests).toBe(0);
  });

  it('publishes a load posted during the read, without the repeat it causes', async () => {
    const board = new Board(600, bare);
    board.afterList = (b, request) => {
      if (request === 2) b.post();
    };
    const result = await readAllLoads(board.sources());
    expect(idsOf(result)).toEqual(board.ids);
    expect(idsOf(result)).toContain('new-1');
  });

  it('publishes the load a removal before the cursor made the next page skip, and not the removed one', async () => {
    // 251 loads, one on page 1 removed after page 1 was read: the first load of page 2 moves onto page 1.
    const board = new Board(251, bare);
    const skipped = board.ids[100] as string;
    board.afterList = (b, request) => {
      if (request === 1) b.removeAt(10);
    };
    const result = await readAllLoads(board.sources());
    expect(board.removed).toEqual(['1011']);
    expect(idsOf(result)).toEqual(board.ids);
    expect(idsOf(result)).toContain(skipped);
    expect(idsOf(result)).not.toContain('1011');
  });

  it('publishes exactly the live loads after seven posts and seven removals, the total unchanged', async () => {
    const board = new Board(600, bare);
    const random = mulberry32(7);
    board.afterList = (b, request) => {
      if (request > 7) return;
      b.removeAt(Math.floor(random() * b.ids.length));
      b.post();
    };
    const result = await readAllLoads(board.sources());
    expect(board.ids).toHaveLength(600);
    expect(idsOf(result)).toEqual(board.ids);
  });

  it('keeps a skipped load in its place on the board, where the first page shows it', async () => {
    const board = new Board(300, bare);
    const pagesPerPass = bare ? 4 : 3;
    // Every walk skips a load: its page 1 is read, then the board's newest load is removed.
    board.afterList = (b, request) => {
      if (request % pagesPerPass === 1) b.removeAt(0);
    };
    const result = await readAllLoads(board.sources());
    expect(result.stats).toMatchObject({ passes: READ_MAX_PASSES, agreed: false });
    expect(result.stats.confirmed).toBeGreaterThan(result.stats.dropped);
    // Removed during the last walk after its page was read: published until the next rebuild.
    const lastRemoved = board.removed[board.removed.length - 1] as string;
    expect(idsOf(result)).toEqual([lastRemoved, ...board.ids]);
  });
});

describe('a board that never holds still', () => {
  it.each([1, 2, 3])('succeeds with every load live from start to end (seed %i)', async (seed) => {
    const board = new Board(2_000);
    const start = new Set(board.ids);
    const random = mulberry32(seed);
    // One removal every five list requests and one post half-way between, for ever.
    board.afterList = (b, request) => {
      if (request % 5 === 0) b.removeAt(Math.floor(random() * b.ids.length));
      if (request % 5 === 2) b.post();
    };
    const result = await readAllLoads(board.sources());
    const published = new Set(idsOf(result));
    const end = new Set(board.ids);
    for (const id of start) if (end.has(id)) expect(published.has(id)).toBe(true);
    for (const id of published) expect(start.has(id) || board.posted.includes(id)).toBe(true);
    const removedButPublished = [...published].filter((id) => !end.has(id));
    expect(removedButPublished.length).toBeLessThanOrEqual(5);
    expect(result.stats.passes).toBe(READ_MAX_PASSES);
    expect(result.stats.dropped).toBeGreaterThan(0);
    expect(published.size).toBe(result.loads.length);
  });
});

describe('a board that changes faster than it can be read', () => {
  it('fails in bounded time, saying it changed on every pass', async () => {
    const board = new Board(600);
    const random = mulberry32(11);
    board.afterList = (b) => {
      for (let i = 0; i < 3; i += 1) {
        b.removeAt(Math.floor(random() * b.ids.length));
        b.post();
      }
    };
    const error = await readAllLoads(board.sources(), { pageSize: 20 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BoardReadError);
    expect((error as Error).message).toMatch(/^the board changed on every pass: 3 passes/);
    expect((error as Error).message).not.toMatch(/\n/);
    expect(board.listRequests).toBeLessThanOrEqual(READ_MAX_PASSES * 31);
    expect(board.loadRequests).toBe(0);
  });
});

describe('a broken API', () => {
  it('fails when its pages hold fewer loads than its total, every time', async () => {
    const sources = {
      fetchPage: async (): Promise<ReadPage> => ({ loads: [load('1'), load('2')], reportedTotal: 45 }),
      fetchLoad: async () => null,
    };
    await expect(readAllLoads(sources)).rejects.toThrow('the API reported 45 loads but 2 distinct loads were read in 2 pages, 3 times');
  });

  it('ends a walk when the API ignores `page` and reports no total', async () => {
    const sources = {
      fetchPage: async (): Promise<ReadPage> => ({ loads: [load('1'), load('2')], reportedTotal: null }),
      fetchLoad: async () => null,
    };
    const result = await readAllLoads(sources);
    expect(idsOf(result)).toEqual(['1', '2']);
    expect(result.stats).toMatchObject({ passes: 2, pages: 4 });
  });

  it('passes on a failing request as it is', async () => {
    const failure = new Error('503 Service Unavailable');
    const sources = { fetchPage: () => Promise.reject(failure), fetchLoad: async () => null };
    await expect(readAllLoads(sources)).rejects.toBe(failure);
  });
});

describe('confirmBudget', () => {
  it('allows about two walks of requests, and a floor for small boards', () => {
    expect(confirmBudget({ pages: 101 })).toBe(202);
    expect(confirmBudget({ pages: 2 })).toBe(25);
  });
});
