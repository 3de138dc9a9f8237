/**
 * `npm run deploy -- move-state`: once, moves what older deploys kept beside the site, where the CDN
 * serves it (`{DEPLOY_PREFIX}.deploy-manifest.json.gz`, `.telegram-state.json`, `.board-history.sqlite`),
 * to where it belongs now (state-location.ts). Each object is copied whole (a compare-and-swap that
 * writes only where there is none), then deleted from the served prefix. Run again, it finds nothing to
 * move. When the new place already holds a different copy, that object is left in both places and named:
 * which one is right is the operator's call.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { ObjectChangedError, objectUrl, readObject, writeObjectIfUnchanged } from './conditional-object';
import { type DeployConfig, s3ClientFor } from './deploy';
import { MANIFEST_NAME, servedObject, STATE_KEYS, stateObject } from './state-location';

export interface MoveReport {
  moved: string[];
  /** Already there, the same bytes: only the served copy was deleted. */
  alreadyMoved: string[];
  /** Both places hold a copy and they differ: left as they are. */
  conflicts: string[];
}

const CONTENT_TYPES: Record<string, string> = {
  [MANIFEST_NAME]: 'application/gzip',
  '.telegram-state.json': 'application/json; charset=utf-8',
  '.board-history.sqlite': 'application/vnd.sqlite3',
};

export async function moveStateOutOfSite(
  config: DeployConfig,
  options: { client?: S3Client; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const { client = s3ClientFor(config), log = console.log } = options;
  const report: MoveReport = { moved: [], alreadyMoved: [], conflicts: [] };
  for (const key of STATE_KEYS) {
    const from = servedObject(config, key);
    const to = stateObject(config, key);
    const served = await readObject(client, from);
    if (!served) continue;
    const there = await readObject(client, to);
    if (there && !Buffer.from(there.body).equals(Buffer.from(served.body))) {
      report.conflicts.push(key);
      log(
        `${objectUrl(from)} and ${objectUrl(to)} both exist and differ: left as they are; delete the one that is not current, then run this again.`,
      );
      continue;
    }
    if (!there) {
      try {
        await writeObjectIfUnchanged(client, to, served.body, null, CONTENT_TYPES[key] ?? 'application/octet-stream');
      } catch (error) {
        if (!(error instanceof ObjectChangedError)) throw error;
        report.conflicts.push(key);
        log(`${objectUrl(to)} appeared while moving ${objectUrl(from)}: left as they are; run this again.`);
        continue;
      }
    }
    await client.send(new DeleteObjectCommand({ Bucket: from.bucket, Key: from.key }));
    (there ? report.alreadyMoved : report.moved).push(key);
    log(`${there ? 'Already at' : 'Moved to'} ${objectUrl(to)}: ${objectUrl(from)}, no longer served.`);
  }
  if (report.moved.length + report.alreadyMoved.length + report.conflicts.length === 0)
    log(`Nothing to move: s3://${config.bucket}/${config.prefix} holds no state.`);
  return report;
}
