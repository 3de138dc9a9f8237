/**
 * A compare-and-swap on one S3 object: read it with its ETag, and replace it only if nobody replaced it
 * since (`If-Match: <etag>`), or create it only where there is none (`If-None-Match: *`). Two runs that
 * read the same copy cannot both write theirs: the second gets `ObjectChangedError` instead of silently
 * overwriting the first. The files the tools keep between runs go through it: the board history
 * (tools/history/bucket.ts) and the Telegram channel's state (tools/telegram/bucket-state.ts), where
 * tools/deploy/state-location.ts says, outside what the CDN serves.
 *
 * S3 has honoured both headers on PutObject since 2024 (412 Precondition Failed, or 409 when two
 * conditional writes race). Some S3-compatible servers ignore them; a HEAD just before the write gives
 * them the same check, leaving only the moment between the two open. s3rver 3 ignores them, so
 * tools/deploy/local-s3.ts enforces them the same way for the tests.
 */
import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';

/** Where one object is. */
export interface ObjectAddress {
  bucket: string;
  key: string;
}

export interface ObjectVersion {
  body: Uint8Array;
  /** As S3 sends it, quotes included: what `If-Match` expects back. */
  etag: string;
}

/** The object was replaced (or created) by someone else after it was read: nothing was written. */
export class ObjectChangedError extends Error {
  constructor(readonly where: string) {
    super(`${where} was changed by another run after it was read; nothing was written`);
    this.name = 'ObjectChangedError';
  }
}

export function objectUrl(address: ObjectAddress): string {
  return `s3://${address.bucket}/${address.key}`;
}

/** The object's bytes and ETag; null when there is none. Any other failure is thrown. */
export async function readObject(client: S3Client, address: ObjectAddress): Promise<ObjectVersion | null> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: address.bucket, Key: address.key }));
    const body = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
    if (!answer.ETag) throw new Error(`${objectUrl(address)} came without an ETag; a conditional write needs one`);
    return { body, etag: answer.ETag };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Writes `body` if the object is still the one read (`expected`, its ETag) or still absent (`expected`
 * null). Returns the new ETag; throws `ObjectChangedError` when the object changed in between.
 */
export async function writeObjectIfUnchanged(
  client: S3Client,
  address: ObjectAddress,
  body: Uint8Array | string,
  expected: string | null,
  contentType: string,
): Promise<string> {
  const where = objectUrl(address);
  if ((await currentEtag(client, address)) !== expected) throw new ObjectChangedError(where);
  try {
    const answer = await client.send(
      new PutObjectCommand({
        Bucket: address.bucket,
        Key: address.key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'no-store',
        ...(expected === null ? { IfNoneMatch: '*' } : { IfMatch: expected }),
      }),
    );
    if (!answer.ETag) throw new Error(`${where} was written but no ETag came back`);
    return answer.ETag;
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 412 || status === 409) throw new ObjectChangedError(where);
    throw error;
  }
}

async function currentEtag(client: S3Client, address: ObjectAddress): Promise<string | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: address.bucket, Key: address.key }))).ETag ?? null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** No such object; a missing bucket is another failure (NoSuchBucket), never taken for "none yet". */
function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound;
}
