/**
 * The channel's state stored in the bucket with the rest of the state the CDN must not serve
 * (`{DEPLOY_STATE_PREFIX}.telegram-state.json`, tools/deploy/state-location.ts), with the deploy's own
 * DEPLOY_* settings and credentials.
 *
 * Every write is a compare-and-swap on the copy last read (tools/deploy/conditional-object.ts), and the state carries a
 * generation that each run raises when it takes the state: so an older copy (a local file from before
 * later runs, a run whose upload failed) is recognised and refused, never used to post and never
 * written over a newer one. While a run holds the state, the bucket's copy says so (`taken`); a copy
 * still taken when the next run starts is a run that never gave its state back, and the next run stops
 * rather than post from an older picture of the channel.
 *
 * `npm run telegram:state -- download|upload|release` does the same by hand (docs/telegram.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { objectUrl, readObject, writeObjectIfUnchanged } from '../deploy/conditional-object';
import { type DeployConfig, deployConfigFromEnv, s3ClientFor } from '../deploy/deploy';
import { stateObject, TELEGRAM_STATE_KEY } from '../deploy/state-location';
import { EnvError, toolEnv } from '../env';
import { DEFAULT_STATE_FILE } from './config';
import { parseState, readState, type TelegramState, writeState } from './state';

export interface StateInBucket {
  state: TelegramState;
  etag: string;
}

/** Where a run reads the state it starts from and gives it back. */
export interface StateStore {
  /** For messages: `s3://bucket/prefix/.telegram-state.json`. */
  where: string;
  read(): Promise<StateInBucket | null>;
  /** Writes if the copy is still the one whose ETag is `expected` (null: still absent); the new ETag. */
  write(state: TelegramState, expected: string | null): Promise<string>;
}

/** The state must not be used: the message says why and what to do, in one line. */
export class StaleStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaleStateError';
  }
}

export function bucketStateStore(config: DeployConfig, client: S3Client = s3ClientFor(config)): StateStore {
  const address = stateObject(config, TELEGRAM_STATE_KEY);
  const where = objectUrl(address);
  return {
    where,
    async read() {
      const found = await readObject(client, address);
      return found ? { state: parseState(Buffer.from(found.body).toString('utf8'), where), etag: found.etag } : null;
    },
    write: (state, expected) => writeObjectIfUnchanged(client, address, JSON.stringify(state), expected, 'application/json; charset=utf-8'),
  };
}

function neverGivenBack(stored: TelegramState, where: string): StaleStateError {
  return new StaleStateError(
    `the state in ${where} was taken by a run at ${stored.taken?.at} (generation ${stored.generation}) that never gave it back, so the channel may hold posts it does not list: upload that run's state file (npm run telegram:state -- upload), or accept the bucket's copy as it is (npm run telegram:state -- release; that run's posts may then be posted again)`,
  );
}

/**
 * Which copy a run starts from: the local file when it is at least as new as the bucket's (it is the
 * bucket's copy, or the file of the run that last held it), else the bucket's; null for a first run.
 * Throws StaleStateError when the local file is older than the bucket's, or when the bucket's copy was
 * never given back and there is no newer local one.
 */
export function chooseState(local: TelegramState | null, stored: TelegramState | null, file: string, where: string): TelegramState | null {
  if (!stored) return local;
  if (!local) {
    if (stored.taken) throw neverGivenBack(stored, where);
    return stored;
  }
  if (local.generation < stored.generation)
    throw new StaleStateError(
      `the state file ${file} is generation ${local.generation}, older than ${where} (generation ${stored.generation}): later runs have posted since; download that one (npm run telegram:state -- download) or delete the file`,
    );
  return local;
}

/** Fetches the bucket's state into `file`; refuses a copy never given back, and one older than the file. */
export async function downloadState(
  config: DeployConfig,
  file: string,
  client: S3Client = s3ClientFor(config),
): Promise<'downloaded' | 'none'> {
  const store = bucketStateStore(config, client);
  const stored = await store.read();
  if (!stored) return 'none';
  if (stored.state.taken) throw neverGivenBack(stored.state, store.where);
  const local = readState(file);
  if (local && local.generation > stored.state.generation)
    throw new StaleStateError(
      `${file} is generation ${local.generation}, newer than ${store.where} (generation ${stored.state.generation}): upload it instead (npm run telegram:state -- upload)`,
    );
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeState(file, stored.state);
  return 'downloaded';
}

/**
 * Puts `file` back in the bucket, as given back (`taken` cleared): also after a run that failed or was
 * cut off, since what it posted is in the file. Refuses a damaged file and a copy older than the
 * bucket's; writes nothing when the bucket already holds the same state.
 */
export async function uploadState(
  config: DeployConfig,
  file: string,
  client: S3Client = s3ClientFor(config),
): Promise<'uploaded' | 'unchanged' | 'none'> {
  if (!fs.existsSync(file)) return 'none';
  // Never replace a good state in the bucket with a damaged one.
  const local = parseState(fs.readFileSync(file, 'utf8'), file);
  const store = bucketStateStore(config, client);
  const stored = await store.read();
  if (stored && local.generation < stored.state.generation)
    throw new StaleStateError(
      `${file} is generation ${local.generation}, older than ${store.where} (generation ${stored.state.generation}): not uploaded, the bucket's copy is newer`,
    );
  const state = { ...local, taken: null };
  if (stored && JSON.stringify(stored.state) === JSON.stringify(state)) return 'unchanged';
  await store.write(state, stored?.etag ?? null);
  return 'uploaded';
}

/** Accepts the bucket's copy as it is, though the run that took it never gave it back. */
export async function releaseState(config: DeployConfig, client: S3Client = s3ClientFor(config)): Promise<'released' | 'none'> {
  const store = bucketStateStore(config, client);
  const stored = await store.read();
  if (!stored || !stored.state.taken) return 'none';
  await store.write({ ...stored.state, taken: null }, stored.etag);
  return 'released';
}

async function main(): Promise<void> {
  const action = process.argv[2];
  const vars = toolEnv(process.env);
  const file = vars.string('TELEGRAM_STATE_FILE', { fallback: DEFAULT_STATE_FILE });
  vars.done();
  try {
    const config = deployConfigFromEnv(process.env);
    const where = objectUrl(stateObject(config, TELEGRAM_STATE_KEY));
    if (action === 'download') {
      const result = await downloadState(config, file);
      console.log(
        result === 'none'
          ? `No Telegram state at ${where} yet: the next run is the channel's first.`
          : `Read the Telegram state from ${where} into ${file}.`,
      );
    } else if (action === 'upload') {
      const result = await uploadState(config, file);
      console.log(
        {
          none: `No ${file} to keep: nothing uploaded.`,
          unchanged: `${where} already holds ${file}: nothing uploaded.`,
          uploaded: `Stored the Telegram state in ${where}.`,
        }[result],
      );
    } else if (action === 'release') {
      const result = await releaseState(config);
      console.log(result === 'none' ? `${where} is not held by any run: nothing to do.` : `${where} is released as it is.`);
    } else {
      throw new Error('say download, upload or release');
    }
  } catch (error) {
    const lines = error instanceof EnvError ? error.problems : [oneLine(error)];
    for (const line of lines) console.error(`npm run telegram:state ${action ?? ''}: ${line}`);
    process.exitCode = 1;
  }
}

function oneLine(error: unknown): string {
  const message =
    error instanceof Error
      ? `${['Error', 'StaleStateError'].includes(error.name) ? '' : `${error.name}: `}${error.message}`
      : String(error);
  return message.replace(/\s+/g, ' ').trim();
}

if (require.main === module) void main();
