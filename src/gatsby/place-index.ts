import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Load } from '../api-client/types';
import type { LanguageCode } from '../config/languages';
import { buildPlaceIndexes, placeIndexPath } from '../places/build-index';

const PLACES_DIR = path.join('public', 'places');

/**
 * Writes the place index of each language to public/places/{prefix}.{hash}.json and returns the public
 * paths. Earlier builds' files are removed first: a page only ever names this build's files.
 */
export function writePlaceIndexes(loads: readonly Load[], root = process.cwd()): Record<LanguageCode, string> {
  const dir = path.join(root, PLACES_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const indexes = buildPlaceIndexes(loads.flatMap((load) => [load.from, load.to]));
  const paths = {} as Record<LanguageCode, string>;
  for (const [lang, index] of Object.entries(indexes) as Array<[LanguageCode, (typeof indexes)[LanguageCode]]>) {
    const json = JSON.stringify(index);
    const publicPath = placeIndexPath(lang, createHash('sha256').update(json).digest('hex').slice(0, 12));
    fs.writeFileSync(path.join(root, 'public', publicPath), json);
    paths[lang] = publicPath;
  }
  return paths;
}
