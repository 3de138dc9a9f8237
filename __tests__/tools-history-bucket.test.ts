/**
 * The workflow stores the board history in the bucket (tools/history/bucket.ts), against s3rver: where the
 * CDN does not serve it, fetched before the build, stored after the deploy only when the bucket still
 * holds the copy the run read, and never when it is hashed with the development key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeLoad } from '../src/api-client/normalize';
import { openHistory } from '../src/history/store';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startLocalS3, type LocalS3 } from '../tools/deploy/local-s3';
import { downloadHistory, etagFile, uploadHistory } from '../tools/history/bucket';
import { generateLoads } from '../tools/sample-api/data';

const T0 = Date.UTC(2026, 10, 20, 6);
const KEY = 'production-key';
const loads = generateLoads(30).map((raw) => normalizeLoad(raw));

let s3: LocalS3;
let dir: string;
/** Conditional headers of every PUT the client sent, in order. */
let puts: Array<{ ifMatch?: string; ifNoneMatch?: string }>;

beforeAll(async () => {
  s3 = await startLocalS3();
  s3.client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { method?: string; headers?: Record<string, string> };
      if (request.method === 'PUT') puts.push({ ifMatch: request.headers?.['if-match'], ifNoneMatch: request.headers?.['if-none-match'] });
      return next(args);
    },
    { step: 'finalizeRequest', name: 'recordConditionalHeaders' },
  );
});
afterAll(async () => {
  await s3.close();
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-bucket-'));
  puts = [];
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The site under www/, its state in the state bucket under a folder of this test's own. */
function where(name: string) {
  return s3.config({ prefix: 'www/', state: { bucket: s3.stateBucket, prefix: `${name}/` } });
}

/** One run of the workflow's build: the history as the bucket had it, plus this read, saved. */
async function build(file: string, read: number, at: number, key = KEY): Promise<void> {
  const history = await openHistory(file, { key });
  history.recordRead(loads.slice(0, read), at);
  history.save();
  history.close();
}

async function loadsIn(file: string): Promise<number> {
  const history = await openHistory(file, { key: KEY });
  const { loads: count } = history.stats();
  history.close();
  return count;
}

it('starts a new history when the bucket has none, stores it, and fetches it on the next run', async () => {
  const config = where('first');
  const runA = path.join(dir, 'a.sqlite');
  expect(await downloadHistory(config, runA, s3.client)).toEqual({ kind: 'none' });
  expect(fs.existsSync(runA)).toBe(false);
  await build(runA, 10, T0);
  expect(await uploadHistory(config, runA, s3.client)).toMatchObject({ kind: 'uploaded' });
  // A new object is written only if there still is none.
  expect(puts).toEqual([{ ifMatch: undefined, ifNoneMatch: '*' }]);

  const runB = path.join(dir, 'b.sqlite');
  expect(await downloadHistory(config, runB, s3.client)).toMatchObject({ kind: 'downloaded' });
  expect(fs.readFileSync(runB).equals(fs.readFileSync(runA))).toBe(true);
  await build(runB, 20, T0 + 60_000);
  expect(await uploadHistory(config, runB, s3.client)).toMatchObject({ kind: 'uploaded' });
  expect(puts[1]?.ifMatch).toMatch(/^"?[0-9a-f]{32}"?$/);
  expect(await loadsIn(runB)).toBe(20);
});

it('never lets a run holding a stale copy overwrite a newer history', async () => {
  const config = where('stale');
  const seed = path.join(dir, 'seed.sqlite');
  await downloadHistory(config, seed, s3.client);
  await build(seed, 5, T0);
  await uploadHistory(config, seed, s3.client);

  // Two runs read the same copy; the newer one stores first.
  const slow = path.join(dir, 'slow.sqlite');
  const fast = path.join(dir, 'fast.sqlite');
  await downloadHistory(config, slow, s3.client);
  await downloadHistory(config, fast, s3.client);
  await build(fast, 25, T0 + 120_000);
  expect(await uploadHistory(config, fast, s3.client)).toMatchObject({ kind: 'uploaded' });
  await build(slow, 8, T0 + 60_000);
  expect(await uploadHistory(config, slow, s3.client)).toMatchObject({ kind: 'stale' });

  const check = path.join(dir, 'check.sqlite');
  await downloadHistory(config, check, s3.client);
  expect(fs.readFileSync(check).equals(fs.readFileSync(fast))).toBe(true);
  expect(await loadsIn(check)).toBe(25);
});

it('does not store a new history over one that appeared after the run found none', async () => {
  const config = where('raced');
  const late = path.join(dir, 'late.sqlite');
  const early = path.join(dir, 'early.sqlite');
  await downloadHistory(config, late, s3.client);
  await downloadHistory(config, early, s3.client);
  await build(early, 12, T0);
  expect(await uploadHistory(config, early, s3.client)).toMatchObject({ kind: 'uploaded' });
  await build(late, 3, T0);
  expect(await uploadHistory(config, late, s3.client)).toMatchObject({ kind: 'stale' });
});

it('stores nothing from a run that could not read the bucket', async () => {
  const unreadable = { ...where('lost'), state: { bucket: 'no-such-bucket', prefix: '' } };
  const file = path.join(dir, 'h.sqlite');
  expect(await downloadHistory(unreadable, file, s3.client)).toMatchObject({ kind: 'unreadable' });
  expect(fs.existsSync(etagFile(file))).toBe(false);
  await build(file, 4, T0);
  expect(await uploadHistory(where('lost'), file, s3.client)).toEqual({ kind: 'not-downloaded' });
});

it('keeps the history where the CDN does not serve it, and the site bucket none of it', async () => {
  const config = where('private');
  const file = path.join(dir, 'h.sqlite');
  await downloadHistory(config, file, s3.client);
  await build(file, 10, T0);
  expect(await uploadHistory(config, file, s3.client)).toMatchObject({ kind: 'uploaded' });
  const keys = async (bucket: string) =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key);
  expect(await keys(s3.stateBucket)).toContain('private/.board-history.sqlite');
  expect(await keys(s3.bucket)).toEqual([]);
});

it('never stores a history hashed with the development key', async () => {
  const config = where('development');
  const file = path.join(dir, 'h.sqlite');
  await downloadHistory(config, file, s3.client);
  await build(file, 10, T0, 'yukbor-development-history-key');
  puts = [];
  expect(await uploadHistory(config, file, s3.client)).toEqual({ kind: 'development-key' });
  expect(puts).toEqual([]);
});
