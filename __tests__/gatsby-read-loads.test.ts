/**
 * @jest-environment node
 *
 * The build's read of every load (src/gatsby/read-loads.ts) against the real sample API over HTTP, with
 * the board changing while it is read (the sample API's change mode). Every case compares the published
 * ids with the ids the API itself holds, not just the outcome. Gatsby's reporter is the one piece stood
 * in for: its panic ends the process.
 */
import type { Reporter } from 'gatsby';
import { LOADS_READ_ERROR_ID, readLoads } from '../src/gatsby/read-loads';
import type { ChangeMode, ResponseShape } from '../tools/sample-api/server';
import { startApi, type ControlSettings, type HarnessApi } from '../tools/harness/sample-api';
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
const saved = process.env.GATSBY_API_URL;

async function control(settings: ControlSettings): Promise<void> {
  await api.control.set(settings);
}

const changeState = () => api.control.state();

/** The ids the board holds now, without counting as a list request. */
const liveIds = () => api.control.ids();

async function board(loads: number, change: ChangeMode, shape: ResponseShape = 'data'): Promise<void> {
  await control({ reset: true, loads, shape, change });
}

const ids = (loads: Load[]): string[] => loads.map((load) => load.id);

beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', loads: 120, quiet: true, shape: 'data' });
  process.env.GATSBY_API_URL = api.url;
});
afterAll(async () => {
  process.env.GATSBY_API_URL = saved;
  await api.close();
});

describe('a board that holds still', () => {
  it('publishes all 120 loads in two passes and says so', async () => {
    await control({ reset: true, change: null });
    const { reporter, log } = recordingReporter();
    const loads = await readLoads(reporter, { retries: 0 });
    expect(ids(loads)).toEqual(await liveIds());
    expect(log).toEqual([
      `start Reading loads from ${api.url}/loads`,
      `success Reading loads from ${api.url}/loads`,
      `info Read 120 loads from ${api.url}/loads: 2 passes over 4 pages (the last two agreed), 0 loads confirmed one by one, 0 dropped as removed.`,
    ]);
  });

  it.each<ResponseShape>(['data', 'loads', 'top-level', 'bare'])('publishes every load in the %s shape, in pages of 20', async (shape) => {
    await control({ reset: true, loads: 45, shape, change: null });
    const loads = await readLoads(recordingReporter().reporter, { retries: 0, pageSize: 20 });
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
    const loads = await readLoads(reporter, { retries: 0, pageSize: 20 });
    expect(errors).toEqual([]);
    expect(ids(loads)).toEqual(live.filter((id) => id !== live[3]));
    expect(log[2]).toMatch(/\(the last two agreed\).*, 1 items skipped as unreadable/);
  });

  it('reads past a page whose every item is broken', async () => {
    await control({ reset: true, loads: 45, change: null });
    const live = await liveIds();
    // Page 2 of 20 (positions 21-40): every item without an id.
    await control({ broken: live.slice(20, 40) });
    const loads = await readLoads(recordingReporter().reporter, { retries: 0, pageSize: 20 });
    expect(ids(loads)).toEqual([...live.slice(0, 20), ...live.slice(40)]);
  });
});

describe('a board that changes during the read, then holds still', () => {
  it('publishes a load posted during the read', async () => {
    await board(600, { every: 2, limit: 2, removals: false });
    const loads = await readLoads(recordingReporter().reporter, { retries: 0 });
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
    const loads = await readLoads(reporter, { retries: 0 });
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
    const loads = await readLoads(recordingReporter().reporter, { retries: 0 });
    const { posted, removed } = await changeState();
    expect([posted.length, removed.length]).toEqual([2, 2]);
    expect(loads).toHaveLength(600);
    expect(ids(loads)).toEqual(await liveIds());
  });

  it('publishes exactly the live loads of a bare-array board after seven posts and seven removals', async () => {
    await board(600, { every: 2, limit: 14, seed: 5 }, 'bare');
    const loads = await readLoads(recordingReporter().reporter, { retries: 0 });
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
      const loads = await readLoads(reporter, { retries: 0 });
      const end = new Set(await liveIds());
      const { posted } = await changeState();
      const published = new Set(ids(loads));
      expect(published.size).toBe(loads.length);
      const liveThroughout = [...start].filter((id) => end.has(id));
      expect(liveThroughout.filter((id) => !published.has(id))).toEqual([]);
      expect([...published].filter((id) => !start.has(id) && !posted.includes(id))).toEqual([]);
      expect([...published].filter((id) => !end.has(id)).length).toBeLessThanOrEqual(5);
      expect(log[2]).toMatch(
        /: 3 passes over \d+ pages \(the board changed on every pass\), \d+ loads confirmed one by one, [1-9]\d* dropped as removed\.$/,
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
