import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pLimit from 'p-limit';
import { EnvError, toolEnv } from '../env';
import { cacheControl, contentType } from '../../src/hosting/policy';
import { contentProblem, nameProblem } from './content-check';
import {
  type DeployPlan,
  type GracePeriod,
  type Listing,
  type LocalFile,
  type Manifest,
  type RemoteObject,
  filesNotToPublish,
  listingsFor,
  parseManifest,
  planDeploy,
} from './plan';
import {
  type BucketPrefix,
  defaultStatePrefix,
  MANIFEST_NAME,
  servedStateProblem,
  STATE_KEYS,
  type StateConfig,
  stateObject,
} from './state-location';

/** Publishes public/ to an S3-compatible bucket: only what changed, assets before the pages that load them. */

const REQUIRED_FILES = ['index.html', '404.html'];
/**
 * Holds the build's hash, which Gatsby's runtime compares with its own on every navigation to notice a
 * new deploy (and then loads the next page in full). Uploaded last, once every new page is up, so that
 * full load lands on the new HTML.
 */
const DEPLOY_SIGNAL = 'page-data/app-data.json';

export interface DeployConfig extends StateConfig {
  dir: string;
  /** The bucket the CDN serves. */
  bucket: string;
  /** Key prefix inside the bucket, '' or ending in '/': the CDN's origin path. */
  prefix: string;
  /** Where the manifest, the history and the channel's state are kept, never served (state-location.ts). */
  state: BucketPrefix;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  dryRun: boolean;
  concurrency: number;
  grace: GracePeriod;
  /** Keys per listing request: 1,000, the most S3 answers; smaller only to test paging. */
  listPageSize: number;
}

export interface DeployOptions {
  client?: S3Client;
  log?: (line: string) => void;
  /** The deploy's time, for the grace period of unreferenced assets. */
  now?: Date;
}

export interface DeployReport {
  plan: DeployPlan;
  uploaded: number;
  uploadedBytes: number;
  deleted: number;
  seconds: number;
}

/** Reads the DEPLOY_* variables; throws one line per value missing or wrong (tools/env.ts). */
export function deployConfigFromEnv(env: NodeJS.ProcessEnv): DeployConfig {
  const vars = toolEnv(env);
  const bucket = vars.string('DEPLOY_BUCKET', { required: 'the bucket to publish public/ to' });
  const prefix = asPrefix(vars.string('DEPLOY_PREFIX'));
  const stateBucket = vars.string('DEPLOY_STATE_BUCKET') || bucket;
  const config: DeployConfig = {
    dir: vars.string('DEPLOY_DIR', { fallback: 'public' }),
    bucket,
    prefix,
    state: {
      bucket: stateBucket,
      prefix: asPrefix(vars.string('DEPLOY_STATE_PREFIX', { fallback: defaultStatePrefix(prefix, stateBucket !== bucket) })),
    },
    region: vars.string('DEPLOY_REGION') || vars.string('AWS_REGION') || vars.string('AWS_DEFAULT_REGION', { fallback: 'us-east-1' }),
    endpoint: vars.url('DEPLOY_ENDPOINT', { example: 'http://localhost:4568' }) || undefined,
    forcePathStyle: vars.flag('DEPLOY_FORCE_PATH_STYLE'),
    dryRun: vars.flag('DEPLOY_DRY_RUN'),
    concurrency: vars.integer('DEPLOY_CONCURRENCY', { fallback: 16, min: 1, max: 256 }),
    listPageSize: 1000,
    grace: {
      days: vars.number('DEPLOY_ASSET_GRACE_DAYS', { fallback: 7, min: 0, max: 3650 }),
      deploys: vars.integer('DEPLOY_ASSET_GRACE_DEPLOYS', { fallback: 2, min: 0, max: 1000 }),
    },
  };
  const served = bucket ? servedStateProblem(config) : null;
  try {
    vars.done();
  } catch (error) {
    if (error instanceof EnvError && served) throw new EnvError([...error.problems, served]);
    throw error;
  }
  if (served) throw new EnvError([served]);
  return config;
}

