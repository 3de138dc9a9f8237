/**
 * @jest-environment node
 *
 * The sample API over real HTTP. Read-only checks use the shared instance from global-setup;
 * /__control checks use a private instance, because the shared one serves other files in parallel.
 */
import {
  HOSTILE_LOAD_ID,
  HOSTILE_TITLE,
  PINNED_SAMPLE_DAY,
  UNUSED_VEHICLE_TYPES,
  VEHICLE_TYPES,
  generateLoads,
  sampleDayStart,
  utcDayOf,
} from '../tools/sample-api/data';
import { sampleApiEnv } from '../tools/sample-api/from-env';
import { INJECTED_FAILURE_BODY, startSampleApi } from '../tools/sample-api/server';
import { startApi, type HarnessApi } from '../tools/harness/sample-api';
import type { ApiLoad } from '../src/api-client/types';

const API = process.env.TEST_API_URL as string;

interface ListBody {
  data: ApiLoad[];
  pagination: { total: number; page: number; limit: number };
}

async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

describe('the generated data', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(generateLoads(120))).toBe(JSON.stringify(generateLoads(120)));
  });

  it('keeps earlier loads when the data set grows', () => {
    expect(generateLoads(300).slice(0, 120)).toEqual(generateLoads(120));
  });

  it('is sorted newest first with unique ids', () => {
    const loads = generateLoads(500);
    const created = loads.map((load) => Date.parse(load.createdAt as string));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(new Set(loads.map((load) => String(load.id))).size).toBe(500);
  });

  it('mixes the raw forms the site must handle', () => {
    const loads = generateLoads(120);
    expect(loads.some((load) => load.fromLocationName && !load.fromLocation)).toBe(true);
    expect(loads.some((load) => typeof load.currency === 'string' && load.currency !== load.currency.toUpperCase())).toBe(true);
    expect(loads.some((load) => load.contactSource === 'user')).toBe(true);
    expect(loads.some((load) => load.volume === undefined)).toBe(true);
    expect(loads.some((load) => typeof load.id === 'number')).toBe(true);
    expect(loads.find((load) => load.id === HOSTILE_LOAD_ID)?.title).toBe(HOSTILE_TITLE);
  });

  it('changes only every Nth load for a new revision', () => {
    const before = generateLoads(1000);
    const after = generateLoads(1000, { revision: 2, changedEvery: 100 });
    const changed = after.filter((load, i) => JSON.stringify(load) !== JSON.stringify(before[i]));
    expect(changed.map((load) => after.indexOf(load))).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
  });
});

