import { cacheControl, contentType, fileKind, namedByPolicy, type FileKind } from '../../src/hosting/policy';

/**
 * What a deploy uploads and deletes, decided from content alone: the MD5 of each file of `public/`
 * against the bucket's listing (an S3 ETag is the body's MD5 for a plain upload) and the manifest the
 * last deploy left in the bucket. Pure: the S3 side lives in deploy.ts. What each file is, and the
 * headers it is uploaded with, is the hosting policy's (src/hosting/policy.ts).
 */

/**
 * The upload steps: hashed files, then data (feeds and icons are data), then pages; the service worker goes up
 * with the pages, after the scripts it names.
 */
export type UploadStep = 'hashed' | 'data' | 'page';

export function uploadStep(kind: FileKind): UploadStep {
  if (kind === 'feed' || kind === 'icon') return 'data';
  if (kind === 'worker') return 'page';
  return kind;
}

/**
 * The files of `public/` a deploy must not publish: every file no rule of the hosting policy names (a
 * kind of file the build does not write), and every dotfile or file in a dotted folder, whatever its
 * name otherwise says. The board history, the channel's state, their locks and working copies, and
 * `.env` are what lands there by mistake; served by the CDN, the history's poster hashes reverse in
 * minutes with a known key. Keys as `readTree` gives them.
 */
export function filesNotToPublish(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => key.split('/').some((name) => name.startsWith('.')) || !namedByPolicy(key)).sort();
}

export interface LocalFile {
  key: string;
  md5: string;
  size: number;
}

export interface RemoteObject {
  key: string;
  etag: string;
}

export interface ManifestEntry {
  md5: string;
  /** The ETag the bucket gave; equals md5 unless the bucket encrypts with KMS or similar. */
  etag: string;
  cacheControl: string;
  contentType: string;
}

export interface UnreferencedAsset {
  /** ISO time of the first deploy that no longer had the asset. */
  since: string;
  /** Number of that deploy. */
  deploy: number;
}

export interface Manifest {
  version: 1;
  /** Counts deploys, so the grace period can be measured in deploys as well as in days. */
  deploy: number;
  deployedAt: string;
  files: Record<string, ManifestEntry>;
  /** Hashed assets still in the bucket that the current build no longer has. */
  unreferenced: Record<string, UnreferencedAsset>;
}

export interface GracePeriod {
  days: number;
  deploys: number;
}

export interface DeployPlan {
  /** In this order: new hashed files, then data (page-data, sitemap, feeds, …), then HTML. */
  uploads: Record<UploadStep, LocalFile[]>;
  /** Files of pages that no longer exist (and their data): deleted once the new HTML is up. */
  deletePages: string[];
  /** Hashed assets unreferenced for longer than the grace period. */
  deleteAssets: string[];
  /** Hashed assets no longer referenced, kept for open tabs and cached HTML. */
  keptAssets: string[];
  unchanged: number;
  /** False when the bucket already matches the last manifest: nothing at all is written. */
  writeManifest: boolean;
  /** What the bucket holds after the plan ran; written last. */
  manifest: Manifest;
}

export function emptyManifest(): Manifest {
  return { version: 1, deploy: 0, deployedAt: new Date(0).toISOString(), files: {}, unreferenced: {} };
}

/** A file is current when the bucket has its content with the headers this deploy would send. */
function isCurrent(file: LocalFile, remoteEtag: string | undefined, entry: ManifestEntry | undefined): boolean {
  if (remoteEtag === undefined) return false;
  const sameContent = remoteEtag === file.md5 || (entry !== undefined && entry.md5 === file.md5 && entry.etag === remoteEtag);
  if (!sameContent) return false;
  // Without a manifest entry the headers are unknown: trust the listing rather than upload everything.
  if (entry === undefined) return true;
  return entry.cacheControl === cacheControl(file.key) && entry.contentType === contentType(file.key);
}

function graceOver(mark: UnreferencedAsset, deploy: number, now: Date, grace: GracePeriod): boolean {
  const days = (now.getTime() - Date.parse(mark.since)) / 86_400_000;
  return deploy - mark.deploy >= grace.deploys && days >= grace.days;
}

