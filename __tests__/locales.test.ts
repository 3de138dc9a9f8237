import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../src/config/languages';

const LOCALES = path.join(__dirname, '..', 'locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Keys with plural suffixes folded: languages differ in which plural forms they need. */
function baseKeys(value: unknown): string[] {
  return [...new Set(keysOf(value).map((key) => key.replace(PLURAL_SUFFIX, '')))];
}

function pluralForms(value: unknown, base: string): string[] {
  return keysOf(value)
    .filter((key) => key.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(key))
    .map((key) => (PLURAL_SUFFIX.exec(key) as RegExpExecArray)[1] as string)
    .sort();
}

function read(language: string, ns: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${ns}.json`), 'utf8'));
}

const namespaces = fs
  .readdirSync(path.join(LOCALES, LANGUAGES[0].prefix))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

describe('locale files', () => {
  it('has one folder per language and nothing else', () => {
    expect(fs.readdirSync(LOCALES).sort()).toEqual(LANGUAGES.map((l) => l.prefix).sort());
  });

  it('has the same namespaces in every language', () => {
    for (const language of LANGUAGES) {
      const files = fs.readdirSync(path.join(LOCALES, language.prefix)).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...namespaces].sort());
    }
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const reference = baseKeys(read(LANGUAGES[0].prefix, ns)).sort();

    it.each(LANGUAGES.map((l) => l.prefix))('has every key in %s, and no extra ones', (language) => {
      expect(baseKeys(read(language, ns)).sort()).toEqual(reference);
    });

    it.each(LANGUAGES.map((l) => [l.prefix, l.htmlLang] as const))('has every plural form %s needs', (prefix, htmlLang) => {
      const data = read(prefix, ns);
      const needed = new Intl.PluralRules(htmlLang).resolvedOptions().pluralCategories;
      for (const base of baseKeys(data)) {
        const forms = pluralForms(data, base);
        if (forms.length > 0) expect(forms).toEqual(expect.arrayContaining([...needed]));
      }
    });

    it.each(LANGUAGES.map((l) => l.prefix))('has no empty text in %s', (language) => {
      const flat = keysOf(read(language, ns));
      const data = read(language, ns);
      for (const key of flat) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
        expect(typeof value === 'string' ? value.trim().length : 1).toBeGreaterThan(0);
      }
    });

    it('uses the same interpolation variables in every language', () => {
      const variables = (language: string) =>
        keysOf(read(language, ns)).map((key) => {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], read(language, ns));
          return `${key}:${(String(value).match(/{{\s*\w+\s*}}/g) ?? []).sort().join(',')}`;
        });
      const folded = (language: string) =>
        [...new Set(variables(language).map((entry) => entry.replace(/_(zero|one|two|few|many|other):/, ':')))].sort();
      const expected = folded(LANGUAGES[0].prefix);
      for (const language of LANGUAGES) expect(folded(language.prefix)).toEqual(expected);
    });
  });

  it('writes Cyrillic pages in Cyrillic and Latin pages in Latin', () => {
    const cyrillic = /[\u0400-\u04FF]/;
    expect(JSON.stringify(read('uz-cyrl', 'common'))).toMatch(cyrillic);
    expect(JSON.stringify(read('ru', 'common'))).toMatch(cyrillic);
    expect((read('uz', 'common') as { nav: { help: string } }).nav.help).not.toMatch(cyrillic);
  });
});
