import fs from 'node:fs';
import path from 'node:path';
import type { Reporter } from 'gatsby';
import type { Load, VehicleType } from '../api-client/types';
import { LANGUAGES, type Language } from '../config/languages';
import { FEEDS_DIR } from '../config/routes';
import { siteUrl } from '../config/env';
import { PUBLISHED_BOARD_FILE, publishedBoard } from '../feeds/published-board';
import { siteFeeds, type SiteFeed } from '../feeds/site-feeds';
import { buildTranslator } from './build-translator';
import type { PlaceGroups } from '../loads/place-groups';
import type { Place } from '../places/gazetteer';
import { writeIfChanged } from './public-files';

/**
 * The feeds are plain files, not Gatsby pages (thousands of pages more would cost the build far more
 * than writing files), written after the build from the loads createPages read (src/gatsby/build-outputs.ts).
 */

/** What the feeds are made of: the board as the build read it, and its loads grouped by place. */
export interface FeedBoard {
  loads: readonly Load[];
  groups: PlaceGroups<Place>;
  /** The API's vehicle type dictionary, published in feeds/board.json for the alerts tool. */
  vehicleTypes?: readonly VehicleType[];
}

const translatorFor = (language: Language) => buildTranslator(language, ['loads', 'load', 'places']);

export interface FeedWrite {
  feeds: number;
  bytes: number;
  written: number;
  removed: number;
}

/**
 * Writes every feed and `feeds/board.json` under `publicDir`, each file only when its bytes changed (an
 * unchanged board keeps every file and its mtime), and removes the files of feeds that no longer exist
 * (a place whose last load left the board).
 */
export function writeFeedFiles(
  publicDir: string,
  loads: readonly Load[],
  groups: PlaceGroups<Place>,
  base = siteUrl(),
  vehicleTypes: readonly VehicleType[] = [],
): FeedWrite {
  const translators = new Map(LANGUAGES.map((language) => [language.code, translatorFor(language)]));
  const feeds: SiteFeed[] = siteFeeds(loads, groups, base, (language) => translators.get(language.code) ?? translatorFor(language));
  const files = new Map<string, string>(feeds.map((feed) => [path.join(publicDir, feed.path), feed.xml]));
  files.set(path.join(publicDir, PUBLISHED_BOARD_FILE), `${JSON.stringify(publishedBoard(loads, vehicleTypes))}\n`);
  const feedsRoot = path.join(publicDir, FEEDS_DIR);
  let removed = 0;
  for (const file of filesUnder(feedsRoot)) {
    if (files.has(file)) continue;
    fs.rmSync(file);
    removed += 1;
  }
  removeEmptyDirs(feedsRoot);
  let written = 0;
  let bytes = 0;
  for (const [file, text] of files) {
    const data = Buffer.from(text, 'utf8');
    if (file.endsWith('.atom')) bytes += data.length;
    if (writeIfChanged(file, data)) written += 1;
  }
  return { feeds: feeds.length, bytes, written, removed };
}

/** onPostBuild's step: the feeds of the board createPages read. */
export function writeFeeds(publicDir: string, board: FeedBoard, reporter: Reporter): void {
  const started = performance.now();
  const result = writeFeedFiles(publicDir, board.loads, board.groups, siteUrl(), board.vehicleTypes);
  reporter.info(
    `Feeds: wrote ${result.written} of ${result.feeds + 1} files (${result.feeds} feeds of ${(result.bytes / 2 ** 20).toFixed(1)} MB, and ${PUBLISHED_BOARD_FILE}), the others were unchanged; removed ${result.removed} of places that left the board; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function* filesUnder(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

function removeEmptyDirs(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    removeEmptyDirs(full);
    if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
  }
}