export function planDeploy(input: {
  local: readonly LocalFile[];
  remote: readonly RemoteObject[];
  previous: Manifest;
  now: Date;
  grace: GracePeriod;
}): DeployPlan {
  const { local, previous, now, grace } = input;
  const deploy = previous.deploy + 1;
  const remote = new Map(input.remote.map((object) => [object.key, object.etag]));
  const localKeys = new Set(local.map((file) => file.key));
  const plan: DeployPlan = {
    uploads: { hashed: [], data: [], page: [] },
    deletePages: [],
    deleteAssets: [],
    keptAssets: [],
    unchanged: 0,
    writeManifest: true,
    manifest: { version: 1, deploy, deployedAt: now.toISOString(), files: {}, unreferenced: {} },
  };

  for (const file of [...local].sort(byKey)) {
    const entry = previous.files[file.key];
    const remoteEtag = remote.get(file.key);
    if (isCurrent(file, remoteEtag, entry)) {
      plan.unchanged += 1;
      plan.manifest.files[file.key] = entry ?? describe(file, remoteEtag ?? file.md5);
    } else {
      plan.uploads[uploadStep(fileKind(file.key))].push(file);
      // The ETag is filled in from the upload's answer.
      plan.manifest.files[file.key] = describe(file, file.md5);
    }
  }

  for (const key of [...remote.keys()].sort()) {
    if (localKeys.has(key)) continue;
    // Every hashed file, place files included, stays for the grace period: an open page still names it.
    if (fileKind(key) !== 'hashed') {
      plan.deletePages.push(key);
      continue;
    }
    const mark = previous.unreferenced[key] ?? { since: now.toISOString(), deploy };
    if (graceOver(mark, deploy, now, grace)) {
      plan.deleteAssets.push(key);
    } else {
      plan.keptAssets.push(key);
      plan.manifest.unreferenced[key] = mark;
      const entry = previous.files[key];
      if (entry) plan.manifest.files[key] = entry;
    }
  }
  // Kept assets need the deploy count to advance, or their grace period would never end.
  const idle = plan.unchanged === local.length && plan.deletePages.length + plan.deleteAssets.length + plan.keptAssets.length === 0;
  plan.writeManifest = !(idle && previous.deploy > 0 && sameEntries(previous.files, plan.manifest.files));
  if (!plan.writeManifest) plan.manifest = previous;
  return plan;
}

function sameEntries(a: Record<string, ManifestEntry>, b: Record<string, ManifestEntry>): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    return (
      x !== undefined &&
      y !== undefined &&
      x.md5 === y.md5 &&
      x.etag === y.etag &&
      x.cacheControl === y.cacheControl &&
      x.contentType === y.contentType
    );
  });
}

function describe(file: LocalFile, etag: string): ManifestEntry {
  return { md5: file.md5, etag, cacheControl: cacheControl(file.key), contentType: contentType(file.key) };
}

function byKey(a: LocalFile, b: LocalFile): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** Reads a manifest written by an earlier deploy; anything else starts afresh (the listing still holds). */
export function parseManifest(text: string | undefined): Manifest {
  if (text === undefined) return emptyManifest();
  try {
    const value = JSON.parse(text) as Partial<Manifest>;
    if (value.version !== 1 || typeof value.deploy !== 'number' || typeof value.files !== 'object' || value.files === null) {
      return emptyManifest();
    }
    return {
      version: 1,
      deploy: value.deploy,
      deployedAt: String(value.deployedAt ?? new Date(0).toISOString()),
      files: value.files,
      unreferenced: value.unreferenced ?? {},
    };
  } catch {
    // A damaged manifest costs one full comparison against the listing, not a failed deploy.
    return emptyManifest();
  }
}

export interface Listing {
  /** Relative to the deploy prefix; '' or ending in '/'. */
  prefix: string;
  /** Only the files directly in the folder: its subfolders are listed on their own. */
  shallow: boolean;
}

/**
 * The listings that cover every known key without paging across folders whose names extend one another
 * past a character that sorts before '/' (`uz/` and `uz-cyrl/`). S3 returns keys in byte order, where
 * `uz-cyrl/…` comes before `uz/…`; s3rver walks folder by folder and returns `uz/…` first, so one
 * listing paged by its last key would skip every `uz-cyrl/` key after a page boundary inside `uz/`.
 * Only such folders are split; everything else is listed whole, so on S3 this costs a few requests.
 */
export function listingsFor(knownKeys: Iterable<string>): Listing[] {
  const root: Folder = new Map();
  for (const key of knownKeys) {
    let folder = root;
    for (const name of key.split('/').slice(0, -1)) {
      let child = folder.get(name);
      if (!child) folder.set(name, (child = new Map()));
      folder = child;
    }
  }
  const listings: Listing[] = [];
  const visit = (folder: Folder, prefix: string) => {
    if (!hasClashingNames([...folder.keys()])) {
      listings.push({ prefix, shallow: false });
      return;
    }
    listings.push({ prefix, shallow: true });
    for (const [name, child] of folder) visit(child, `${prefix}${name}/`);
  };
  visit(root, '');
  return listings;
}

type Folder = Map<string, Folder>;

function hasClashingNames(names: string[]): boolean {
  return names.some((a) => names.some((b) => b.length > a.length && b.startsWith(a) && b.charCodeAt(a.length) < 0x2f));
}
