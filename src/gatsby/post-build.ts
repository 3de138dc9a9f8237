import fs from 'node:fs';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { apiOrigin, siteUrl } from '../config/env';
import { policyAllows, withCspMeta } from './csp';
import { scriptsSliceHashes } from './ssr-csp';
import { LOCALES_DIR, publishedTextsRoot } from './locales';
import { pruneOldAssets } from './prune';
import { writePlaceFiles } from './place-files';
import { writeFilterFiles } from './filter-files';
import { headersFile } from '../hosting/write-headers-file';
import { writeFeeds } from './feeds';
import { writeClosedLoads } from './closed-loads';
import { saveBoardHistory } from './board-history';
import { writeRangesFile } from './rates';
import { takeBuildOutputs } from './build-outputs';
import { writeKillSwitch } from './service-worker';
import { writeOfflinePages } from './offline-pages';
import { timedStep } from './build-steps';

const PUBLIC_DIR = path.resolve(process.cwd(), 'public');
// Written once every page carries a policy; later builds then only touch the HTML they wrote.
const CSP_MARKER = path.resolve(process.cwd(), '.cache', 'csp-applied');
// Loaded when Gatsby loads gatsby-node, at the start of the build: HTML newer than this was written now.
const BUILD_STARTED_MS = Date.now();

export const onPostBuild: GatsbyNode['onPostBuild'] = ({ reporter }) => {
  // What createPages made for this step (build-outputs.ts); none when this build skipped createPages.
  const outputs = takeBuildOutputs();
  copyLocales();
  writeRobots();
  if (outputs) {
    writePlaceFiles(outputs.placeFiles);
    writeRangesFile(PUBLIC_DIR, outputs.ranges);
    timedStep(reporter, 'writing the feeds', () => writeFeeds(PUBLIC_DIR, outputs.feedBoard, reporter));
    timedStep(reporter, 'writing the closed loads', () => writeClosedLoads(PUBLIC_DIR, outputs.closedLoads, reporter));
    const { ms } = timedStep(reporter, 'writing the filter files', () => writeFilterFiles(PUBLIC_DIR, outputs.filters));
    const { indexes, chunks, bytes } = outputs.filters.stats;
    reporter.info(
      `Filter index: ${indexes} lists and ${chunks} card chunks, ${(bytes / 1024).toFixed(0)} KB; made in ${outputs.filters.stats.ms.toFixed(0)} ms, written in ${ms.toFixed(0)} ms`,
    );
  } else {
    // The files of the last build that read the board stay as they are.
    reporter.warn('No loads were read in this build: the place files, ranges, feeds, closed loads and filter indexes were not written.');
  }
  writeOfflinePages(PUBLIC_DIR);
  if (writeKillSwitch(PUBLIC_DIR))
    reporter.warn('OFFLINE_WORKER=off: published the kill switch that removes the offline worker (docs/offline.md)');
  // Gatsby leaves the bundles of earlier builds in public/; without them public/ is the deploy artifact.
  const pruned = pruneOldAssets(PUBLIC_DIR).length;
  // Every file of the site is there now but the header file: one look at public/ serves both steps below.
  const started = performance.now();
  const keys = timedStep(reporter, 'the files of public/', () => publicKeys(PUBLIC_DIR));
  const { seen, written } = timedStep(reporter, 'the script policy of every page', () =>
    applyCsp(pageFiles(keys), fs.existsSync(CSP_MARKER) ? BUILD_STARTED_MS : 0),
  );
  fs.writeFileSync(CSP_MARKER, new Date().toISOString());
  // After every file of the site is written: a build that fails before here keeps the old history.
  if (outputs) saveBoardHistory(reporter, outputs.history);
  // Last: the hosts' header file names hashed files one by one where no pattern covers them
  // (src/hosting/write-headers-file.ts).
  timedStep(reporter, 'the header file', () => fs.writeFileSync(path.join(PUBLIC_DIR, '_headers'), headersFile(keys)));
  reporter.info(
    `Wrote robots.txt, /locales/{lng}/{ns}.json and ${publishedTextsRoot()}/{lng}/{ns}.json, the place files, _headers and the script policy of ${written} of ${seen} pages in ${((performance.now() - started) / 1000).toFixed(1)} s; removed ${pruned} files of earlier builds`,
  );
};

/**
 * Texts are bundled into pages, and also served as files: at `/locales/{lng}/{ns}.json`, as SPEC.md names
 * them, and for the pages that switch language at run time under this build's texts' hash, which only
 * this build's are (the deploy keeps earlier builds' a while for pages still open).
 */
function copyLocales(): void {
  fs.rmSync(path.join(PUBLIC_DIR, 'locales'), { recursive: true, force: true });
  fs.cpSync(LOCALES_DIR, path.join(PUBLIC_DIR, 'locales'), { recursive: true });
  fs.cpSync(LOCALES_DIR, path.join(PUBLIC_DIR, publishedTextsRoot()), { recursive: true });
}

function writeRobots(): void {
  const robots = ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl()}/sitemap-index.xml`, ''].join('\n');
  fs.writeFileSync(path.join(PUBLIC_DIR, 'robots.txt'), robots);
}

/** Enough of a page to hold its <head>'s first elements, where the policy is. */
const HEAD_START_BYTES = 4096;

/**
 * The start of a page, read into `buffer`. The pages were all just written (or stitched) and sit in the
 * page cache: reading them one after another beats handing 44,000 reads to libuv's threads (29 against
 * 140 ms for 2,206 pages; the step at 10,000 loads 0.7 s, 2.8-3.4 s before with a walk of its own).
 */
function headStart(file: string, buffer: Buffer): string {
  const handle = fs.openSync(file, 'r');
  try {
    return buffer.toString('utf8', 0, fs.readSync(handle, buffer, 0, HEAD_START_BYTES, 0));
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Pages get their policy as they are rendered (./ssr-csp.tsx); this writes it into every page changed in
 * this build whose policy does not allow the scripts slice as it now is (or that has none), reading only
 * the start of the others.
 */
function applyCsp(files: readonly string[], changedSinceMs: number): { seen: number; written: number } {
  const origin = apiOrigin();
  const sliceHashes = scriptsSliceHashes(PUBLIC_DIR);
  const buffer = Buffer.alloc(HEAD_START_BYTES);
  let written = 0;
  for (const file of files) {
    if (changedSinceMs > 0 && fs.statSync(file).mtimeMs < changedSinceMs) continue;
    if (sliceHashes.length > 0 && policyAllows(headStart(file, buffer), sliceHashes)) continue;
    const html = fs.readFileSync(file, 'utf8');
    const updated = withCspMeta(html, origin);
    if (updated !== html) {
      fs.writeFileSync(file, updated);
      written += 1;
    }
  }
  return { seen: files.length, written };
}

/** Folders of public/ that hold no page. */
const NOT_PAGES = new Set(['page-data', 'static', 'locales']);

/** The HTML pages among public/'s files, as paths. */
function pageFiles(keys: readonly string[]): string[] {
  return keys
    .filter(
      (key) =>
        key.endsWith('.html') &&
        !key
          .split('/')
          .slice(0, -1)
          .some((folder) => NOT_PAGES.has(folder)),
    )
    .map((key) => path.join(PUBLIC_DIR, key));
}

/** Every file of public/, relative to it with forward slashes (the folder's own part cut off, not resolved). */
function publicKeys(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const folder = entry.parentPath
        .slice(dir.length + 1)
        .split(path.sep)
        .join('/');
      return folder ? `${folder}/${entry.name}` : entry.name;
    });
}
