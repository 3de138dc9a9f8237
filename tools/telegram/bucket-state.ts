/**
 * The tools' Telegram states stored in the bucket with the rest of the state the CDN must not serve
 * (tools/deploy/state-location.ts): the channel's (`{DEPLOY_STATE_PREFIX}.telegram-state.json`) and the
 * alerts' subscriptions (`.telegram-alerts-state.json`, tools/telegram/alerts/state.ts), with the
 * deploy's own DEPLOY_* settings and credentials. Both go through the same rules, told apart by their
 * `StateKind`.
 *
 * Every write is a compare-and-swap on the copy last read (tools/deploy/conditional-object.ts), and the state carries a
 * generation that each run raises when it takes the state: so an older copy (a local file from before
 * later runs, a run whose upload failed) is recognised and refused, never used to send and never
 * written over a newer one. While a run holds the state, the bucket's copy says so (`taken`); a copy
 * still taken when the next run starts is a run that never gave its state back, and the next run stops
 * rather than send from an older picture of what was sent.
 *
 * `npm run telegram:state -- [alerts] download|upload|release` does the same by hand (state-cli.ts, docs/telegram.md).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { ObjectChangedError, objectUrl, readObject, writeObjectIfUnchanged } from '../deploy/conditional-object';
import { type DeployConfig, s3ClientFor } from '../deploy/deploy';
import { stateObject, TELEGRAM_STATE_KEY } from '../deploy/state-location';
import { parseState, readState, type Taken, type TelegramState, writeState } from './state';

/** What every kept state carries for the bucket's rules: its generation, and the run holding it. */
export interface HeldState {
  generation: number;
  taken: Taken | null;
}

/** One kind of state kept in the bucket: where, how it is read and written, and the command that handles it. */
export interface StateKind<S extends HeldState> {
  /** The object's key under the state prefix. */
  key: string;
  /** `npm run telegram:state --` plus what names this kind, for the messages. */
  command: string;
  /** What a run that never gave the state back may have left unrecorded, for the messages. */
  unlisted: string;
  parse(text: string, source: string): S;
  /** The file's state; null when there is none. A damaged file is an error. */
  read(file: string): S | null;
  write(file: string, state: S): void;
}

/** The channel's state (tools/telegram/state.ts). */
export const CHANNEL_STATE: StateKind<TelegramState> = {
  key: TELEGRAM_STATE_KEY,
  command: 'npm run telegram:state --',
  unlisted: 'the channel may hold posts it does not list',
  parse: parseState,
  read: readState,
  write: writeState,
};

export interface StateInBucket<S extends HeldState = TelegramState> {
  state: S;
  etag: string;
}

/** Where a run reads the state it starts from and gives it back. */
export interface StateStore<S extends HeldState = TelegramState> {
  /** For messages: `s3://bucket/prefix/.telegram-state.json`. */
  where: string;
  read(): Promise<StateInBucket<S> | null>;
  /** Writes if the copy is still the one whose ETag is `expected` (null: still absent); the new ETag. */
  write(state: S, expected: string | null): Promise<string>;
}

/** The state must not be used: the message says why and what to do, in one line. */
export class StaleStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaleStateError';
  }
}

export function bucketStateStore(config: DeployConfig, client?: S3Client): StateStore<TelegramState>;
export function bucketStateStore<S extends HeldState>(
  config: DeployConfig,
  client: S3Client | undefined,
  kind: StateKind<S>,
): StateStore<S>;
export function bucketStateStore<S extends HeldState>(
  config: DeployConfig,
  client: S3Client = s3ClientFor(config),
  kind: StateKind<S> = CHANNEL_STATE as unknown as StateKind<S>,
): StateStore<S> {
  const address = stateObject(config, kind.key);
  const where = objectUrl(address);
  return {
    where,
    async read() {
      const found = await readObject(client, address);
      return found ? { state: kind.parse(Buffer.from(found.body).toString('utf8'), where), etag: found.etag } : null;
    },
    write: (state, expected) => writeObjectIfUnchanged(client, address, JSON.stringify(state), expected, 'application/json; charset=utf-8'),
  };
}

function neverGivenBack(stored: HeldState, where: string, kind: Pick<StateKind<HeldState>, 'command' | 'unlisted'>): StaleStateError {
  return new StaleStateError(
    `the state in ${where} was taken by a run at ${stored.taken?.at} (generation ${stored.generation}) that never gave it back, so ${kind.unlisted}: upload that run's state file (${kind.command} upload), or accept the bucket's copy as it is (${kind.command} release; that run's posts may then be posted again)`,
  );
}

