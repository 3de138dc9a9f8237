import path from 'node:path';
import type { Load } from '../api-client/types';
import type { LanguageCode } from '../config/languages';
import { placeFilesFromLoads, placeFilePath } from '../places/place-file-from-loads';
import { contentHash, replaceContentNamedFiles } from './public-files';
import { regionOutlinesJson } from './trip-map';

/** The place file of each language: its public path, named by its content, and its JSON. */
export interface PlaceFiles {
  paths: Record<LanguageCode, string>;
  json: Record<LanguageCode, string>;
  /** The region's outlines a route's map is drawn from in the browser (`places/outlines.{hash}.json`, trip-map.ts). */
  outlines?: { path: string; json: string };
}

/**
 * Made while pages are created, because the board page names the files; written into public/ once
 * the build is done (src/gatsby/build-outputs.ts), like the build's other files.
 */
export function placeFiles(loads: readonly Load[], around: ReadonlyMap<string, string> = new Map()): PlaceFiles {
  const indexes = placeFilesFromLoads(
    loads.flatMap((load) => [load.from, load.to]),
    around,
  );
  const files: PlaceFiles = { paths: {} as Record<LanguageCode, string>, json: {} as Record<LanguageCode, string> };
  for (const [lang, index] of Object.entries(indexes) as Array<[LanguageCode, (typeof indexes)[LanguageCode]]>) {
    const json = JSON.stringify(index);
    files.paths[lang] = placeFilePath(lang, contentHash(json));
    files.json[lang] = json;
  }
  const outlines = regionOutlinesJson();
  files.outlines = { path: `/places/outlines.${contentHash(outlines)}.json`, json: outlines };
  return files;
}

/** Writes the files to public/places/{prefix}.{hash}.json, in place of earlier builds'. */
export function writePlaceFiles(files: PlaceFiles, root = process.cwd()): void {
  const written = (Object.keys(files.paths) as LanguageCode[]).map((lang) => ({ path: files.paths[lang], json: files.json[lang] }));
  if (files.outlines) written.push(files.outlines);
  replaceContentNamedFiles(path.join(root, 'public'), 'places', written);
}
