/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * How fresh a list worked out on the phone is, folded to one short line so that a phone's first screen
 * keeps the first load (docs/board.md, "The first screen on a phone"): the line says what matters in
 * each language, and the whole sentence is one tap away.
 */
import React from 'react';
import { cleanup } from '@testing-library/react';
import { FreshnessLine } from '../src/components/load-board/freshness-line';
import { LANGUAGES, type Language } from '../src/config/languages';
import type { Freshness } from '../src/board/list-types';
import { renderInLanguage } from './support/render-page';

const byPrefix = (prefix: string) => LANGUAGES.find((language) => language.prefix === prefix) as Language;
// 14:05 and 14:32 in Tashkent (UTC+5).
const BUILT = Date.parse('2026-11-27T09:05:00Z');
const CHECKED = Date.parse('2026-11-27T09:32:00Z');

function line(prefix: string, freshness: Freshness) {
  const { container } = renderInLanguage(<FreshnessLine freshness={freshness} />, byPrefix(prefix), '/loads', ['common', 'loads']);
  const fold = container.querySelector('details');
  return { fold, summary: fold?.querySelector('summary')?.textContent, whole: fold?.textContent };
}

afterEach(cleanup);

describe('the freshness line', () => {
  it.each([
    ['ru', 'Новые грузы проверены в 14:32', 'Список на 27.11.2026 14:05'],
    ['uz', 'Yangi yuklar 14:32 da tekshirildi', 'Roʻyxat 27.11.2026 14:05 holatiga koʻra'],
    ['uz-cyrl', 'Янги юклар 14:32 да текширилди', 'Рўйхат 27.11.2026 14:05 ҳолатига кўра'],
  ])('in %s is folded to one short line, the whole sentence one tap away', (prefix, short, whole) => {
    const shown = line(prefix, { builtAt: BUILT, checkedAt: CHECKED, complete: true });
    expect(shown.fold?.open).toBe(false);
    expect(shown.summary).toBe(short);
    expect(shown.whole).toContain(whole);
  });

  it('says on its short line when the new loads could not be checked, or only the newest are shown', () => {
    expect(line('ru', { builtAt: BUILT, checkedAt: null, complete: false }).summary).toBe('Новые грузы не проверены');
    cleanup();
    expect(line('ru', { builtAt: BUILT, checkedAt: CHECKED, complete: false }).summary).toBe(
      'Новые грузы проверены в 14:32 · показаны самые свежие',
    );
    cleanup();
    expect(line('ru', { builtAt: null, checkedAt: CHECKED, complete: true }).summary).toBe('Поиск на 14:32');
  });
});
