/**
 * @jest-environment node
 *
 * The API client against the real sample API over HTTP. Shape and failure checks use a private
 * sample API instance (its /__control state would otherwise leak into files running in parallel);
 * header and edge-case checks use tiny throwaway servers that record what arrives.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiUrl as apiBaseUrl } from '../src/config/env';
import { HTTPError } from 'ky';
import { ApiError, fetchLoads, fetchLoadsPage, fetchVehicleTypes } from '../src/api-client/client';
import { fetchLoad } from '../src/api-client/one-load';
import { ApiShapeError } from '../src/api-client/normalize';
import { DEFAULT_API_URL } from '../src/config/constants';
import { HOSTILE_LOAD_ID, HOSTILE_TITLE, UNUSED_VEHICLE_TYPES, VEHICLE_TYPES } from '../tools/sample-api/data';
import { INJECTED_FAILURE_BODY } from '../tools/sample-api/server';
import type { ResponseShape } from '../tools/sample-api/server';
import { startApi, type ControlSettings, type HarnessApi } from '../tools/harness/sample-api';

const API = process.env.TEST_API_URL as string;

interface Recorder {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** A throwaway server that records every request and answers with `handler`. */
async function startRecorder(handler: (req: IncomingMessage, res: ServerResponse, count: number) => void): Promise<Recorder> {
  const requests: Recorder['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json =
  (body: unknown) =>
  (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('apiBaseUrl', () => {
  const saved = process.env.GATSBY_API_URL;
  afterEach(() => {
    process.env.GATSBY_API_URL = saved;
  });

  it('reads GATSBY_API_URL on every call and tolerates a trailing slash', () => {
    process.env.GATSBY_API_URL = 'https://api.example.uz/api/';
    expect(apiBaseUrl()).toBe('https://api.example.uz/api');
    delete process.env.GATSBY_API_URL;
    expect(apiBaseUrl()).toBe(DEFAULT_API_URL);
  });
});

describe('against the shared sample API', () => {
  it('uses GATSBY_API_URL when no base is given', () => {
    expect(apiBaseUrl()).toBe(API);
  });

  it('lists a page of loads', async () => {
    const list = await fetchLoads({ page: 1, limit: 20 });
    expect(list.loads).toHaveLength(20);
    expect(list).toMatchObject({ total: 120, page: 1, limit: 20 });
    expect(list.loads[0]).toMatchObject({ id: '1001', contactSource: expect.any(String) });
    const hostile = list.loads.find((load) => load.id === HOSTILE_LOAD_ID);
    expect(hostile?.title).toBe(HOSTILE_TITLE);
  });

  it('searches', async () => {
    const list = await fetchLoads({ search: '  SAMARQAND ', limit: 100 });
    expect(list.total).toBeGreaterThan(0);
    expect(list.total).toBeLessThan(120);
    for (const load of list.loads) expect(`${load.title} ${load.from} ${load.to}`.toLowerCase()).toContain('samarqand');
  });

  it('reads one load, with the id encoded into the path', async () => {
    expect(await fetchLoad('1001')).toMatchObject({ id: '1001' });
    expect((await fetchLoad(HOSTILE_LOAD_ID)).title).toBe(HOSTILE_TITLE);
    const error = await rejection(fetchLoad('1001/../1002'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });

  it('answers ApiError for an unknown load', async () => {
    const error = await rejection(fetchLoad('does-not-exist'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, statusText: 'Not Found', url: `${API}/loads/does-not-exist` });
    expect(error.message).toBe('404 Not Found: {"error":"Load not found"}');
  });

  it('answers ApiError with the server message for a bad page', async () => {
    const error = await rejection(fetchLoads({ page: 0 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^400 Bad Request: \{"error":"Invalid page/);
  });

  it('reads the vehicle types', async () => {
    expect(await fetchVehicleTypes()).toEqual(
      [...VEHICLE_TYPES, ...UNUSED_VEHICLE_TYPES].map(({ id, name }) => ({ id: String(id), name })),
    );
  });
});

describe('against a private sample API', () => {
  let api: HarnessApi;
  const control = async (settings: ControlSettings): Promise<void> => {
    await api.control.set(settings);
  };

  beforeAll(async () => {
    api = await startApi({ port: 0, host: '127.0.0.1', loads: 45, quiet: true, shape: 'data' });
  });
  afterEach(async () => {
    await control({ reset: true });
  });
  afterAll(async () => {
    await api.close();
  });

  const shapes: Array<[ResponseShape, number]> = [
    ['data', 45],
    ['loads', 45],
    ['top-level', 45],
    // A bare array says nothing about the total: only what arrived counts.
    ['bare', 20],
  ];

  it.each(shapes)('reads list and detail in the %s shape', async (shape, total) => {
    await control({ shape });
    const { list, reportedTotal } = await fetchLoadsPage({ page: 1, limit: 20 }, { baseUrl: api.url });
    expect(list.loads).toHaveLength(20);
    expect(list).toMatchObject({ total, page: 1, limit: 20 });
    expect(reportedTotal).toBe(shape === 'bare' ? null : 45);
    expect(list.loads[0]?.id).toBe('1001');
    expect(await fetchLoad('1002', { baseUrl: api.url })).toMatchObject({ id: '1002' });
  });

  it('turns an injected failure into ApiError with status, status text and body', async () => {
    await control({ fail: 503 });
    const error = await rejection(fetchLoads({ page: 1, limit: 20 }, { baseUrl: api.url }));
    expect(error).toBeInstanceOf(ApiError);
    // Made from ky's own error, with the response for whoever needs more than the message.
    expect(error.cause).toBeInstanceOf(HTTPError);
    expect((error as ApiError).response.status).toBe(503);
    expect(error.message).toBe(`503 Service Unavailable: ${INJECTED_FAILURE_BODY}`);
    expect(error).toMatchObject({ status: 503, statusText: 'Service Unavailable', body: INJECTED_FAILURE_BODY });
    expect((error as ApiError).url).toBe(`${api.url}/loads?page=1&limit=20`);

    const detail = await rejection(fetchLoad('1001', { baseUrl: api.url }));
    expect(detail.message).toContain('503');
    const page = await rejection(fetchLoadsPage({ page: 1, limit: 100 }, { baseUrl: api.url }));
    expect(page).toBeInstanceOf(ApiError);
  });
});

describe('requests', () => {
  let recorder: Recorder;
  afterEach(async () => {
    await recorder.close();
  });

  it('send Accept JSON, no Content-Type and no credentials', async () => {
    recorder = await startRecorder(json({ data: [], pagination: { total: 0, page: 1, limit: 20 } }));
    await fetchLoads({ page: 1, limit: 20 }, { baseUrl: recorder.url });
    const [request] = recorder.requests;
    expect(request?.method).toBe('GET');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('carry each query parameter only when set', async () => {
    recorder = await startRecorder(json([]));
    await fetchLoads({}, { baseUrl: recorder.url });
    await fetchLoads({ page: 2 }, { baseUrl: recorder.url });
    await fetchLoads({ limit: 20, search: '   ' }, { baseUrl: recorder.url });
    await fetchLoads({ page: 1, limit: 20, search: " Farg'ona & Мука " }, { baseUrl: recorder.url });
    expect(recorder.requests.map((request) => request.url)).toEqual([
      '/api/loads',
      '/api/loads?page=2',
      '/api/loads?limit=20',
      `/api/loads?page=1&limit=20&search=Farg%27ona+%26+${encodeURIComponent('Мука')}`,
    ]);
  });

  it('retry busy responses when asked to', async () => {
    recorder = await startRecorder((req, res, count) => {
      if (count < 3) {
        res.writeHead(503, { 'Content-Type': 'text/plain' });
        res.end('busy');
      } else json([{ id: 1 }])(req, res);
    });
    const list = await fetchLoads({}, { baseUrl: recorder.url, retries: 2 });
    expect(list.loads.map((load) => load.id)).toEqual(['1']);
    expect(recorder.requests).toHaveLength(3);
  });

  it('back off between retries, doubling the pause', async () => {
    const arrivals: number[] = [];
    recorder = await startRecorder((req, res, count) => {
      arrivals.push(Date.now());
      if (count < 3) {
        res.writeHead(429, { 'Content-Type': 'text/plain' });
        res.end('slow down');
      } else json([])(req, res);
    });
    await fetchLoads({}, { baseUrl: recorder.url, retries: 3 });
    expect(recorder.requests).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = arrivals;
    // 500 ms, then 1,000 ms: generous lower bounds only, the machine may be slow but never early.
    expect(second - first).toBeGreaterThanOrEqual(450);
    expect(third - second).toBeGreaterThanOrEqual(950);
  });

  it('do not retry an answer that another try cannot change', async () => {
    recorder = await startRecorder((_req, res) => {
      res.writeHead(404, 'Not Found', { 'Content-Type': 'application/json' });
      res.end('{"error":"Load not found"}');
    });
    const error = await rejection(fetchLoad('7', { baseUrl: recorder.url, retries: 3 }));
    expect(error).toMatchObject({ status: 404, message: '404 Not Found: {"error":"Load not found"}' });
    expect(recorder.requests).toHaveLength(1);
  });

  it('retry a timed-out read when asked to', async () => {
    recorder = await startRecorder((req, res, count) => {
      if (count > 1) json([{ id: 5 }])(req, res);
      /* the first request never answers */
    });
    const list = await fetchLoads({}, { baseUrl: recorder.url, retries: 1, timeoutMs: 300 });
    expect(list.loads.map((load) => load.id)).toEqual(['5']);
    expect(recorder.requests).toHaveLength(2);
  });

  it('stop retrying once the caller aborts', async () => {
    recorder = await startRecorder((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('busy');
    });
    const controller = new AbortController();
    const pending = fetchLoads({}, { baseUrl: recorder.url, retries: 5, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(recorder.requests).toHaveLength(1);
  });

  it('do not retry by default', async () => {
    recorder = await startRecorder((_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html>\n  <body>upstream down</body>\n</html>');
    });
    const error = await rejection(fetchLoads({}, { baseUrl: recorder.url }));
    expect(error.message).toBe('502 Bad Gateway: <html> <body>upstream down</body> </html>');
    expect(recorder.requests).toHaveLength(1);
  });

  it('reject a body that is not JSON with ApiShapeError', async () => {
    recorder = await startRecorder((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Captive portal</title>');
    });
    const error = await rejection(fetchLoads({}, { baseUrl: recorder.url }));
    expect(error).toBeInstanceOf(ApiShapeError);
    expect(error.message).toContain(`Response from ${recorder.url}/loads is not JSON`);
    expect(error.message).toContain('Captive portal');
  });

  it('reject a JSON body of the wrong shape with ApiShapeError', async () => {
    recorder = await startRecorder(json({ message: 'ok' }));
    const error = await rejection(fetchLoads({}, { baseUrl: recorder.url }));
    expect(error).toBeInstanceOf(ApiShapeError);
    expect(error.message).toContain('{"message":"ok"}');
    expect(error.message).toContain(`(from ${recorder.url}/loads)`);
  });

  it('time out with a message naming the URL', async () => {
    recorder = await startRecorder(() => {
      /* never answers */
    });
    const error = await rejection(fetchLoads({}, { baseUrl: recorder.url, timeoutMs: 200 }));
    expect(error.message).toBe(`Request to ${recorder.url}/loads timed out after 200 ms`);
  });

  it('hand a caller abort back as the abort error', async () => {
    recorder = await startRecorder(() => {
      /* never answers */
    });
    const controller = new AbortController();
    const pending = fetchLoads({}, { baseUrl: recorder.url, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
  });
});

describe('network errors', () => {
  it('name the URL and the reason', async () => {
    const closed = await startRecorder(() => undefined);
    await closed.close();
    const error = await rejection(fetchLoads({ page: 1 }, { baseUrl: closed.url }));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.message).toMatch(
      new RegExp(`^Network error requesting ${closed.url.replace(/\./g, '\\.')}/loads\\?page=1: .*ECONNREFUSED`),
    );
  });
});