/**
 * Which copy a run starts from: the local file when it is at least as new as the bucket's (it is the
 * bucket's copy, or the file of the run that last held it), else the bucket's; null for a first run.
 * Throws StaleStateError when the local file is older than the bucket's, or when the bucket's copy was
 * never given back and there is no newer local one.
 */
export function chooseState<S extends HeldState>(
  local: S | null,
  stored: S | null,
  file: string,
  where: string,
  kind: Pick<StateKind<S>, 'command' | 'unlisted'> = CHANNEL_STATE,
): S | null {
  if (!stored) return local;
  if (!local) {
    if (stored.taken) throw neverGivenBack(stored, where, kind);
    return stored;
  }
  if (local.generation < stored.generation)
    throw new StaleStateError(
      `the state file ${file} is generation ${local.generation}, older than ${where} (generation ${stored.generation}): later runs have posted since; download that one (${kind.command} download) or delete the file`,
    );
  return local;
}

/**
 * Takes the state in the bucket for this run: a new generation, marked taken, written only if the
 * bucket's copy is still the one read. Returns the ETag to give it back with.
 */
export async function takeState<S extends HeldState>(
  store: StateStore<S>,
  state: S,
  stored: StateInBucket<S> | null,
  now: () => Date,
): Promise<string> {
  state.generation = Math.max(state.generation, stored?.state.generation ?? 0) + 1;
  state.taken = { run: randomUUID(), at: now().toISOString() };
  try {
    return await store.write(state, stored?.etag ?? null);
  } catch (error) {
    if (error instanceof ObjectChangedError)
      throw new StaleStateError(`${store.where} changed while this run was reading it: another run is posting; nothing was posted`);
    throw error;
  }
}

/** Gives the state back to the bucket, also after a failure (what was sent is in it). */
export async function giveStateBack<S extends HeldState>(
  store: StateStore<S>,
  state: S,
  save: () => void,
  file: string,
  etag: string,
  failure: unknown,
  log: (line: string) => void,
  { command }: Pick<StateKind<S>, 'command'> = CHANNEL_STATE,
): Promise<void> {
  state.taken = null;
  save();
  try {
    await store.write(state, etag);
  } catch (error) {
    const line = `could not give the state back to ${store.where} (${error instanceof Error ? error.message : String(error)}): upload ${file} (${command} upload), or the next run stops`;
    if (failure) log(line);
    else throw new Error(line);
  }
}

/** Fetches the bucket's state into `file`; refuses a copy never given back, and one older than the file. */
export async function downloadState<S extends HeldState = TelegramState>(
  config: DeployConfig,
  file: string,
  client: S3Client = s3ClientFor(config),
  kind: StateKind<S> = CHANNEL_STATE as unknown as StateKind<S>,
): Promise<'downloaded' | 'none'> {
  const store = bucketStateStore(config, client, kind);
  const stored = await store.read();
  if (!stored) return 'none';
  if (stored.state.taken) throw neverGivenBack(stored.state, store.where, kind);
  const local = kind.read(file);
  if (local && local.generation > stored.state.generation)
    throw new StaleStateError(
      `${file} is generation ${local.generation}, newer than ${store.where} (generation ${stored.state.generation}): upload it instead (${kind.command} upload)`,
    );
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  kind.write(file, stored.state);
  return 'downloaded';
}

/**
 * Puts `file` back in the bucket, as given back (`taken` cleared): also after a run that failed or was
 * cut off, since what it sent is in the file. Refuses a damaged file and a copy older than the
 * bucket's; writes nothing when the bucket already holds the same state.
 */
export async function uploadState<S extends HeldState = TelegramState>(
  config: DeployConfig,
  file: string,
  client: S3Client = s3ClientFor(config),
  kind: StateKind<S> = CHANNEL_STATE as unknown as StateKind<S>,
): Promise<'uploaded' | 'unchanged' | 'none'> {
  // Never replace a good state in the bucket with a damaged one.
  const local = kind.read(file);
  if (!local) return 'none';
  const store = bucketStateStore(config, client, kind);
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
export async function releaseState<S extends HeldState = TelegramState>(
  config: DeployConfig,
  client: S3Client = s3ClientFor(config),
  kind: StateKind<S> = CHANNEL_STATE as unknown as StateKind<S>,
): Promise<'released' | 'none'> {
  const store = bucketStateStore(config, client, kind);
  const stored = await store.read();
  if (!stored || !stored.state.taken) return 'none';
  await store.write({ ...stored.state, taken: null }, stored.etag);
  return 'released';
}

/** What `npm run telegram:state` handles: the channel's state, or with `alerts` first, the alerts'. */
export interface StateCommand<S extends HeldState> {
  kind: StateKind<S>;
  file: string;
  /** "Telegram state", "alerts' state": for what the command prints. */
  name: string;
  /** What an absent copy in the bucket means. */
  noneYet: string;
}
