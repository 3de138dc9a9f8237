import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Load } from '../api-client/types';
import type { LanguageCode } from '../config/languages';
import { placeFilesFromLoads, placeFilePath } from '../places/place-file-from-loads';

const PLACES_DIR = path.join('public', 'places');

/** The place file of each language: its public path, named by its content, and its JSON. */
export interface PlaceFiles {
  paths: Record<LanguageCode, string>;
  json: Record<LanguageCode, string>;
}

/**
 * Made while pages are created, because the board page names the files; written into public/ once
 * the build is done (`writePlaceFiles` in onPostBuild), like the build's other files.
 */
export function placeFiles(loads: readonly Load[]): PlaceFiles {
  const indexes = placeFilesFromLoads(loads.flatMap((load) => [load.from, load.to]));
  const files: PlaceFiles = { paths: {} as Record<LanguageCode, string>, json: {} as Record<LanguageCode, string> };
  for (const [lang, index] of Object.entries(indexes) as Array<[LanguageCode, (typeof indexes)[LanguageCode]]>) {
    const json = JSON.stringify(index);
    files.paths[lang] = placeFilePath(lang, createHash('sha256').update(json).digest('hex').slice(0, 12));
    files.json[lang] = json;
  }
  return files;
}

/**
 * Writes the files to public/places/{prefix}.{hash}.json. Earlier builds' files are removed first: a
 * page only ever names this build's files (the deploy keeps the old ones in the bucket for a while).
 */
export function writePlaceFiles(files: PlaceFiles, root = process.cwd()): void {
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
let madeThisBuild: PlaceFiles | null = null;

export function keepPlaceFiles(files: PlaceFiles): void {
  madeThisBuild = files;
}

export function placeFilesOfThisBuild(): PlaceFiles | null {
  return madeThisBuild;
}
