/**
 * `npm run history -- download|upload`: keeps the board history (HISTORY_FILE) in the bucket with the
 * rest of the state the CDN must not serve (`{DEPLOY_STATE_PREFIX}.board-history.sqlite`, state-location.ts),
 * with the deploy's own DEPLOY_* settings and credentials, as the Telegram channel's state is kept.
 *
 * A run must never replace a newer history with its stale copy. `download` notes the object's ETag
 * beside the file (`{HISTORY_FILE}.etag`); `upload` writes only if the object is still that one, a
 * compare-and-swap (tools/deploy/conditional-object.ts), so a run that held an older copy is refused.
 * The workflow's concurrency group keeps runs from overlapping in the first place.
 *
 * A history hashed with the development key is never stored: anyone can hash every phone number with
 * that public key and match the posters. Nothing else here fails the deploy: a missing object starts a
 * new history, a bucket that cannot be read or a refused write is reported as a warning in the run's log.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { DEVELOPMENT_HISTORY_KEY } from '../../src/history/config';
import { keyFingerprint } from '../../src/history/record';
import { keyFingerprintOfFile } from '../../src/history/store';
import { type ObjectAddress, ObjectChangedError, objectUrl, readObject, writeObjectIfUnchanged } from '../deploy/conditional-object';
import { type DeployConfig, s3ClientFor } from '../deploy/deploy';
import { HISTORY_OBJECT_KEY, stateObject } from '../deploy/state-location';

/** What `download` saw in the bucket: the object's ETag, or null when there was none. */
interface Seen {
  etag: string | null;
}

export function etagFile(file: string): string {
  return `${file}.etag`;
}

function historyObject(config: DeployConfig): ObjectAddress {
  return stateObject(config, HISTORY_OBJECT_KEY);
}

export function historyObjectUrl(config: DeployConfig): string {
  return objectUrl(historyObject(config));
}

export type DownloadResult = { kind: 'downloaded'; bytes: number } | { kind: 'none' } | { kind: 'unreadable'; reason: string };

export async function downloadHistory(config: DeployConfig, file: string, client: S3Client = s3ClientFor(config)): Promise<DownloadResult> {
  // Without a note of what the bucket held, `upload` refuses to write: a copy of unknown age never lands.
  fs.rmSync(etagFile(file), { force: true });
  let found;
  try {
    found = await readObject(client, historyObject(config));
  } catch (error) {
    return { kind: 'unreadable', reason: describe(error) };
  }
  if (!found) {
    writeSeen(file, { etag: null });
    return { kind: 'none' };
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Beside the file it replaces, so the rename never crosses filesystems.
  const temporary = `${file}.download.tmp`;
  fs.writeFileSync(temporary, found.body);
  fs.renameSync(temporary, file);
  writeSeen(file, { etag: found.etag });
  return { kind: 'downloaded', bytes: found.body.length };
}

export type UploadResult =
  | { kind: 'uploaded'; bytes: number }
  | { kind: 'no-file' }
  | { kind: 'not-downloaded' }
  | { kind: 'stale'; reason: string }
  | { kind: 'development-key' };

export async function uploadHistory(config: DeployConfig, file: string, client: S3Client = s3ClientFor(config)): Promise<UploadResult> {
  if (!fs.existsSync(file)) return { kind: 'no-file' };
  if (keyFingerprintOfFile(file) === keyFingerprint(DEVELOPMENT_HISTORY_KEY)) return { kind: 'development-key' };
  const seen = readSeen(file);
  if (!seen) return { kind: 'not-downloaded' };
  const body = fs.readFileSync(file);
  try {
    const etag = await writeObjectIfUnchanged(client, historyObject(config), body, seen.etag, 'application/vnd.sqlite3');
    writeSeen(file, { etag });
  } catch (error) {
    if (!(error instanceof ObjectChangedError)) throw error;
    return {
      kind: 'stale',
      reason:
        seen.etag === null
          ? 'the bucket now holds a history that this run did not read'
          : `the bucket's copy changed since this run read it (ETag ${seen.etag})`,
    };
  }
  return { kind: 'uploaded', bytes: body.length };
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