describe('the day the loads count from', () => {
  const DAY_MS = 86_400_000;
  const newest = (loads: readonly ApiLoad[]) => Date.parse(loads[0]?.createdAt as string);
  /** The day whose data set `loads` are: the newest is posted in the half hour before its start. */
  const dayOf = (loads: readonly ApiLoad[]) => utcDayOf(newest(loads) + 30 * 60_000);
  const startsDay = (loads: readonly ApiLoad[], day: string) => dayOf(loads) === day && newest(loads) <= (sampleDayStart(day) as number);
  const loadingDays = (loads: readonly ApiLoad[]) => new Set(loads.map((load) => load.loadingDate?.slice(0, 10)));

  it('is the pinned day unless told: its newest load is posted just before its start, 00:00 UTC', () => {
    expect(startsDay(generateLoads(30), PINNED_SAMPLE_DAY)).toBe(true);
    expect(JSON.stringify(generateLoads(30, { day: PINNED_SAMPLE_DAY }))).toBe(JSON.stringify(generateLoads(30)));
  });

  it('moves every date by whole days and nothing else, and one day gives the same bytes', () => {
    const day = '2027-03-05';
    const later = generateLoads(200, { day });
    expect(JSON.stringify(generateLoads(200, { day }))).toBe(JSON.stringify(later));
    const shift = (sampleDayStart(day) as number) - (sampleDayStart(PINNED_SAMPLE_DAY) as number);
    const moved = (text: string | null | undefined) => {
      if (typeof text !== 'string') return text;
      const iso = new Date(Date.parse(text) + shift).toISOString();
      return text.length === 10 ? iso.slice(0, 10) : iso;
    };
    const expected = generateLoads(200).map((load) => {
      const shifted: ApiLoad = { ...load, createdAt: moved(load.createdAt) };
      if (load.loadingDate !== undefined) shifted.loadingDate = moved(load.loadingDate);
      return shifted;
    });
    // toEqual: a load without a loading day has no such key at all, and keeps none.
    expect(later).toEqual(expected);
    expect(later.filter((load) => !('loadingDate' in load)).length).toBe(expected.filter((load) => !('loadingDate' in load)).length);
  });

  it('gives a newcomer’s API today: loads posted up to today’s start, loading today, tomorrow and the days after', async () => {
    const before = utcDayOf(Date.now());
    const api = await startSampleApi({ port: 0, host: '127.0.0.1', loads: 120, quiet: true });
    try {
      const body = (await (await fetch(`${api.url}/loads?limit=100`)).json()) as ListBody;
      const day = [before, utcDayOf(Date.now())].find((candidate) => startsDay(body.data, candidate));
      expect(day).toBeDefined();
      const start = sampleDayStart(day as string) as number;
      const days = loadingDays(body.data);
      for (let ahead = 0; ahead < 5; ahead += 1) expect(days).toContain(utcDayOf(start + ahead * DAY_MS));
    } finally {
      await api.close();
    }
  });

  it('is pinned by SAMPLE_DAY, and a day that is not one is refused in one line', () => {
    expect(sampleApiEnv({ SAMPLE_DAY: '2026-11-20' }).day).toBe('2026-11-20');
    expect(sampleApiEnv({}).day).toBeUndefined();
    for (const bad of ['2026-02-30', '20.11.2026', 'today'])
      expect(() => sampleApiEnv({ SAMPLE_DAY: bad })).toThrow(`SAMPLE_DAY is ${JSON.stringify(bad)}; use a day as YYYY-MM-DD.`);
  });

  it('is the pinned day in every sample API of the jest run', async () => {
    const body = (await (await fetch(`${API}/loads?limit=1`)).json()) as ListBody;
    expect(startsDay(body.data, PINNED_SAMPLE_DAY)).toBe(true);
  });
});

