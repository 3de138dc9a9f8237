import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../config/languages';
import { contentHash } from './public-files';

export const LOCALES_DIR = path.resolve(process.cwd(), 'locales');

/** One namespace of one language, read from locales/ (the same files the pages query). */
export function readLocale(language: Language, ns: string): Record<string, unknown> {
  const file = path.join(LOCALES_DIR, language.prefix, `${ns}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

let textsRoot: string | null = null;

/**
 * Where the build publishes the texts for the pages that take their language from the path at run time
 * (the 404 page and the loads, cities and routes it serves): `/locales/{hash}`, the hash of every text
 * file, so the hosts and the offline worker keep the files for ever (src/hosting/policy.ts) and a second
 * such page in a visit asks for none of them again.
 */
export function publishedTextsRoot(): string {
  textsRoot ??= `/locales/${contentHash(
    localeFiles()
      .map((file) => `${file}\0${fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')}`)
      .join('\0'),
  )}`;
  return textsRoot;
}

/** Every text file, `{lng}/{ns}.json`, in one order whatever the disk's. */
function localeFiles(): string[] {
  return fs
    .readdirSync(LOCALES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}
