import fs from 'node:fs';
import path from 'node:path';
import { announcementFor, isNewPage, scrollsAfterNavigation } from '../src/a11y/route-change';
import { LANGUAGES } from '../src/config/languages';
import { apostropheInsensitive } from '../e2e/apostrophes';

const UZ_LATIN = path.join(__dirname, '..', 'locales', 'uz');
/** The legal texts are English (SPEC.md), apostrophes and all. */
const ENGLISH_NAMESPACES = new Set(['privacy.json', 'terms.json']);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('route announcements', () => {
  it('treats only a new path as a new page', () => {
    expect(isNewPage({ pathname: '/ru/help' }, { pathname: '/ru' })).toBe(true);
    expect(isNewPage({ pathname: '/ru/loads' }, { pathname: '/ru/loads' })).toBe(false);
    expect(isNewPage({ pathname: '/ru' }, null)).toBe(false);
  });

  it("says the new page's heading, or its title, and nothing for a query-only change", () => {
    expect(announcementFor(true, '  Помощь\n и  вопросы ', 'Помощь | YukBor')).toBe('Помощь и вопросы');
    expect(announcementFor(true, null, 'Помощь | YukBor')).toBe('Помощь | YukBor');
    expect(announcementFor(false, 'Грузы', 'Грузы | YukBor')).toBe('');
  });
  it('scrolls to the top for a new page or a hash, never for a change of the query (a filter tapped)', () => {
    expect(scrollsAfterNavigation({ pathname: '/ru/loads' }, { pathname: '/ru/loads' })).toBe(false);
    expect(scrollsAfterNavigation({ pathname: '/ru/help' }, { pathname: '/ru/loads' })).toBe(true);
    expect(scrollsAfterNavigation({ pathname: '/ru/loads', hash: '#going-rate' }, { pathname: '/ru/loads' })).toBe(true);
    expect(scrollsAfterNavigation({ pathname: '/ru/loads' }, undefined)).toBe(true);
  });
});

describe('words read aloud', () => {
  it('gives every language a name that sounds different from the others', () => {
    const names = LANGUAGES.map((language) => language.label.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    // Same word in two scripts: the names must say which script, not only the language.
    expect(names.filter((name) => /ўзбек|o.zbek/u.test(name)).every((name) => name.includes('('))).toBe(true);
  });

  it("writes Uzbek Latin with oʻ, gʻ (U+02BB) and ʼ (U+02BC), never the ASCII '", () => {
    for (const file of fs.readdirSync(UZ_LATIN).filter((name) => !ENGLISH_NAMESPACES.has(name))) {
      const texts = strings(JSON.parse(fs.readFileSync(path.join(UZ_LATIN, file), 'utf8')));
      expect({ file, ascii: texts.filter((text) => /\p{L}'\p{L}/u.test(text)) }).toEqual({ file, ascii: [] });
    }
    for (const language of LANGUAGES) expect(language.label + language.shortLabel).not.toContain("'");
  });

  it('compares Uzbek text whichever apostrophe it is typed with', () => {
    const pattern = apostropheInsensitive("Yuk ma'lumotlari (o'z) yuklanmoqda...");
    for (const text of ['Yuk maʼlumotlari (oʻz) yuklanmoqda...', 'Yuk ma’lumotlari (o‘z) yuklanmoqda...']) {
      expect(text).toMatch(pattern);
    }
    expect('Yuk malumotlari (oz) yuklanmoqda...').not.toMatch(pattern);
    expect('Yuk ma.lumotlari').not.toMatch(apostropheInsensitive('Yuk ma.lumotlari?'));
  });
});
