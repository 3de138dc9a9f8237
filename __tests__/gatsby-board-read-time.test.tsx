/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
import React from 'react';
import { cleanup, screen } from '@testing-library/react';
import type { Actions, PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { LANGUAGES } from '../src/config/languages';
import { ROUTES } from '../src/config/routes';
import { recordBoardRead, withReadAt } from '../src/gatsby/board-read-time';
import { createPlacePages, placesDirectoryContext } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { pageVariants } from '../src/i18n/plugin';
import type { LocaleData } from '../src/i18n/runtime';
import { boardReadAt, READ_TIME_KEPT_MS } from '../src/loads/built-time';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import { ratesPageContext, type RatesPageContext } from '../src/rates/page-data';
import PlaceLoadsPage from '../src/templates/place-loads';
import PlacesPage from '../src/templates/places';
import RatesPage from '../src/templates/rates';
import { renderInLanguage } from './support/render-page';

/**
 * "List updated" says when the build read the board, not when its newest load was posted: a quiet
 * route read at 00:22 is not a list abandoned since its last load three days before.
 */

const [uz, uzCyrl, ru] = LANGUAGES;
// Posted 19 November 2026 at 21:05 in Tashkent; the build reads the board on 2 December at 00:22.
const POSTED = '2026-11-19T16:05:00Z';
const READ_AT = Date.parse('2026-12-01T19:22:00Z');
const loads = [
  normalizeLoad({ id: '1', title: 'Sement', fromLocation: { name: 'Toshkent' }, toLocation: { name: 'Samarqand' }, createdAt: POSTED }),
];

afterEach(cleanup);

function placeContexts(): Map<string, PlaceLoadsPageContext> {
  const made = new Map<string, PlaceLoadsPageContext>();
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
    made.set(page.path, page.context)) as unknown as Actions['createPage'];
  createPlacePages(groupBuildLoads(loads), Date.parse(POSTED), withReadAt(createPage, READ_AT));
  return made;
}

describe('the time a list page says it was updated', () => {
  it("gives the live board's files the same time, which a filtered list on the phone says", () => {
    const made: Array<{ context: Record<string, unknown> }> = [];
    const createPage = ((page: { context: Record<string, unknown> }) => made.push(page)) as unknown as Actions['createPage'];
    withReadAt(createPage, READ_AT)({ path: '/ru/loads', component: 'x', context: { filters: { indexPath: '/f.json' } } });
    withReadAt(createPage, READ_AT)({ path: '/ru/help', component: 'x', context: {} });
    expect(made.map((page) => page.context)).toEqual([
      { readAt: READ_AT, filters: { indexPath: '/f.json', readAt: READ_AT } },
      { readAt: READ_AT },
    ]);
  });

  it.each([
    [ru, '/ru/loads/route/toshkent/samarqand', 'Список обновлён: 02.12.2026, 00:22 (по ташкентскому времени).'],
    [uz, '/uz/loads/from/toshkent', 'Roʻyxat yangilangan: 02.12.2026, soat 00:22 (Toshkent vaqti).'],
  ])('is when the build read the board on a route or city page (%#)', (language, path, text) => {
    const context = placeContexts().get(path);
    if (!context || !language) throw new Error(`no page ${path}`);
    const props = { pageContext: context, location: { pathname: path, search: '' } } as unknown as PageProps<
      LocaleData,
      PlaceLoadsPageContext
    >;
    renderInLanguage(<PlaceLoadsPage {...props} />, language, context.pagePath, ['common', 'loads', 'places']);
    expect(screen.getByText(text)).toBeTruthy();
    // The cards' ages still count from the newest posting, so the same loads give the same cards.
    expect(context.builtAt).toBe(Date.parse(POSTED));
  });

  it('is when the build read the board on the places directory and the rates page', () => {
    const language = uzCyrl as (typeof LANGUAGES)[number];
    const directory = pageVariants(ROUTES.places).find((variant) => !variant.bare && variant.language.code === language.code);
    const places = { ...directory?.context, ...placesDirectoryContext(groupBuildLoads(loads), Date.parse(POSTED)), readAt: READ_AT };
    renderInLanguage(
      <PlacesPage
        {...({ pageContext: places, location: { pathname: directory?.path, search: '' } } as unknown as PageProps<LocaleData, never>)}
      />,
      language,
      ROUTES.places,
      ['common', 'loads', 'places'],
    );
    expect(screen.getByText(/^Рўйхат янгиланган: 02\.12\.2026, соат 00:22/)).toBeTruthy();
    cleanup();
    const rates = pageVariants(ROUTES.rates).find((variant) => !variant.bare && variant.language.code === ru?.code);
    const pageContext = { ...rates?.context, ...ratesPageContext(null, Date.parse(POSTED), 'ru'), readAt: READ_AT } as RatesPageContext;
    renderInLanguage(
      <RatesPage
        {...({ pageContext, location: { pathname: rates?.path, search: '' } } as unknown as PageProps<LocaleData, RatesPageContext>)}
      />,
      ru as (typeof LANGUAGES)[number],
      ROUTES.rates,
      ['common', 'loads', 'places'],
    );
    expect(screen.getByText('Список обновлён: 02.12.2026, 00:22 (по ташкентскому времени).')).toBeTruthy();
  });
});

describe('when the build read the board', () => {
  it('is the build’s own time for a board that changed', () => {
    expect(boardReadAt({ digest: 'old', at: READ_AT - 60_000 }, 'new', READ_AT)).toEqual({ digest: 'new', at: READ_AT });
    expect(boardReadAt(undefined, 'new', READ_AT)).toEqual({ digest: 'new', at: READ_AT });
    expect(boardReadAt('damaged', 'new', READ_AT)).toEqual({ digest: 'new', at: READ_AT });
  });

  it('stays the time of the last read for an unchanged board, for a while, so an unchanged rebuild writes the same pages', () => {
    const earlier = { digest: 'same', at: READ_AT - 15 * 60_000 };
    expect(boardReadAt(earlier, 'same', READ_AT)).toEqual(earlier);
    expect(boardReadAt({ digest: 'same', at: READ_AT - READ_TIME_KEPT_MS - 1 }, 'same', READ_AT)).toEqual({ digest: 'same', at: READ_AT });
    // A time ahead of the build's clock is no read that happened.
    expect(boardReadAt({ digest: 'same', at: READ_AT + 60_000 }, 'same', READ_AT)).toEqual({ digest: 'same', at: READ_AT });
  });

  it('is kept in the build’s cache with what the board held', async () => {
    const store = new Map<string, unknown>();
    const cache = { get: async (key: string) => store.get(key), set: async (key: string, value: unknown) => store.set(key, value) };
    expect(await recordBoardRead(cache, loads, READ_AT)).toBe(READ_AT);
    expect(await recordBoardRead(cache, loads, READ_AT + 15 * 60_000)).toBe(READ_AT);
    const changed = [...loads, normalizeLoad({ id: '2', title: 'Un', createdAt: POSTED })];
    expect(await recordBoardRead(cache, changed, READ_AT + 30 * 60_000)).toBe(READ_AT + 30 * 60_000);
  });
});
