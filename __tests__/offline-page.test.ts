/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeOfflinePages } from '../src/gatsby/offline-pages';
import { OFFLINE_PAGE_PATHS, keptBoardPath, offlinePageFor, offlinePageHtml, offlinePagePrefix } from '../src/offline/offline-page';

/** The site's own page for a navigation the offline worker has not kept (docs/offline.md). */

describe('the offline page', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-pages-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is written by the build in each language from the locale texts, with no script', () => {
    writeOfflinePages(dir);
    const read = (prefix: keyof typeof OFFLINE_PAGE_PATHS) => fs.readFileSync(path.join(dir, OFFLINE_PAGE_PATHS[prefix]), 'utf8');
    const uz = read('uz');
    expect(uz).toContain('<html lang="uz">');
    expect(uz).toContain('<h1>Internet aloqasi yoʻq</h1>');
    expect(uz).toContain('Saqlangan yuklar roʻyxatiga qaytish');
    expect(read('uz-cyrl')).toContain('<html lang="uz-Cyrl">');
    expect(read('uz-cyrl')).toContain('<h1>Интернет алоқаси йўқ</h1>');
    expect(read('ru')).toContain('<h1>Нет подключения к интернету</h1>');
    expect(read('ru')).toContain('Вернуться к сохранённому списку грузов');
    for (const prefix of Object.keys(OFFLINE_PAGE_PATHS) as Array<keyof typeof OFFLINE_PAGE_PATHS>) {
      expect(read(prefix)).not.toMatch(/<script/i);
      expect(read(prefix)).toMatch(/<meta name="robots" content="noindex"\/>/);
    }
  });

  it('leads back to the kept board and to the page asked for, as the site’s own paths', () => {
    const html = offlinePageHtml({ htmlLang: 'ru', brand: 'YukBor', title: 'Нет сети', lead: 'Текст', back: 'Назад', retry: 'Ещё раз' });
    const page = offlinePageFor(html, '/ru/loads', '/ru/load/7?x="><script>');
    expect(page).toContain('<a href="/ru/loads">Назад</a>');
    expect(page).toContain('href="/ru/load/7?x=&quot;&gt;&lt;script&gt;"');
    expect(offlinePageFor(html, '//evil.example/', 'javascript:alert(1)')).not.toMatch(/evil|javascript/);
  });

  it('escapes its texts', () => {
    expect(offlinePageHtml({ htmlLang: 'uz', brand: 'B', title: '<b>x</b>', lead: 'a & b', back: 'b', retry: 'r' })).toContain(
      '<h1>&lt;b&gt;x&lt;/b&gt;</h1>',
    );
  });

  it("is in the language of the page asked for, the default language's for a bare path", () => {
    expect(offlinePagePrefix('/ru/load/7')).toBe('ru');
    expect(offlinePagePrefix('/uz-cyrl/loads/from/toshkent')).toBe('uz-cyrl');
    expect(offlinePagePrefix('/uz/load/7')).toBe('uz');
    expect(offlinePagePrefix('/load/7')).toBe('uz');
    expect(offlinePagePrefix('/russia')).toBe('uz');
  });

  it("leads to the board kept in the page's language, else to another kept board, else to the newest kept page", () => {
    expect(keptBoardPath('ru', ['/uz/loads', '/ru/loads'])).toBe('/ru/loads');
    expect(keptBoardPath('uz', ['/ru/loads', '/loads'])).toBe('/loads');
    expect(keptBoardPath('ru', ['/ru/loads/from/toshkent', '/uz/loads'])).toBe('/uz/loads');
    expect(keptBoardPath('ru', ['/ru/loads/from/toshkent'])).toBe('/ru/loads/from/toshkent');
    expect(keptBoardPath('uz-cyrl', [])).toBe('/uz-cyrl/loads');
  });
});
