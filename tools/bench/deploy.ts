// npm run bench:deploy [-- --loads N] [--concurrency C]
// Deploys a synthetic public/ shaped like an N-load site (default 10,000: four language variants of a
// page and its page-data per load, ~80,000 files at the sizes of a real build) to s3rver running in this
// process, three times: first deploy, unchanged redeploy, 1% of loads changed. Prints wall time and the
// requests the server saw. Not a Gatsby build: needs no build lock. Figures, not assertions: s3rver
// writes every object to disk on the same two cores, so a real bucket is faster per request; the
// request counts are what a bucket bills.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deploy } from '../deploy/deploy';
import { MANIFEST_NAME } from '../deploy/state-location';
import { startLocalS3, type LocalS3 } from '../deploy/local-s3';
import { numberFlag, readFlags } from './flags';

const { loads: LOADS, concurrency: CONCURRENCY } = readFlags({ loads: numberFlag(10_000), concurrency: numberFlag(16, { min: 1 }) });
const VARIANTS = ['', 'uz/', 'uz-cyrl/', 'ru/'];
// Sizes of a real build's files (sample API data): a load page and its page-data.
const LOAD_HTML_BYTES = 8_700;
const LOAD_DATA_BYTES = 1_300;
const CONTENT_PAGES = ['', 'features/', 'pricing/', 'how-it-works/', 'help/', 'applink/', 'auth/', 'privacy/', 'terms/', 'loads/places/'];
// Places and routes with loads: about 100 on the sample API's data.
const PLACES = 20;

function placePages(): string[] {
  const pages: string[] = [];
  for (let i = 0; i < PLACES; i += 1)
    pages.push(`loads/from/place-${i}/`, `loads/to/place-${i}/`, `loads/route/place-${i}/place-${(i + 1) % PLACES}/`);
  return pages;
}
const SITEMAP_URLS = 45_000;

/** Deterministic filler of a given size, so an unchanged file is byte-identical between trees. */
function filler(seed: string, bytes: number): Buffer {
  return Buffer.alloc(bytes, crypto.createHash('sha256').update(seed).digest());
}

function writeTree(dir: string, version: (id: number) => string, stamp: string): number {
  let files = 0;
  const write = (key: string, body: Buffer | string) => {
    const file = path.join(dir, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
    files += 1;
  };
  for (let i = 0; i < 25; i += 1)
    write(`chunk-${i}-${crypto.createHash('md5').update(`c${i}`).digest('hex').slice(0, 20)}.js`, filler(`js${i}`, 20_000));
  for (let i = 0; i < 10; i += 1)
    write(`static/${crypto.createHash('md5').update(`s${i}`).digest('hex')}/image-${i}.png`, filler(`img${i}`, 40_000));
  write('404.html', filler('not-found', 15_000));
  for (const variant of VARIANTS) {
    for (let id = 1; id <= LOADS; id += 1) {
      write(`${variant}load/${id}/index.html`, filler(`html${variant}${id}${version(id)}`, LOAD_HTML_BYTES));
      write(`page-data/${variant}load/${id}/page-data.json`, filler(`data${variant}${id}${version(id)}`, LOAD_DATA_BYTES));
    }
    write(`${variant}loads/index.html`, filler(`board${variant}${stamp}`, 30_000));
    write(`page-data/${variant}loads/page-data.json`, filler(`boarddata${variant}${stamp}`, 20_000));
    for (const page of [...CONTENT_PAGES, ...placePages()]) {
      write(`${variant}${page}index.html`, filler(`page${variant}${page}`, 12_000));
      write(`page-data/${variant}${page}page-data.json`, filler(`pagedata${variant}${page}`, 3_000));
    }
  }
  // gatsby-plugin-sitemap: the three prefixed URLs of each page, about 410 bytes each with their
  // alternates, 45,000 to a file.
  const urls = (LOADS + CONTENT_PAGES.length + placePages().length) * 3;
  for (let i = 0; i * SITEMAP_URLS < urls; i += 1) {
    write(`sitemap-${i}.xml`, filler(`sitemap${i}${stamp}`, Math.min(SITEMAP_URLS, urls - i * SITEMAP_URLS) * 410));
  }
  return files;
}

async function measure(name: string, s3: LocalS3, dir: string, now: Date): Promise<void> {
  s3.requests.length = 0;
  const report = await deploy(s3.config({ dir, concurrency: CONCURRENCY }), { client: s3.client, log: () => undefined, now });
  const byMethod = new Map<string, number>();
  for (const request of s3.requests) {
    const kind = request.key === MANIFEST_NAME ? `${request.method} manifest` : request.method === 'GET' ? 'GET list' : request.method;
    byMethod.set(kind, (byMethod.get(kind) ?? 0) + 1);
  }
  const requests = [...byMethod].map(([kind, count]) => `${count} ${kind}`).join(', ');
  console.log(
    `${name.padEnd(20)} ${report.seconds.toFixed(1).padStart(6)} s  uploaded ${String(report.uploaded).padStart(6)} (${(report.uploadedBytes / 2 ** 20).toFixed(0)} MB), deleted ${report.deleted}; requests: ${requests}`,
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-deploy-'));
  const s3 = await startLocalS3();
  // About 2 GB of temporary files: remove them when stopped early too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const folder of [dir, s3.directory]) fs.rmSync(folder, { recursive: true, force: true });
      process.exit(1);
    });
  }
  try {
    const started = performance.now();
    const files = writeTree(dir, () => 'v1', 'build-1');
    console.log(`Synthetic site: ${LOADS} loads, ${files} files, written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const now = Date.parse('2026-11-20T10:00:00Z');
    await measure('first deploy', s3, dir, new Date(now));
    await measure('unchanged redeploy', s3, dir, new Date(now + 900_000));
    const changed = Math.max(1, Math.round(LOADS / 100));
    writeTree(dir, (id) => (id % Math.round(LOADS / changed) === 0 ? 'v2' : 'v1'), 'build-2');
    await measure(`${changed} loads changed`, s3, dir, new Date(now + 1_800_000));
  } finally {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
