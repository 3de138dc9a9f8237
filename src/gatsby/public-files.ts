import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How the build writes its own files into public/ (the place indexes, the ranges file, the feeds, the
 * closed-load shards): a file named by its content, and a file written only when its bytes changed.
 */

/**
 * The part of a file's name that comes from its content: the first 12 hex digits of its SHA-256. The
 * name changes exactly when the bytes do, so the hosts may cache the file for ever (src/hosting/policy.ts).
 */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** A JSON file of public/: its public path (`/places/ru.0123456789ab.json`) and its text. */
export interface JsonFile {
  path: string;
  json: string;
}

/**
 * Writes the content-named files of one folder of public/ (`folder`, e.g. `places`), removing whatever
 * else it held: a page only ever names this build's files, and the deploy keeps earlier builds' in the
 * bucket a while for pages still open.
 */
export function replaceContentNamedFiles(publicDir: string, folder: string, files: readonly JsonFile[]): void {
  const dir = path.join(publicDir, folder);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const file of files) fs.writeFileSync(path.join(publicDir, file.path), file.json);
}

/**
 * Writes `data` to `file` (making its folder) unless the file holds these bytes already: an unchanged
 * file keeps its mtime, so a rebuild of the same board leaves it alone and the deploy uploads only what
 * changed. Returns whether it wrote.
 */
export function writeIfChanged(file: string, data: Buffer): boolean {
  if (sameBytes(file, data)) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return true;
}

function sameBytes(file: string, data: Buffer): boolean {
  try {
    return fs.statSync(file).size === data.length && fs.readFileSync(file).equals(data);
  } catch {
    // Not there yet (or unreadable): writing it is the answer either way.
    return false;
  }
}
