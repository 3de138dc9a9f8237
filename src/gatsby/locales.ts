import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../config/languages';

export const LOCALES_DIR = path.resolve(process.cwd(), 'locales');

/** One namespace of one language, read from locales/ (the same files the pages query). */
export function readLocale(language: Language, ns: string): Record<string, unknown> {
  const file = path.join(LOCALES_DIR, language.prefix, `${ns}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}
