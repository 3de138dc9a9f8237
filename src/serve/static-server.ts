import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { headersFor, parseHeadersFile } from './headers-file';

/**
 * Serves a built site the way a CDN does: files as they are, `dir/index.html` for `dir`, and
 * `404.html` with status 404 for anything else, so client-only routes are tested as they will be
 * hosted. Text is gzip-compressed, as any CDN would, and the site's `_headers` file is applied as
 * Netlify and Cloudflare Pages apply it.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|atom\+xml|manifest)|image\/svg)/;

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** The file a URL path names inside `root`, or null. Never leaves `root`. */
export function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const candidate = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (candidate !== root && !candidate.startsWith(`${root}${path.sep}`)) return null;
  for (const file of [candidate, path.join(candidate, 'index.html')]) {
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // Not there: try the next form.
    }
  }
  return null;
}

/** Hashed assets never change; HTML, page-data and the rest must be revalidated (see README). */
export function cacheControl(relativePath: string): string {
  if (/^\/?(static\/|places\/|.*-[0-9a-f]{16,}\.(js|css)$)/.test(relativePath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=0, must-revalidate';
}

export function startStaticServer(root: string, port: number, host = '0.0.0.0'): Promise<StaticServer> {
  const absoluteRoot = path.resolve(root);
  const headersFile = path.join(absoluteRoot, '_headers');
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = resolveFile(absoluteRoot, url.pathname);
    const notFound = path.join(absoluteRoot, '404.html');
    const chosen = file ?? (fs.existsSync(notFound) ? notFound : null);
    if (!chosen) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const status = file ? 200 : 404;
    const type = TYPES[path.extname(chosen).toLowerCase()] ?? 'application/octet-stream';
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': type,
      'Cache-Control': cacheControl(path.relative(absoluteRoot, chosen)),
      Vary: 'Accept-Encoding',
      ...headersFor(rules, url.pathname),
    };
    const body = fs.readFileSync(chosen);
    const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const payload = gzip ? zlib.gzipSync(body) : body;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = payload.length;
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : payload);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve({
        url: `http://localhost:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
