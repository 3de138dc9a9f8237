/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * The board's search, status line and focus, rendered as the page and talking to the sample API over
 * real HTTP (the place file is the page's own, loaded lazily as in the browser).
 */
import React from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import LoadsPage, { type LoadsPageContext } from '../src/templates/loads';
import { fetchLoads } from '../src/api-client/client';
import { LANGUAGES, type Language } from '../src/config/languages';
import { pageVariants } from '../src/i18n/plugin';
import { renderInLanguage } from './support/render-page';
import { navigateCalls } from './support/gatsby-mock';
import type { Load } from '../src/api-client/types';
import { normalizeLoad } from '../src/api-client/normalize';
import { boardStatusText } from '../src/components/load-board/load-board';
import { createTranslator } from '../src/i18n/translator';
import { readLocale } from '../src/gatsby/locales';
import { matchingRows } from '../src/search/matcher';
import { parseBoardQuery } from '../src/search/query';
import { filterRow } from '../src/search/rows';
import { gazetteerPlaces } from '../src/search/gazetteer-places';
import { matchPlace } from '../src/places/match';
import { PLACES } from '../src/places/gazetteer';
import { publishFilters, type PublishedFilters } from './support/published-filters';

const ru = LANGUAGES.find((language) => language.prefix === 'ru') as Language;
const uzCyrl = LANGUAGES.find((language) => language.prefix === 'uz-cyrl') as Language;

/** Every load of the sample API, as the build reads them. */
async function allLoads(): Promise<Load[]> {
  const loads: Load[] = [];
  for (let page = 1; ; page += 1) {
    const list = await fetchLoads({ page, limit: 50 });
    loads.push(...list.loads);
    if (list.loads.length === 0 || loads.length >= list.total) return loads;
  }
}

/** The files the build writes for the board (filter indexes, card chunks, place files), served over HTTP as the site serves them. */
let published: PublishedFilters;
let built: Load[];
beforeAll(async () => {
  built = await allLoads();
  published = await publishFilters(built, ['Tent', 'Refrijerator']);
});
afterAll(() => published.close());

function pageProps(language: Language, search: string): PageProps<never, LoadsPageContext> {
  const variant = pageVariants('/loads').find((candidate) => !candidate.bare && candidate.language === language);
  return {
    pageContext: {
      ...(variant?.context as LoadsPageContext),
      initial: null,
      builtAt: Date.parse('2026-11-20T06:00:00Z'),
      placeFilePaths: published.placeFileUrls,
      filters: published.listFiles(`${published.origin}${published.files.board}`),
    },
    location: { pathname: `/${language.prefix}/loads`, search },
  } as unknown as PageProps<never, LoadsPageContext>;
}

function renderBoard(language: Language, search: string) {
  return renderInLanguage(<LoadsPage {...pageProps(language, search)} />, language, '/loads', ['common', 'loads']);
}

// Polyfilled by the browser; jsdom lacks it.
beforeAll(() => {
  window.requestAnimationFrame ??= (callback: FrameRequestCallback) => window.setTimeout(() => callback(Date.now()), 0);
});
afterEach(() => {
  cleanup();
  navigateCalls.length = 0;
});

const apiTotal = async (search: string) => (await fetchLoads({ page: 1, limit: 20, search })).total;

/** The loads a search for a place lists, as a person checks them: from it, to it, or naming it in the title, any spelling. */
function placeSearch(typed: string): number {
  const slug = matchPlace(typed)?.slug ?? null;
  const rows = built.map((load) => filterRow(load, gazetteerPlaces()));
  return matchingRows(
    rows,
    parseBoardQuery(`?search=${encodeURIComponent(typed)}`),
    { list: {}, searchPlace: slug },
    { today: 0, places: PLACES },
  ).length;
}

describe('load board search', () => {
  it('searches a place typed in another script over every spelling and title that names it, and says exactly how many', async () => {
    const everySpelling = placeSearch('Ташкент');
    expect(everySpelling).toBeGreaterThan(await apiTotal('Ташкент'));
    renderBoard(ru, '?search=Ташкент');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toMatch(new RegExp(`^Найдено ${everySpelling} груз`)));
    expect(status.textContent).toContain(`страница 1 из ${Math.ceil(everySpelling / 20)}`);
    // The field keeps what the visitor wrote, not the API's spelling.
    expect((document.getElementById('load-search') as HTMLInputElement).value).toBe('Ташкент');
  });

  it('says a page past the end of a place search is not there, and links page 1', async () => {
    renderBoard(ru, `?search=${encodeURIComponent('Ташкент')}&page=5`);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('В этом списке нет страницы 5'));
    const first = await screen.findByRole('link', { name: 'Перейти на первую страницу' });
    expect(first.getAttribute('href')).toBe(`/ru/loads?search=${encodeURIComponent('Ташкент')}`);
    fireEvent.click(first);
    // The navigation follows the frame that draws the tap (src/board/hooks/after-paint.ts).
    await waitFor(() => expect(navigateCalls.at(-1)?.to).toBe(`/ru/loads?search=${encodeURIComponent('Ташкент')}`));
  });

  it('says "exactly", "at most" or "at least" as the total is, in every language', () => {
    const list = { loads: [normalizeLoad({ id: '1' })], total: 41, page: 1, limit: 20 };
    const said = (language: Language, totalBound?: 'atLeast' | 'atMost') => {
      const t = createTranslator(language.prefix, { loads: readLocale(language, 'loads') }, 'loads');
      return boardStatusText(t, { status: 'ready', list: { ...list, totalBound }, loadedAt: 0 }, true, 1);
    };
    expect([undefined, 'atMost', 'atLeast'].map((bound) => said(ru, bound as 'atMost' | undefined))).toEqual([
      'Найден 41 груз, страница 1 из 3',
      'Найдено не более 41 груза, страница 1 из 3',
      'Найдено не менее 41 груза, страница 1 из 3',
    ]);
    for (const language of LANGUAGES) {
      const texts = [said(language), said(language, 'atMost'), said(language, 'atLeast')];
      expect(new Set(texts).size).toBe(3);
      for (const text of texts) expect(text).toContain('41');
    }
  });

  it('has one polite status region from the first render, saying "nothing found" for an empty result', async () => {
    renderBoard(uzCyrl, '?search=zzzz-no-such-place');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toBe('Ҳеч нарса топилмади'));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('suggests places in the page language for text in another script, and picks one with the keyboard', async () => {
    renderBoard(ru, '');
    const field = document.getElementById('load-search') as HTMLInputElement;
    expect(field.getAttribute('aria-expanded')).toBe('false');
    act(() => field.focus());
    fireEvent.input(field, { target: { value: 'Тошк' } });
    const option = await screen.findByRole('option', { name: 'Ташкент' });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(option.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(navigateCalls.at(-1)?.to).toBe(`/ru/loads?search=${encodeURIComponent('Ташкент')}`));
    expect((field as HTMLInputElement).value).toBe('Ташкент');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(field);
  });

  it('closes the suggestions on Escape without leaving the field', async () => {
    renderBoard(ru, '');
    const field = document.getElementById('load-search') as HTMLInputElement;
    act(() => field.focus());
    fireEvent.input(field, { target: { value: 'Сам' } });
    await screen.findByRole('option', { name: 'Самарканд' });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(field);
  });
});
