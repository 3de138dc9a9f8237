import http from 'node:http';

/**
 * A phone's network in front of a local server, for the offline worker's e2e tests and bench:offline.
 * It is a real network to Chromium, so it reaches what Playwright's routing does not: a service
 * worker's navigation preload and the browser's fetch of a new worker.
 * - `slow`: every request waits one round trip before its answer starts, and every answer's bytes share
 *   one link of `kbps` (Lighthouse's mobile network: 150 ms, 1.6 Mbps), the worker's requests as much
 *   as the page's (Chrome's own throttling slows the page only).
 * - `silent`: a network that says "online" and answers nothing.
 * - `answers`: what the host answers instead for a path (a 500, the next deploy's files).
 * It counts the bytes it sends, as they went over the wire (compressed when the server compressed them).
 */
export interface PhoneNetwork {
  url: string;
  slow: boolean;
  silent: boolean;
  /** Answers given in place of the server's, by path (without the query). */
  answers: Map<string, { status: number; type: string; body: string }>;
  /** Bytes sent since the last reset, by request path. */
  sent: Map<string, number>;
  resetCount(): void;
  close(): Promise<void>;
}

export function startPhoneNetwork(options: {
  target: string;
  port: number;
  rttMs?: number;
  kbps?: number;
  slow?: boolean;
}): Promise<PhoneNetwork> {
  const target = new URL(options.target);
  const rttMs = options.rttMs ?? 150;
  const bytesPerMs = ((options.kbps ?? 1600) * 1000) / 8 / 1000;
  /** When the shared link is free again. */
  let linkFreeAt = 0;
  const hanging = new Set<http.ServerResponse>();
  const state = { slow: options.slow ?? true, silent: false, sent: new Map<string, number>() };
  const answers: PhoneNetwork['answers'] = new Map();

  /** Waits until `bytes` more have gone over the shared link. */
  const overTheLink = (bytes: number): Promise<void> => {
    const start = Math.max(Date.now(), linkFreeAt);
    linkFreeAt = start + bytes / bytesPerMs;
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, linkFreeAt - Date.now())));
  };

  const server = http.createServer((req, res) => {
    if (state.silent) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    const path = req.url ?? '/';
    const answer = answers.get(path.replace(/\?.*$/, ''));
    if (answer) {
      res.writeHead(answer.status, { 'Content-Type': answer.type, 'Cache-Control': 'no-cache' }).end(answer.body);
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path, method: req.method, headers: { ...req.headers, host: target.host } },
      async (answer) => {
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        if (state.slow) {
          await new Promise((resolve) => setTimeout(resolve, rttMs));
          await overTheLink(body.length);
        }
        state.sent.set(path, (state.sent.get(path) ?? 0) + body.length);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(body);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, 'localhost', () =>
      resolve({
        url: `http://localhost:${(server.address() as { port: number }).port}`,
        get slow() {
          return state.slow;
        },
        set slow(value: boolean) {
          state.slow = value;
        },
        get silent() {
          return state.silent;
        },
        set silent(value: boolean) {
          state.silent = value;
          if (!value) for (const res of hanging) res.destroy();
        },
        answers,
        sent: state.sent,
        resetCount: () => state.sent.clear(),
        close: () =>
          new Promise((done) => {
            for (const res of hanging) res.destroy();
            server.close(() => done());
            server.closeAllConnections();
          }),
      }),
    );
  });
}
