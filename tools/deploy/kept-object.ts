/**
 * One small bookkeeping object kept beside the deploy manifest (`{DEPLOY_PREFIX}/{key}`), read with its
 * ETag and replaced only if nobody replaced it since: a compare-and-swap on S3's conditional writes
 * (`If-Match: <etag>` to replace what was read, `If-None-Match: *` to create what was absent). Two runs
 * that read the same copy cannot both write theirs: the second gets `KeptObjectChangedError` instead of
 * silently overwriting the first. The Telegram channel's state uses it (tools/telegram/bucket-state.ts);
 * any other file that must survive between runs and must never go back to an older copy can too. Add
 * its key to the deploy's bookkeeping keys (deploy.ts) so a deploy neither compares nor deletes it.
 *
 * S3 has honoured both headers on PutObject since 2024 (412 Precondition Failed, or 409 when two
 * conditional writes race); s3rver 3 ignores them, so tools/deploy/local-s3.ts enforces them the same
 * way for the tests.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import type { DeployConfig } from './deploy';

export interface KeptObject {
  text: string;
  /** As S3 sends it, quotes included: what `If-Match` expects back. */
  etag: string;
}

/** The object was replaced (or created) by someone else after it was read: nothing was written. */
export class KeptObjectChangedError extends Error {
  constructor(readonly where: string) {
    super(`${where} was changed by another run after it was read; nothing was written`);
    this.name = 'KeptObjectChangedError';
  }
}

export function keptObjectUrl(config: DeployConfig, key: string): string {
  return `s3://${config.bucket}/${config.prefix}${key}`;
}

/** The object's text and ETag; null when there is none. Any other failure is thrown. */
export async function getKeptObject(client: S3Client, config: DeployConfig, key: string): Promise<KeptObject | null> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: config.prefix + key }));
    const text = (await answer.Body?.transformToString('utf8')) ?? '';
    if (!answer.ETag) throw new Error(`${keptObjectUrl(config, key)} came without an ETag; a conditional write needs one`);
    return { text, etag: answer.ETag };
  } catch (error) {
    if (error instanceof NoSuchKey) return null;
    throw error;
  }
}

/**
 * Writes `text` if the object is still the one read (`expected`, its ETag) or still absent
 * (`expected` null). Returns the new ETag.
 */
export async function putKeptObject(
  client: S3Client,
  config: DeployConfig,
  key: string,
  text: string,
  expected: string | null,
  contentType = 'application/json; charset=utf-8',
): Promise<string> {
  try {
    const answer = await client.send(
      new PutObjectCommand({
        Bucket: config.bucket,
        Key: config.prefix + key,
        Body: text,
        ContentType: contentType,
        CacheControl: 'no-store',
        ...(expected === null ? { IfNoneMatch: '*' } : { IfMatch: expected }),
      }),
    );
    if (!answer.ETag) throw new Error(`${keptObjectUrl(config, key)} was written but no ETag came back`);
    return answer.ETag;
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 412 || status === 409) throw new KeptObjectChangedError(keptObjectUrl(config, key));
    throw error;
  }
}