/** A key prefix as S3 keys use it: no leading slash, one trailing slash, or '' for none. */
function asPrefix(text: string): string {
  const trimmed = text.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

export function s3ClientFor(config: DeployConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // The SDK's default CRC32 checksums on every upload are refused by several S3-compatible servers;
    // integrity is checked by comparing the returned ETag with our MD5 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Every file under dir with its MD5, keyed by its path with forward slashes. Throws the one line that
 * names each file whose bytes are not the site's (content-check.ts), whatever its name.
 */
export async function readTree(dir: string): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  const refused: string[] = [];
  const limit = pLimit(8);
  const { files: paths } = listEntries(dir);
  await Promise.all(
    paths.map((relative) =>
      limit(async () => {
        const body = await fs.promises.readFile(path.join(dir, relative));
        const key = relative.split(path.sep).join('/');
        const problem = contentProblem(key, body);
        if (problem) refused.push(`${JSON.stringify(key)} ${problem}`);
        files.push({ key, md5: md5(body), size: body.length });
      }),
    ),
  );
  if (refused.length > 0)
    throw new Error(
      `${path.resolve(dir)} holds files that are not the site's: ${shortList(refused.sort(), '; ')}. Move them out of it (the board history and the Telegram state belong outside public/, where HISTORY_FILE and TELEGRAM_STATE_FILE put them by default; a source map is not published). Nothing was published.`,
    );
  return files;
}

function shortList(items: readonly string[], separator = ', '): string {
  return items.slice(0, 10).join(separator) + (items.length > 10 ? ` and ${items.length - 10} more` : '');
}

/**
 * Throws the one line that names what `dir` holds besides the site, and what to do about it: first
 * symbolic links (the deploy never follows one out of public/, nor takes a page that became one for a
 * page that is gone) and names a URL cannot carry as they are, then files no rule names and dotfiles.
 */
function refuseFilesNotToPublish(dir: string): void {
  const { files, links } = listEntries(dir);
  const keys = files.map((relative) => relative.split(path.sep).join('/'));
  const odd = [
    ...links.map((relative) => `${JSON.stringify(relative.split(path.sep).join('/'))} is a symbolic link`),
    ...keys.flatMap((key) => {
      const problem = nameProblem(key);
      return problem ? [`${JSON.stringify(key)} ${problem}`] : [];
    }),
  ];
  if (odd.length > 0)
    throw new Error(
      `${path.resolve(dir)} holds what a deploy does not publish: ${shortList(odd.sort(), '; ')}. Put the files themselves there, under plain names. Nothing was published.`,
    );
  const strays = filesNotToPublish(keys);
  if (strays.length > 0)
    throw new Error(
      `${path.resolve(dir)} holds files the hosting policy (src/hosting/policy.ts) does not name: ${shortList(strays)}. A deploy publishes only the site's own files: ` +
        'move these out of it (the board history, the channel’s state, their locks and working copies belong outside public/, where HISTORY_FILE and TELEGRAM_STATE_FILE put them by default), ' +
        'or, for a new kind of file the build writes, give it a rule in the hosting policy. Nothing was published.',
    );
}

/** The files under dir, and everything else that is not a folder (symbolic links, sockets), as paths relative to it. */
function listEntries(dir: string): { files: string[]; links: string[] } {
  if (!fs.existsSync(dir)) throw new Error(`Nothing to deploy: ${path.resolve(dir)} does not exist (run npm run build first).`);
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  const relative = (entry: fs.Dirent) => path.relative(dir, path.join(entry.parentPath, entry.name));
  return {
    files: entries.filter((entry) => entry.isFile()).map(relative),
    links: entries.filter((entry) => !entry.isFile() && !entry.isDirectory()).map(relative),
  };
}

function md5(body: Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/**
 * Every object under the prefix, by the listings `listingsFor` picks, several at a time. A folder that
 * the bucket names in a shallow listing but no known key is in (left by someone else) is listed too.
 */
async function listBucket(client: S3Client, config: DeployConfig, knownKeys: Iterable<string>): Promise<RemoteObject[]> {
  const limit = pLimit(8);
  const listed = new Set<string>();
  const list = async (listing: Listing): Promise<RemoteObject[]> => {
    listed.add(listing.prefix);
    const { objects, folders } = await limit(() => listPages(client, config, listing));
    const unknown = folders.filter((folder) => !listed.has(folder) && !planned.has(folder));
    const deeper = await Promise.all(unknown.map((folder) => list({ prefix: folder, shallow: false })));
    return [...objects, ...deeper.flat()];
  };
  const listings = listingsFor(knownKeys);
  const planned = new Set(listings.map((listing) => listing.prefix));
  return (await Promise.all(listings.map(list))).flat();
}

/**
 * The version 1 listing, paged by the last key seen: every S3-compatible server pages it the same way,
 * while s3rver 3 cannot page a version 2 listing on OpenSSL 3 (its continuation token is DES-encrypted).
 */
async function listPages(
  client: S3Client,
  config: DeployConfig,
  listing: Listing,
): Promise<{ objects: RemoteObject[]; folders: string[] }> {
  const objects: RemoteObject[] = [];
  const folders: string[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(
      new ListObjectsCommand({
        Bucket: config.bucket,
        Prefix: config.prefix + listing.prefix || undefined,
        Delimiter: listing.shallow ? '/' : undefined,
        Marker: marker,
        MaxKeys: config.listPageSize,
      }),
    );
    const keys: string[] = [];
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      keys.push(object.Key);
      if (object.ETag) objects.push({ key: object.Key.slice(config.prefix.length), etag: unquote(object.ETag) });
    }
    for (const folder of page.CommonPrefixes ?? []) {
      if (!folder.Prefix) continue;
      keys.push(folder.Prefix);
      folders.push(folder.Prefix.slice(config.prefix.length));
    }
    marker = page.NextMarker ?? keys.sort().at(-1);
    if (!page.IsTruncated || marker === undefined) return { objects, folders };
  }
}

function unquote(etag: string): string {
  return etag.replace(/^"|"$/g, '');
}

async function readManifest(client: S3Client, config: DeployConfig): Promise<Manifest> {
  const manifest = stateObject(config, MANIFEST_NAME);
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: manifest.bucket, Key: manifest.key }));
    const bytes = await answer.Body?.transformToByteArray();
    return parseManifest(bytes ? gunzipSync(bytes).toString('utf8') : undefined);
  } catch (error) {
    if (error instanceof NoSuchKey) return parseManifest(undefined);
    throw error;
  }
}

