/**
 * @jest-environment node
 *
 * The build's read of every load (src/gatsby/read-loads.ts) against the real sample API over HTTP, with
 * the board changing while it is read (the sample API's change mode). Every case compares the published
 * ids with the ids the API itself holds, not just the outcome. Gatsby's reporter is the one piece stood
 * in for: its panic ends the process.
 */
import type { Reporter } from 'gatsby';
import { LOADS_READ_ERROR_ID, readLoads, readVehicleTypes } from '../src/gatsby/read-loads';
import { filterFiles } from '../src/gatsby/filter-files';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { decodeFilterIndex, type FilterIndexFile } from '../src/board/sources/filter-index';
import { newestPosting } from '../src/loads/built-time';
import type { ChangeMode, ListOrderSetting, ResponseShape } from '../tools/sample-api/server';
import { newestFirst } from '../src/loads/posting-time';
import { type ControlSettings, type HarnessApi } from '../tools/harness/sample-api';
import { siteApiForFile } from './support/site-api';
import type { Load } from '../src/api-client/types';

class BuildStopped extends Error {}

interface ErrorMapEntry {
  text: (context: { sourceMessage: string }) => string;
  level: string;
  type: string;
  category: string;
}

/** Records what Gatsby's reporter would print: activities, info lines, and the structured error. */
function recordingReporter() {
  const errorMap: Record<string, ErrorMapEntry> = {};
  const log: string[] = [];
  const errors: Array<{ id: string; category: string; text: string }> = [];
  const reporter = {
    setErrorMap: (entries: Record<string, ErrorMapEntry>) => Object.assign(errorMap, entries),
    info: (text: string) => log.push(`info ${text}`),
    activityTimer: (name: string) => ({
      start: () => log.push(`start ${name}`),
      setStatus: () => undefined,
      end: () => log.push(`success ${name}`),
      panic: (meta: { id: string; context: { sourceMessage: string } }) => {
        log.push(`failed ${name}`);
        const entry = errorMap[meta.id];
        if (!entry) throw new Error(`no error map entry for ${meta.id}`);
        errors.push({ id: meta.id, category: entry.category, text: entry.text(meta.context) });
        throw new BuildStopped(entry.text(meta.context));
      },
    }),
  };
  return { reporter: reporter as unknown as Reporter, log, errors };
}

let api: HarnessApi;

async function control(settings: ControlSettings): Promise<void> {
  await api.control.set(settings);
}

const changeState = () => api.control.state();

/** The ids the board holds now, without counting as a list request. */
const liveIds = () => api.control.ids();

async function board(loads: number, change: ChangeMode, shape: ResponseShape = 'data', order: ListOrderSetting = 'newest'): Promise<void> {
  await control({ reset: true, loads, shape, change, order });
}

const ids = (loads: Load[]): string[] => loads.map((load) => load.id);

siteApiForFile({ loads: 120, shape: 'data' }, (started) => (api = started));

describe('a board that holds still', () => {
  it('publishes all 120 loads in two passes and says so', async () => {
    await control({ reset: true, change: null });
    const { reporter, log } = recordingReporter();
    const { loads } = await readLoads(reporter, { retries: 0 });
    expect(ids(loads)).toEqual(await liveIds());
    expect(log).toEqual([
      `start Reading loads from ${api.url}/loads`,
      `success Reading loads from ${api.url}/loads`,
      `info Read 120 loads from ${api.url}/loads: 2 passes over 4 pages (the last two agreed), 0 loads confirmed one by one, 0 dropped as removed; it lists the newest first.`,
    ]);
  });

  it.each<ListOrderSetting>(['newest', 'oldest', 'none'])(
    'learns an API that lists %s first, and hands the loads on newest first',
    async (order) => {
      await control({ reset: true, loads: 45, order, change: null });
      const { loads, order: learned } = await readLoads(recordingReporter().reporter, { retries: 0, pageSize: 20 });
      expect(learned).toBe(order);
      expect(new Set(ids(loads))).toEqual(new Set(await liveIds()));
      expect(ids(loads)).toEqual([...loads].sort(newestFirst).map((load) => load.id));
    },
  );

  it.each<ListOrderSetting>(['newest', 'oldest', 'none'])(
    "hands on the first page the board shows before it reads the API: newest first, or the API's own first page when it lists %s",
    async (order) => {
      await control({ reset: true, loads: 45, order, change: null });
      const { loads, firstPage } = await readLoads(recordingReporter().reporter, { retries: 0, pageSize: 20 });
      const answer = (await (await fetch(`${api.url}/loads?page=1&limit=20`)).json()) as { data: Array<{ id: number | string }> };
      const apiFirstPage = answer.data.map((load) => String(load.id));
      // With no order of posting, the board's plain list is the API's pages as they come (CONTRACT.md).
      expect(ids(firstPage)).toEqual(order === 'none' ? apiFirstPage : ids(loads).slice(0, 20));
    },
  );

  it.each<ResponseShape>(['data', 'loads', 'top-level', 'bare'])('publishes every load in the %s shape, in pages of 20', async (shape) => {
    await control({ reset: true, loads: 45, shape, change: null });
    const { loads } = await readLoads(recordingReporter().reporter, { retries: 0, pageSize: 20 });
    expect(ids(loads)).toEqual(await liveIds());
    expect(loads).toHaveLength(45);
  });
});

