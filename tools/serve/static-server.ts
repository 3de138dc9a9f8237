import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { NOT_FOUND_PAGE, responseHeaders } from '../../src/hosting/policy';

/**
 * Serves a built site the way the CDN does (`npm run serve`, the e2e run, the benchmarks): files as
 * they are, `dir/index.html` for `dir`, and `404.html` with status 404 for anything else, so client-only
 * routes are tested as they will be hosted. Files come from sirv; their Cache-Control, Content-Type and
 * security headers from the hosting policy (src/hosting/policy.ts), as the deploy uploads them; text is
 * gzip-compressed on the fly, as any CDN does.
 */

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export function startStaticServer(root: string, port: number, host = '0.0.0.0'): Promise<StaticServer> {
  const absoluteRoot = path.resolve(root);
  const files = sirv(absoluteRoot, {
    // Reads the folder on each request, so a rebuild is served without a restart.
    dev: true,
    // `dir/index.html` stands for `dir` (and `dir.html`, which the build writes only for 404.html).
    extensions: ['html'],
    setHeaders: (res, pathname) => setPolicyHeaders(res, keyOf(absoluteRoot, pathname)),
    onNoMatch: (req, res) => sendNotFound(absoluteRoot, req, res),
  });
  const compress = compression({ threshold: 0 });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => files(req, res));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = (server.address() as { port: number }).port;
      resolve({
        url: `http://localhost:${actual}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** The policy's key of the file sirv serves for a URL path: `uz/loads/index.html` for `/uz/loads`. */
function keyOf(root: string, pathname: string): string {
  const key = pathname.replace(/^\/+/, '');
  if (key === '' || key.endsWith('/')) return `${key}index.html`;
  const isFolder = fs.statSync(path.join(root, key), { throwIfNoEntry: false })?.isDirectory() ?? false;
  return isFolder ? `${key}/index.html` : key;
}

function setPolicyHeaders(res: http.ServerResponse, key: string): void {
  for (const [name, value] of Object.entries(responseHeaders(key))) res.setHeader(name, value);
}

function sendNotFound(root: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const page = path.join(root, NOT_FOUND_PAGE);
  if (!fs.existsSync(page)) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  setPolicyHeaders(res, NOT_FOUND_PAGE);
  res.statusCode = 404;
  res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(page));
}
