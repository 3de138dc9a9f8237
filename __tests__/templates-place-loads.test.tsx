/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
import React from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import type { Actions, PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { LANGUAGES } from '../src/config/languages';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import type { LocaleData } from '../src/i18n/runtime';
import PlaceLoadsPage from '../src/templates/place-loads';
import { renderInLanguage } from './support/render-page';

const [uz, uzCyrl, ru] = LANGUAGES;
const created = '2026-11-20T06:00:00Z';
const loads = [
  normalizeLoad({ id: '1', title: 'Sement', fromLocation: { name: 'Toshkent' }, toLocation: { name: 'Samarqand' }, createdAt: created }),
  normalizeLoad({
    id: '2',
    title: '<b>Un</b>',
    fromLocationName: 'Ташкент',
    toLocationName: '<img src=x onerror=alert(1)>',
    createdAt: created,
  }),
  normalizeLoad({ id: '3', title: 'Paxta', fromLocation: { name: 'x'.repeat(2000) }, toLocation: { name: '12345' }, createdAt: created }),
  normalizeLoad({ id: '4', title: 'Olma', fromLocationName: 'Самарканд', toLocationName: 'Buxoro', createdAt: created }),
];

function contexts(): Map<string, PlaceLoadsPageContext> {
  const made = new Map<string, PlaceLoadsPageContext>();
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
    made.set(page.path, page.context)) as unknown as Actions['createPage'];
  createPlacePages(groupBuildLoads(loads), Date.parse('2026-11-20T08:30:00Z'), createPage);
  return made;
}

function renderPage(path: string, language: (typeof LANGUAGES)[number]) {
  const context = contexts().get(path);
  if (!context) throw new Error(`no page ${path}`);
  const props = { pageContext: context, location: { pathname: path, search: '' } } as unknown as PageProps<
    LocaleData,
    PlaceLoadsPageContext
  >;
  return renderInLanguage(<PlaceLoadsPage {...props} />, language, context.pagePath, ['common', 'loads', 'places']);
}

describe('a place page', () => {
  it('lists its loads in the page language, as text, with the build time and the live board link', () => {
    const { container } = renderPage('/ru/loads/from/toshkent', ru);
    expect(screen.getByRole('heading', { level: 1, name: 'Грузы: Ташкент → все направления' })).toBeTruthy();
    const cards = screen.getAllByRole('link').filter((link) => /^\/ru\/load\//.test(link.getAttribute('href') ?? ''));
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(card.textContent?.startsWith('Ташкент')).toBe(true);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByText(/<img src=x/).length).toBeGreaterThan(0);
    expect(screen.getByText('Список обновлён: 20.11.2026, 11:00 (по ташкентскому времени).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Свежие грузы по запросу «Ташкент»' }).getAttribute('href')).toBe(
      `/ru/loads?search=${encodeURIComponent('Ташкент')}`,
    );
  });

  it('starts a link text with a capital even when it starts with "anywhere"; titles keep it lower case', () => {
    renderPage('/ru/loads/from/samarqand', ru);
    expect(screen.getByRole('heading', { level: 1, name: 'Грузы: Самарканд → все направления' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Все направления → Самарканд: \d+ груз/ }).getAttribute('href')).toBe(
      '/ru/loads/to/samarqand',
    );
  });

  it('says there are no return loads yet and links the board when the way back is empty', () => {
    renderPage('/uz/loads/route/toshkent/samarqand', uz);
    const section = screen.getByRole('region', { name: 'Qaytish yuki' });
    expect(within(section).getByText(/Qaytish yoʻnalishida hozircha yuk yoʻq/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Barcha yuklarni koʻring' }).getAttribute('href')).toBe('/uz/loads');
  });

  it('leads on from a route without return loads: the loads leaving its destination and the board searched for it', () => {
    renderPage('/ru/loads/route/toshkent/samarqand', ru);
    const section = screen.getByRole('region', { name: 'Обратный груз' });
    expect(within(section).getByRole('link', { name: 'Самарканд → все направления: 1 груз' }).getAttribute('href')).toBe(
      '/ru/loads/from/samarqand',
    );
    expect(within(section).getByRole('link', { name: 'Все грузы по запросу «Самарканд»' }).getAttribute('href')).toBe(
      `/ru/loads?search=${encodeURIComponent('Самарканд')}`,
    );
  });

  it('leads a city page without loads the other way to the board searched for the city, in each language', () => {
    renderPage('/uz/loads/to/buxoro', uz);
    const section = screen.getByRole('region', { name: 'Qaytish yuki' });
    expect(within(section).getByRole('link', { name: 'Buxoro boʻyicha barcha yuklar' }).getAttribute('href')).toBe(
      '/uz/loads?search=Buxoro',
    );
    // No loads leave Buxoro: no link to a page that does not exist.
    expect(within(section).queryByRole('link', { name: /barcha yoʻnalishlar/ })).toBeNull();
    cleanup();
    renderPage('/uz-cyrl/loads/from/toshkent', uzCyrl);
    expect(screen.getByRole('link', { name: 'Тошкент бўйича барча юклар' }).getAttribute('href')).toBe(
      `/uz-cyrl/loads?search=${encodeURIComponent('Тошкент')}`,
    );
  });

  it('gets no page for a place the gazetteer does not know (long, numeric or markup)', () => {
    const paths = [...contexts().keys()];
    expect(paths.some((path) => /x{20}|12345|img/.test(path))).toBe(false);
    expect(paths).toContain('/uz/loads/to/samarqand');
  });
});