describe('a board with items the site cannot read', () => {
  afterEach(() => control({ broken: [] }));

  it('skips an item without an id, reads every other load and says so, without failing the build', async () => {
    await control({ reset: true, loads: 45, change: null });
    const live = await liveIds();
    await control({ broken: [live[3] as string] });
    const { reporter, log, errors } = recordingReporter();
    const { loads } = await readLoads(reporter, { retries: 0, pageSize: 20 });
    expect(errors).toEqual([]);
    expect(ids(loads)).toEqual(live.filter((id) => id !== live[3]));
    expect(log[2]).toMatch(/\(the last two agreed\).*, 1 items skipped as unreadable/);
  });

  it('reads past a page whose every item is broken', async () => {
    await control({ reset: true, loads: 45, change: null });
    const live = await liveIds();
    // Page 2 of 20 (positions 21-40): every item without an id.
    await control({ broken: live.slice(20, 40) });
    const { loads } = await readLoads(recordingReporter().reporter, { retries: 0, pageSize: 20 });
    expect(ids(loads)).toEqual([...live.slice(0, 20), ...live.slice(40)]);
  });
});

describe('a board that changes during the read, then holds still', () => {
  it('publishes a load posted during the read', async () => {
    await board(600, { every: 2, limit: 2, removals: false });
    const { loads } = await readLoads(recordingReporter().reporter, { retries: 0 });
    const { posted, removed } = await changeState();
    expect(posted).toHaveLength(1);
    expect(removed).toHaveLength(0);
    expect(ids(loads)).toEqual(await liveIds());
    expect(ids(loads)).toContain(posted[0]);
  });

  it('publishes the load a removal made the next page skip, and not the removed load', async () => {
    // 251 loads, one on page 1 removed after page 1 was read (seed 8 picks one there): the first load of
    // page 2 moves onto page 1, where the walk has already been.
    await board(251, { every: 1, limit: 1, posts: false, seed: 8 });
    const { reporter, log } = recordingReporter();
    const { loads } = await readLoads(reporter, { retries: 0 });
    const { removed } = await changeState();
    expect(removed).toHaveLength(1);
    expect(Number(removed[0])).toBeLessThanOrEqual(1100);
    expect(loads).toHaveLength(250);
    expect(ids(loads)).toEqual(await liveIds());
    expect(ids(loads)).toContain('1101');
    expect(log[2]).toMatch(/: 3 passes over 9 pages \(the last two agreed\)/);
  });

  it('publishes exactly the live loads after a post and a removal that leave the total unchanged', async () => {
    await board(600, { every: 2, limit: 4 });
    const { loads } = await readLoads(recordingReporter().reporter, { retries: 0 });
    const { posted, removed } = await changeState();
    expect([posted.length, removed.length]).toEqual([2, 2]);
    expect(loads).toHaveLength(600);
    expect(ids(loads)).toEqual(await liveIds());
  });

  it.each<ListOrderSetting>(['oldest', 'none'])(
    'publishes exactly the live loads after posts and removals when the API lists %s first',
    async (order) => {
      await board(600, { every: 2, limit: 6, seed: 3 }, 'data', order);
      const { loads, order: learned } = await readLoads(recordingReporter().reporter, { retries: 0 });
      const { posted, removed } = await changeState();
      expect([posted.length, removed.length]).toEqual([3, 3]);
      expect(learned).toBe(order);
      expect(new Set(ids(loads))).toEqual(new Set(await liveIds()));
      for (const id of posted) expect(ids(loads)).toContain(id);
    },
  );

  it('publishes exactly the live loads of a bare-array board after seven posts and seven removals', async () => {
    await board(600, { every: 2, limit: 14, seed: 5 }, 'bare');
    const { loads } = await readLoads(recordingReporter().reporter, { retries: 0 });
    const { posted, removed } = await changeState();
    expect([posted.length, removed.length]).toEqual([7, 7]);
    expect(ids(loads)).toEqual(await liveIds());
    for (const id of posted) expect(ids(loads)).toContain(id);
  });
});

