/**
 * Where the tools keep what must never be served (CONTRACT.md, "Where state is kept"): the board
 * history, the Telegram channel's state, the alerts' subscriptions and the deploy manifest. The CDN serves the deploy bucket under
 * DEPLOY_PREFIX (its origin path, docs/hosting.md), so these live in another bucket
 * (DEPLOY_STATE_BUCKET) or under a prefix of the same bucket outside DEPLOY_PREFIX (DEPLOY_STATE_PREFIX,
 * by default `{DEPLOY_PREFIX}-state/`). A configuration that would put them where the CDN serves is
 * refused by every tool that reads it, the deploy first.
 */
import type { ObjectAddress } from './conditional-object';

/** The deploy's own record of what it published (hashes, headers, assets waiting out their grace). */
export const MANIFEST_NAME = '.deploy-manifest.json.gz';
/** What `npm run telegram` has posted. */
export const TELEGRAM_STATE_KEY = '.telegram-state.json';
/** The alerts' subscriptions and what was sent to them (`npm run telegram -- alerts`). */
export const TELEGRAM_ALERTS_STATE_KEY = '.telegram-alerts-state.json';
/** The board history (tools/history/bucket.ts). */
export const HISTORY_OBJECT_KEY = '.board-history.sqlite';
/** Every object kept there, which `npm run deploy -- move-state` moves out of the served prefix. */
export const STATE_KEYS = [MANIFEST_NAME, TELEGRAM_STATE_KEY, TELEGRAM_ALERTS_STATE_KEY, HISTORY_OBJECT_KEY] as const;

/** A bucket and a key prefix inside it ('' or ending in '/'). */
export interface BucketPrefix {
  bucket: string;
  prefix: string;
}

/** The published site (`site`) and its state (`state`), as DeployConfig holds them. */
export interface StateConfig extends BucketPrefix {
  state: BucketPrefix;
}

export function stateObject(config: StateConfig, key: string): ObjectAddress {
  return { bucket: config.state.bucket, key: config.state.prefix + key };
}

/** Where an object of the state sat before it moved out: beside the site, where the CDN serves it. */
export function servedObject(config: BucketPrefix, key: string): ObjectAddress {
  return { bucket: config.bucket, key: config.prefix + key };
}

/** `{DEPLOY_PREFIX}-state/` beside the site's prefix; none in a bucket of its own. */
export function defaultStatePrefix(sitePrefix: string, ownBucket: boolean): string {
  return ownBucket || !sitePrefix ? '' : `${sitePrefix.replace(/\/$/, '')}-state/`;
}

/** Why the state would be served by the CDN, in one line naming what to set; null when it would not. */
export function servedStateProblem(config: StateConfig): string | null {
  if (config.state.bucket !== config.bucket) return null;
  const kept = 'so the board history, the channel’s state and the deploy manifest would be public files';
  if (!config.prefix)
    return `DEPLOY_PREFIX is empty: the CDN serves the whole bucket ${config.bucket}, ${kept}; set DEPLOY_STATE_BUCKET to another bucket, or publish the site under a DEPLOY_PREFIX.`;
  if (config.state.prefix.startsWith(config.prefix))
    return `DEPLOY_STATE_PREFIX is "${config.state.prefix}", inside DEPLOY_PREFIX "${config.prefix}" that the CDN serves, ${kept}; give a prefix outside it, or another bucket in DEPLOY_STATE_BUCKET.`;
  return null;
}
