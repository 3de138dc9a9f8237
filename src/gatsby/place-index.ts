import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Load } from '../api-client/types';
import type { LanguageCode } from '../config/languages';
import { buildPlaceIndexes, placeIndexPath } from '../places/build-index';

const PLACES_DIR = path.join('public', 'places');

/** The place index of each language: its public path, named by its content, and its JSON. */
export interface PlaceIndexFiles {
  paths: Record<LanguageCode, string>;
  json: Record<LanguageCode, string>;
}

/**
 * Made while pages are created, because the board page names the files; written into public/ once
 * the build is done (`writePlaceIndexFiles` in onPostBuild), like the build's other files.
 */
export function placeIndexFiles(loads: readonly Load[]): PlaceIndexFiles {
  const indexes = buildPlaceIndexes(loads.flatMap((load) => [load.from, load.to]));
  const files: PlaceIndexFiles = { paths: {} as Record<LanguageCode, string>, json: {} as Record<LanguageCode, string> };
  for (const [lang, index] of Object.entries(indexes) as Array<[LanguageCode, (typeof indexes)[LanguageCode]]>) {
    const json = JSON.stringify(index);
    files.paths[lang] = placeIndexPath(lang, createHash('sha256').update(json).digest('hex').slice(0, 12));
    files.json[lang] = json;
  }
  return files;
}

/**
 * Writes the files to public/places/{prefix}.{hash}.json. Earlier builds' files are removed first: a
 * page only ever names this build's files (the deploy keeps the old ones in the bucket for a while).
 */
export function writePlaceIndexFiles(files: PlaceIndexFiles, root = process.cwd()): void {
  const dir = path.join(root, PLACES_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const lang of Object.keys(files.paths) as LanguageCode[]) {
    fs.writeFileSync(path.join(root, 'public', files.paths[lang]), files.json[lang]);
  }
}

/**
 * createPages makes the files and onPostBuild writes them; both run in Gatsby's main process in one
 * build, so the files are handed over here rather than through Gatsby's cache on disk.
 */
let madeThisBuild: PlaceIndexFiles | null = null;

export function keepPlaceIndexFiles(files: PlaceIndexFiles): void {
  madeThisBuild = files;
}

export function placeIndexFilesOfThisBuild(): PlaceIndexFiles | null {
  return madeThisBuild;
}