describe('a board that never holds still', () => {
  it.each<ResponseShape>(['data', 'bare'])(
    'succeeds in the %s shape with every load live from start to end, and few removed ones',
    async (shape) => {
      await board(2_000, { every: 5, seed: 3 }, shape);
      const start = new Set(await liveIds());
      const { reporter, log } = recordingReporter();
      const { loads } = await readLoads(reporter, { retries: 0 });
      const end = new Set(await liveIds());
      const { posted } = await changeState();
      const published = new Set(ids(loads));
      expect(published.size).toBe(loads.length);
      const liveThroughout = [...start].filter((id) => end.has(id));
      expect(liveThroughout.filter((id) => !published.has(id))).toEqual([]);
      expect([...published].filter((id) => !start.has(id) && !posted.includes(id))).toEqual([]);
      expect([...published].filter((id) => !end.has(id)).length).toBeLessThanOrEqual(5);
      expect(log[2]).toMatch(
        /: 3 passes over \d+ pages \(the board changed on every pass\), \d+ loads confirmed one by one, [1-9]\d* dropped as removed; it lists the newest first\.$/,
      );
    },
  );
});

describe('a board that changes faster than it can be read', () => {
  it('stops in bounded time with one line naming the API, the activity failed', async () => {
    await board(600, { every: 1, size: 3, seed: 4 });
    const { reporter, log, errors } = recordingReporter();
    await expect(readLoads(reporter, { retries: 0, pageSize: 20 })).rejects.toBeInstanceOf(BuildStopped);
    const { listRequests } = await changeState();
    expect(listRequests).toBeLessThanOrEqual(3 * 31);
    expect(log).toEqual([`start Reading loads from ${api.url}/loads`, `failed Reading loads from ${api.url}/loads`]);
    expect(errors).toEqual([
      {
        id: LOADS_READ_ERROR_ID,
        category: 'THIRD_PARTY',
        text: expect.stringMatching(new RegExp(`^Cannot read loads from ${api.url}/loads: the board changed on every pass: 3 passes`)),
      },
    ]);
    expect(errors[0]?.text).not.toMatch(/\n/);
  });
});

describe('an API that fails', () => {
  it('ends the activity as failed and reports the status through the site error id', async () => {
    await control({ reset: true, change: null, fail: 503 });
    const { reporter, log, errors } = recordingReporter();
    await expect(readLoads(reporter, { retries: 0 })).rejects.toBeInstanceOf(BuildStopped);
    expect(log).not.toContain(`success Reading loads from ${api.url}/loads`);
    expect(errors).toEqual([
      {
        id: LOADS_READ_ERROR_ID,
        category: 'THIRD_PARTY',
        text: `Cannot read loads from ${api.url}/loads: 503 Service Unavailable: Sample API: injected failure`,
      },
    ]);
  });
});

describe('what the filters are built from', () => {
  it('indexes exactly the loads a changing board published, with the vehicle types the API lists', async () => {
    await board(300, { every: 3, seed: 5 });
    const { reporter } = recordingReporter();
    const { loads } = await readLoads(reporter, { retries: 0, pageSize: 20 });
    const types = await readVehicleTypes(Object.assign(reporter, { warn: () => undefined }), { retries: 0 });
    expect(types).toEqual(expect.arrayContaining(['Tent', 'Refrijerator', 'Avtovoz']));
    const files = filterFiles(loads, groupBuildLoads(loads), types, newestPosting(loads) ?? 0);
    const index = decodeFilterIndex(JSON.parse(files.files.get(files.board) as string) as FilterIndexFile);
    expect(index.rows.map((row) => row.id).sort()).toEqual(ids(loads).sort());
  });

  it('lets the build go on when /vehicle-types cannot be read, offering the types the loads name', async () => {
    await control({ reset: true, change: null, fail: 503 });
    const warnings: string[] = [];
    const reporter = Object.assign(recordingReporter().reporter, { warn: (text: string) => warnings.push(text) });
    try {
      expect(await readVehicleTypes(reporter, { retries: 0 })).toEqual([]);
    } finally {
      await control({ fail: null });
    }
    expect(warnings).toEqual([expect.stringMatching(/^Cannot read vehicle types from .*\/vehicle-types \(503 Service Unavailable/)]);
    const { loads } = await readLoads(recordingReporter().reporter, { retries: 0 });
    const offered = filterFiles(loads, groupBuildLoads(loads), [], 0).vehicleTypes;
    expect(offered).toEqual(expect.arrayContaining(['Tent', 'Refrijerator']));
    expect(offered).not.toContain('Avtovoz');
  });
});
