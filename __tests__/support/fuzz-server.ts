import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One canned answer: what a broken or hostile API might send. */
export interface CannedAnswer {
  status: number;
  contentType: string;
  body: string;
  delayMs: number;
}

/**
 * A throwaway HTTP server that answers every request with the current canned answer (CORS open, so a
 * page in jsdom can read it). Tests swap the answer between fuzz cases.
 */
export async function startFuzzServer(): Promise<{ url: string; answer: (next: CannedAnswer) => void; close: () => Promise<void> }> {
  let current: CannedAnswer = { status: 200, contentType: 'application/json', body: '[]', delayMs: 0 };
  const server = http.createServer((request, response) => {
    const { status, contentType, body, delayMs } = current;
    setTimeout(() => {
      response.writeHead(status, { 'Content-Type': contentType, 'Access-Control-Allow-Origin': '*' });
      response.end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    answer: (next) => {
      current = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type FuzzServer = Awaited<ReturnType<typeof startFuzzServer>>;

/** A fuzz server for the whole test file, with GATSBY_API_URL pointing at it meanwhile. */
export function useFuzzApi(): () => FuzzServer {
  let server: FuzzServer | undefined;
  const saved = process.env.GATSBY_API_URL;
  beforeAll(async () => {
    server = await startFuzzServer();
    process.env.GATSBY_API_URL = server.url;
  });
  afterAll(async () => {
    process.env.GATSBY_API_URL = saved;
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('The fuzz server is not running yet');
    return server;
  };
}
