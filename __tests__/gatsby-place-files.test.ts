/**
 * @jest-environment node
 *
 * The place suggestion files the build writes into public/places/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { placeFiles, writePlaceFiles, type PlaceFiles } from '../src/gatsby/place-files';
import type { Load } from '../src/api-client/types';

/** What the build does: names the files while creating pages, writes them after. */
function writePlaceFilesOf(loads: readonly Load[], root: string): PlaceFiles['paths'] {
  const files = placeFiles(loads);
  writePlaceFiles(files, root);
  return files.paths;
}
import { generateLoads } from '../tools/sample-api/data';
import { normalizeLoad } from '../src/api-client/normalize';
import type { PlaceFile } from '../src/places/place-file';

describe('writing the place suggestion files', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'places-'));
  const loads = generateLoads(500).map((raw) => normalizeLoad(raw));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes one small file per language, named by its content, and removes the old ones', () => {
    fs.mkdirSync(path.join(root, 'public', 'places'), { recursive: true });
    fs.writeFileSync(path.join(root, 'public', 'places', 'ru.000000000000.json'), '{}');
    const paths = writePlaceFilesOf(loads, root);
    expect(Object.keys(paths).sort()).toEqual(['ru', 'uz', 'uz-Cyrl']);
    expect(paths['uz-Cyrl']).toMatch(/^\/places\/uz-cyrl\.[0-9a-f]{12}\.json$/);
    // Beside them, the region's outlines a route's map is drawn from in the browser (one file, all languages).
    const written = fs.readdirSync(path.join(root, 'public', 'places')).sort();
    expect(written.filter((name) => !name.startsWith('outlines.'))).toEqual(
      Object.values(paths)
        .map((p) => path.basename(p))
        .sort(),
    );
    const outlines = written.filter((name) => /^outlines\.[0-9a-f]{12}\.json$/.test(name));
    expect(outlines).toHaveLength(1);
    const lines = JSON.parse(fs.readFileSync(path.join(root, 'public', 'places', outlines[0] as string), 'utf8')) as unknown[];
    expect(lines.length).toBeGreaterThan(50);
    expect(gzipSync(JSON.stringify(lines)).length).toBeLessThan(15_000);
    for (const publicPath of Object.values(paths)) {
      const json = fs.readFileSync(path.join(root, 'public', publicPath));
      expect(gzipSync(json).length).toBeLessThan(10_000);
    }
  });

  it('lists the busiest place first, in the language of the file, and the keys of every spelling the build saw', () => {
    const paths = writePlaceFilesOf(loads, root);
    const ru = JSON.parse(fs.readFileSync(path.join(root, 'public', paths.ru), 'utf8')) as PlaceFile;
    expect(ru.places[0]).toMatchObject({ slug: 'toshkent', label: 'Ташкент' });
    expect(ru.places[0]?.keys).toEqual(expect.arrayContaining(['toshkent', 'тошкент', 'ташкент', 'tashkent']));
  });

  it('writes the same names for the same loads', () => {
    expect(writePlaceFilesOf(loads, root)).toEqual(writePlaceFilesOf(loads, root));
  });
});
