/**
 * `npm run history -- download|upload`: keeps the board history (HISTORY_FILE) in the deploy's bucket,
 * beside the deploy manifest (`{DEPLOY_PREFIX}/.board-history.sqlite`), with the deploy's own DEPLOY_*
 * settings and credentials, as the Telegram channel's state is kept (tools/telegram/bucket-state.ts).
 *
 * A run must never replace a newer history with its stale copy. `download` notes the object's ETag
 * beside the file (`{HISTORY_FILE}.etag`); `upload` writes only if the object is still that one (If-Match
 * the ETag; If-None-Match: * when there was none), so a run that held an older copy is refused. The
 * workflow's concurrency group keeps runs from overlapping in the first place. Servers that ignore
 * conditional writes (s3rver, some S3-compatible stores) get the same check from a HEAD just before.
 *
 * Nothing here fails the deploy: a missing object starts a new history, a bucket that cannot be read
 * or a refused write is reported as a warning in the run's log.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { type DeployConfig, HISTORY_OBJECT_KEY, s3ClientFor } from '../deploy/deploy';

/** What `download` saw in the bucket: the object's ETag, or null when there was none. */
interface Seen {
  etag: string | null;
}

export function etagFile(file: string): string {
  return `${file}.etag`;
}

export function historyObjectUrl(config: DeployConfig): string {
  return `s3://${config.bucket}/${config.prefix}${HISTORY_OBJECT_KEY}`;
}

export type DownloadResult = { kind: 'downloaded'; bytes: number } | { kind: 'none' } | { kind: 'unreadable'; reason: string };

export async function downloadHistory(config: DeployConfig, file: string, client: S3Client = s3ClientFor(config)): Promise<DownloadResult> {
  // Without a note of what the bucket held, `upload` refuses to write: a copy of unknown age never lands.
  fs.rmSync(etagFile(file), { force: true });
  let body: Uint8Array;
  let etag: string | undefined;
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: config.prefix + HISTORY_OBJECT_KEY }));
    body = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
    etag = answer.ETag;
  } catch (error) {
    if (error instanceof NoSuchKey || error instanceof NotFound) {
      writeSeen(file, { etag: null });
      return { kind: 'none' };
    }
    return { kind: 'unreadable', reason: describe(error) };
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.download.tmp`;
  fs.writeFileSync(temporary, body);
  fs.renameSync(temporary, file);
  writeSeen(file, { etag: etag ?? null });
  return { kind: 'downloaded', bytes: body.length };
}

export type UploadResult =
  { kind: 'uploaded'; bytes: number } | { kind: 'no-file' } | { kind: 'not-downloaded' } | { kind: 'stale'; reason: string };

export async function uploadHistory(config: DeployConfig, file: string, client: S3Client = s3ClientFor(config)): Promise<UploadResult> {
  if (!fs.existsSync(file)) return { kind: 'no-file' };
  const seen = readSeen(file);
  if (!seen) return { kind: 'not-downloaded' };
  const key = config.prefix + HISTORY_OBJECT_KEY;
  const current = await currentEtag(client, config.bucket, key);
  if (current !== seen.etag) {
    return {
      kind: 'stale',
      reason:
        seen.etag === null
          ? `the bucket now holds a history (ETag ${current}) that this run did not read`
          : `the bucket's copy changed since this run read it (ETag ${seen.etag}, now ${current ?? 'gone'})`,
    };
  }
  const body = fs.readFileSync(file);
  try {
    const answer = await client.send(
      new PutObjectCommand({
        Bucket: config.bucket,
        Key: key,
        Body: body,
        ContentType: 'application/vnd.sqlite3',
        CacheControl: 'no-store',
        ...(seen.etag === null ? { IfNoneMatch: '*' } : { IfMatch: seen.etag }),
      }),
    );
    writeSeen(file, { etag: answer.ETag ?? null });
  } catch (error) {
    if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 412 || error.$metadata.httpStatusCode === 409)) {
      return { kind: 'stale', reason: `the bucket refused the conditional write (${error.$metadata.httpStatusCode} ${error.name})` };
    }
    throw error;
  }
  return { kind: 'uploaded', bytes: body.length };
}

async function currentEtag(client: S3Client, bucket: string, key: string): Promise<string | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag ?? null;
  } catch (error) {
    if (error instanceof NotFound || error instanceof NoSuchKey) return null;
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
    throw error;
  }
}

function writeSeen(file: string, seen: Seen): void {
  fs.writeFileSync(etagFile(file), `${JSON.stringify(seen)}\n`);
}

function readSeen(file: string): Seen | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(etagFile(file), 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'etag' in parsed) {
      const { etag } = parsed as { etag: unknown };
      if (etag === null || typeof etag === 'string') return { etag };
    }
    return null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
}