/**
 * Compares, then: uploads new hashed assets, then page-data and other data, then HTML (so no page is up
 * before what it loads), then deletes the files of pages that are gone and the hashed assets whose grace
 * period is over, and last writes the manifest. A failure stops at its step; the next run compares
 * against the bucket again and finishes the job.
 */
export async function deploy(config: DeployConfig, options: DeployOptions = {}): Promise<DeployReport> {
  const { client = s3ClientFor(config), log = console.log, now = new Date() } = options;
  const started = Date.now();
  const served = servedStateProblem(config);
  if (served) throw new Error(`${served} Nothing was published.`);
  // Before any request: a file that is not the site's is never sent, not even on a first deploy.
  refuseFilesNotToPublish(config.dir);
  // Every file's bytes are judged before the first request too.
  const local = await readTree(config.dir);
  const previous = await readManifest(client, config);
  const remote = await listBucket(client, config, [...local.map((file) => file.key), ...Object.keys(previous.files)]);
  // An empty or half-written public/ would otherwise delete the site from the bucket.
  const missing = REQUIRED_FILES.filter((key) => !local.some((file) => file.key === key));
  if (missing.length > 0)
    throw new Error(`${path.resolve(config.dir)} has no ${missing.join(' or ')}: not a built site, nothing was published.`);
  // The state of older deploys sat beside the site, where the CDN serves it: moved once, by hand.
  const stillServed = remote.filter((object) => (STATE_KEYS as readonly string[]).includes(object.key));
  if (stillServed.length > 0)
    throw new Error(
      `${stillServed.map((object) => `s3://${config.bucket}/${config.prefix}${object.key}`).join(', ')} ${stillServed.length === 1 ? 'is' : 'are'} served by the CDN: move ${stillServed.length === 1 ? 'it' : 'them'} to s3://${config.state.bucket}/${config.state.prefix} once with npm run deploy -- move-state. Nothing was published.`,
    );
  const plan = planDeploy({ local, remote, previous, now, grace: config.grace });
  const report: DeployReport = { plan, uploaded: 0, uploadedBytes: 0, deleted: 0, seconds: 0 };
  log(describePlan(plan, config));
  if (config.dryRun) return finish(report, started);

  const limit = pLimit(Math.max(1, config.concurrency));
  const upload = (file: LocalFile) =>
    limit(async () => {
      const body = await fs.promises.readFile(path.join(config.dir, file.key));
      const answer = await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: config.prefix + file.key,
          Body: body,
          CacheControl: cacheControl(file.key),
          ContentType: contentType(file.key),
        }),
      );
      const entry = plan.manifest.files[file.key];
      if (entry && answer.ETag) entry.etag = unquote(answer.ETag);
      report.uploaded += 1;
      report.uploadedBytes += body.length;
    });
  const remove = (key: string) =>
    limit(async () => {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: config.prefix + key }));
      report.deleted += 1;
    });

  const { hashed, data, page } = plan.uploads;
  const signal = data.filter((file) => file.key === DEPLOY_SIGNAL);
  const steps = [hashed, data.filter((file) => file.key !== DEPLOY_SIGNAL), page, signal];
  for (const step of steps) await Promise.all(step.map(upload));
  await Promise.all(plan.deletePages.map(remove));
  await Promise.all(plan.deleteAssets.map(remove));
  if (plan.writeManifest) {
    const manifest = stateObject(config, MANIFEST_NAME);
    await client.send(
      new PutObjectCommand({
        Bucket: manifest.bucket,
        Key: manifest.key,
        Body: gzipSync(JSON.stringify(plan.manifest)),
        ContentType: 'application/gzip',
        CacheControl: 'no-store',
      }),
    );
  }
  finish(report, started);
  log(
    `Deployed in ${report.seconds.toFixed(1)} s: ${report.uploaded} uploaded (${megabytes(report.uploadedBytes)}), ${report.deleted} deleted.`,
  );
  return report;
}

function finish(report: DeployReport, started: number): DeployReport {
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

export function describePlan(plan: DeployPlan, config: DeployConfig): string {
  const { hashed, data, page } = plan.uploads;
  const target = `s3://${config.bucket}/${config.prefix}`;
  return [
    plan.writeManifest
      ? `Deploy #${plan.manifest.deploy} to ${target}${config.dryRun ? ' (dry run: nothing is written)' : ''}:`
      : `${target} already holds this build (deploy #${plan.manifest.deploy}): nothing to write.`,
    `  ${plan.unchanged} unchanged; upload ${hashed.length} new hashed files, ${data.length} data files, ${page.length} HTML pages`,
    `  delete ${plan.deletePages.length} files of removed pages, ${plan.deleteAssets.length} hashed assets past the grace period`,
    `  keep ${plan.keptAssets.length} unreferenced hashed assets until ${config.grace.deploys} deploys and ${config.grace.days} days have passed`,
  ].join('\n');
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