describe('GET /loads', () => {
  it('pages through all loads with the default shape and page size', async () => {
    const first = await getJson<ListBody>(`${API}/loads`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toEqual({ total: 120, page: 1, limit: 20 });

    const last = await getJson<ListBody>(`${API}/loads?page=6&limit=20`);
    expect(last.body.data).toHaveLength(20);
    expect(last.body.data[0]?.id).not.toEqual(first.body.data[0]?.id);
    const beyond = await getJson<ListBody>(`${API}/loads?page=7`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.total).toBe(120);
  });

  it('serves the same loads as generateLoads, in order', async () => {
    const { body } = await getJson<ListBody>(`${API}/loads?limit=100&page=2`);
    expect(body.data).toEqual(generateLoads(120).slice(100));
  });

  it('searches title and place names case-insensitively', async () => {
    const expected = (term: string): number =>
      generateLoads(120).filter((load) =>
        [load.title, load.fromLocation?.name, load.fromLocationName, load.toLocation?.name, load.toLocationName].some(
          (text) => typeof text === 'string' && text.toLowerCase().includes(term.toLowerCase()),
        ),
      ).length;

    const upper = await getJson<ListBody>(`${API}/loads?search=TOSHKENT&limit=100`);
    const lower = await getJson<ListBody>(`${API}/loads?search=toshkent&limit=100`);
    expect(upper.body.pagination.total).toBe(expected('toshkent'));
    expect(upper.body.pagination.total).toBeGreaterThan(0);
    expect(lower.body).toEqual(upper.body);
    for (const load of upper.body.data) {
      const text = [load.title, load.fromLocation?.name, load.fromLocationName, load.toLocation?.name, load.toLocationName].join(' ');
      expect(text.toLowerCase()).toContain('toshkent');
    }

    const cyrillic = await getJson<ListBody>(`${API}/loads?search=${encodeURIComponent('МУКА')}`);
    expect(cyrillic.body.pagination.total).toBe(expected('мука'));
    const none = await getJson<ListBody>(`${API}/loads?search=no-such-cargo`);
    expect(none.body).toEqual({ data: [], pagination: { total: 0, page: 1, limit: 20 } });
  });

  it('caps limit at 100', async () => {
    const { status, body } = await getJson<ListBody>(`${API}/loads?limit=5000`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(100);
    expect(body.pagination.limit).toBe(100);
  });

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=', 'limit=0', 'limit=x', 'limit=2e1'])(
    'answers 400 with a JSON error for %s',
    async (query) => {
      const { status, body } = await getJson<{ error: string }>(`${API}/loads?${query}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(/^Invalid (page|limit) ".*": expected a whole number of 1 or more$/);
    },
  );
});

describe('GET /loads/{id}', () => {
  it('answers a load wrapped in data', async () => {
    const { status, body } = await getJson<{ data: ApiLoad }>(`${API}/loads/1001`);
    expect(status).toBe(200);
    expect(body.data).toEqual(generateLoads(1)[0]);
    const hostile = await getJson<{ data: ApiLoad }>(`${API}/loads/${HOSTILE_LOAD_ID}`);
    expect(hostile.body.data.title).toBe(HOSTILE_TITLE);
  });

  it('answers 404 for an unknown id', async () => {
    const { status, body } = await getJson(`${API}/loads/nope`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Load not found' });
  });

  it('answers 404 JSON for an unknown path', async () => {
    const { status, body } = await getJson<{ error: string }>(`${API}/nothing-here`);
    expect(status).toBe(404);
    expect(body.error).toMatch(/Not found/);
  });
});

describe('GET /vehicle-types', () => {
  it('answers the dictionary as a real API does: every type the loads name, and types no load uses', async () => {
    const { status, body } = await getJson(`${API}/vehicle-types`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: [...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES] });
    const named = new Set(generateLoads(500).map((load) => load.vehicleType?.name));
    for (const type of UNUSED_VEHICLE_TYPES) expect(named.has(type.name)).toBe(false);
  });
});

describe('CORS', () => {
  it('allows any origin on every response, errors included', async () => {
    for (const path of ['/loads', '/loads/nope', '/loads?page=0', '/vehicle-types']) {
      const response = await fetch(`${API}${path}`, { headers: { Origin: 'http://localhost:9000' } });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('answers a preflight with 204', async () => {
    const response = await fetch(`${API}/loads`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:9000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type, Accept');
  });
});

describe('/__control (private instance)', () => {
  let api: HarnessApi;
  // The raw POST: these tests read the control API's own answers, refusals included.
  const control = (body: unknown): Promise<Response> => api.control.post(body);

  beforeAll(async () => {
    api = await startApi({ port: 0, host: '127.0.0.1', loads: 45, quiet: true, shape: 'data' });
  });
  afterEach(async () => {
    await control({ reset: true });
  });
  afterAll(async () => {
    await api.close();
  });

  it('reports its state', async () => {
    expect(await api.control.state()).toEqual({
      day: PINNED_SAMPLE_DAY,
      shape: 'data',
      order: 'newest',
      fail: null,
      delayMs: 0,
      revision: 0,
      loads: 45,
      change: null,
      broken: [],
      portal: false,
      listRequests: 0,
      posted: [],
      removed: [],
      traffic: { started: 0, finished: 0, aborted: 0, inFlight: 0, maxInFlight: 0 },
    });
  });

  it('answers every API request as a captive portal does when asked: 200, a login page in HTML', async () => {
    await control({ portal: true });
    const answer = await fetch(`${api.url}/loads`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answer.text()).toMatch(/^<!DOCTYPE html>.*<form/);
    await control({ portal: false });
    expect((await fetch(`${api.url}/loads`)).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('counts the API requests it answered and those the client gave up on', async () => {
    await control({ delayMs: 300 });
    await getJson(`${api.url}/loads`);
    const gaveUp = new AbortController();
    const aborted = fetch(`${api.url}/loads?page=2`, { signal: gaveUp.signal }).catch(() => 'aborted');
    const open = fetch(`${api.url}/loads?page=3`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    gaveUp.abort();
    expect(await aborted).toBe('aborted');
    await open;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await api.control.state()).traffic).toEqual({ started: 3, finished: 2, aborted: 1, inFlight: 0, maxInFlight: 2 });
    await control({ resetTraffic: true });
    expect((await api.control.state()).traffic.started).toBe(0);
  });

  it('sends the loads it is told to break without their id', async () => {
    await control({ broken: ['1002'] });
    const { body } = await getJson<{ data: ApiLoad[] }>(`${api.url}/loads`);
    expect(body.data).toHaveLength(20);
    expect(body.data.filter((load) => load.id === undefined)).toHaveLength(1);
    expect(body.data.some((load) => load.id === '1002' || load.id === 1002)).toBe(false);
  });

  it('switches the list and detail shapes', async () => {
    await control({ shape: 'loads' });
    const loads = await getJson<Record<string, unknown>>(`${api.url}/loads?page=3`);
    expect(Object.keys(loads.body).sort()).toEqual(['loads', 'pagination']);
    expect(loads.body.pagination).toEqual({ total: 45, page: 3, limit: 20 });

    await control({ shape: 'top-level' });
    const top = await getJson<Record<string, unknown>>(`${api.url}/loads`);
    expect(Object.keys(top.body).sort()).toEqual(['data', 'limit', 'page', 'total']);
    expect((await getJson(`${api.url}/loads/1001`)).body).toHaveProperty('data.id', '1001');

    await control({ shape: 'bare' });
    const bare = await getJson<ApiLoad[]>(`${api.url}/loads?page=3`);
    expect(bare.body).toEqual(generateLoads(45).slice(40));
    expect((await getJson(`${api.url}/loads/1001`)).body).toHaveProperty('id', '1001');
  });

  it('injects failures as text, and reset ends them', async () => {
    await control({ fail: 503 });
    const response = await fetch(`${api.url}/loads`);
    expect(response.status).toBe(503);
    expect(response.statusText).toBe('Service Unavailable');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe(INJECTED_FAILURE_BODY);
    await control({ reset: true });
    expect((await fetch(`${api.url}/loads`)).status).toBe(200);
  });

  it('changes about 1% of the loads for a new revision', async () => {
    await control({ revision: 1 });
    const { body } = await getJson<ListBody>(`${api.url}/loads?limit=45`);
    expect(body.data).toEqual(generateLoads(45, { revision: 1 }));
    expect(body.data[0]).not.toEqual(generateLoads(45)[0]);
  });

  describe('change mode', () => {
    const ids = (): Promise<string[]> => api.control.ids();
    const list = async (): Promise<string[]> =>
      (await getJson<ListBody>(`${api.url}/loads?limit=100`)).body.data.map((load) => String(load.id));

    it('removes a seeded random load every N list requests and posts one at the front half-way between', async () => {
      await control({ change: { every: 2, seed: 3 } });
      const start = await ids();
      expect(await list()).toEqual(start);
      // After request 1: a post at the front.
      const afterPost = await list();
      expect(afterPost).toHaveLength(46);
      expect(afterPost.slice(1)).toEqual(start);
      // After request 2: a removal.
      const afterRemoval = await list();
      expect(afterRemoval).toHaveLength(45);
      const state = await api.control.state();
      // Request 3 posted again, after its answer was made.
      expect(state).toMatchObject({ listRequests: 3, posted: [afterPost[0], expect.any(String)] });
      expect(state.removed).toHaveLength(1);
      expect(afterRemoval).not.toContain(state.removed[0]);
      expect((await fetch(`${api.url}/loads/${state.removed[0] as string}`)).status).toBe(404);
      expect((await getJson(`${api.url}/loads/${afterPost[0] as string}`)).status).toBe(200);

      // The same seed removes the same loads.
      await control({ reset: true, change: { every: 2, seed: 3 } });
      for (let i = 0; i < 3; i += 1) await list();
      expect(await ids()).toEqual(await ids());
      expect((await api.control.state()).removed).toEqual(state.removed);
    });

    it('changes only the first M list requests, and reset restores the board', async () => {
      await control({ change: { every: 1, limit: 2, size: 2 } });
      for (let i = 0; i < 5; i += 1) await list();
      const state = await api.control.state();
      expect([state.listRequests, state.posted.length, state.removed.length]).toEqual([5, 4, 4]);
      await control({ reset: true });
      expect(await ids()).toEqual(generateLoads(45).map((load) => String(load.id)));
    });

    it('rejects an invalid change field', async () => {
      const response = await control({ change: { every: 0 } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/change.every/);
    });
  });

  it('moves the board to another day, and reset brings back the day it started with', async () => {
    expect(await control({ day: '2027-01-15' }).then((response) => response.status)).toBe(200);
    const moved = (await (await fetch(`${api.url}/loads?limit=100`)).json()) as ListBody;
    expect(moved.data).toEqual(generateLoads(45, { day: '2027-01-15' }));
    expect((await api.control.state()).day).toBe('2027-01-15');
    await control({ reset: true });
    expect(((await (await fetch(`${api.url}/loads?limit=100`)).json()) as ListBody).data).toEqual(generateLoads(45));
    const refused = await control({ day: '2027-02-30' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('day must be a YYYY-MM-DD day');
  });

  it('posts the loads it is told to, between the places named, at the newest end of every order', async () => {
    const dayStart = sampleDayStart(PINNED_SAMPLE_DAY) as number;
    const answer = await api.control.set({
      post: [
        { from: 'Jizzax', to: 'Samarqand' },
        { from: 'Тошкент', to: 'Жиззах' },
      ],
    });
    expect(answer.posted).toHaveLength(2);
    const [first, second] = answer.posted as [string, string];
    const list = async (order: 'newest' | 'oldest' | 'none') => {
      await api.control.set({ order });
      return ((await (await fetch(`${api.url}/loads?limit=100`)).json()) as ListBody).data;
    };
    const newestFirst = await list('newest');
    expect(newestFirst.slice(0, 2).map((load) => String(load.id))).toEqual([second, first]);
    expect(newestFirst.slice(0, 2).map((load) => [load.fromLocationName, load.toLocationName, load.fromLocation])).toEqual([
      ['Тошкент', 'Жиззах', undefined],
      ['Jizzax', 'Samarqand', undefined],
    ]);
    expect(newestFirst.slice(0, 2).map((load) => Date.parse(load.createdAt as string) - dayStart)).toEqual([120_000, 60_000]);
    expect((await list('oldest')).slice(-2).map((load) => String(load.id))).toEqual([first, second]);
    expect((await list('none')).map((load) => String(load.id))).toEqual(expect.arrayContaining([first, second]));
    expect((await api.control.ids()).length).toBe(47);
    const refused = await control({ post: [{ from: 'Jizzax' }] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^post must be an array/);
  });

  it('rejects invalid settings without changing anything', async () => {
    const response = await control({ shape: 'xml', fail: 503 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/shape must be one of/);
    expect((await fetch(`${api.url}/loads`)).status).toBe(200);
  });
});
