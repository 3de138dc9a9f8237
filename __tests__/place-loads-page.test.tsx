/**
 * @jest-environment jsdom
 */
import React from 'react';
import { screen, within } from '@testing-library/react';
import type { Actions, PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { BuildStamps } from '../src/gatsby/build-stamps';
import { createPlacePages, groupBuildLoads } from '../src/gatsby/place-pages';
import { LANGUAGES } from '../src/config/languages';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import type { LocaleData } from '../src/i18n/runtime';
import PlaceLoadsPage from '../src/templates/place-loads';
import { renderInLanguage } from './support/render-page';

const [uz, , ru] = LANGUAGES;
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
];

function contexts(): Map<string, PlaceLoadsPageContext> {
  const made = new Map<string, PlaceLoadsPageContext>();
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
    made.set(page.path, page.context)) as unknown as Actions['createPage'];
  createPlacePages(groupBuildLoads(loads), new BuildStamps({}, Date.parse('2026-11-20T08:30:00Z')), createPage);
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
    expect(screen.getByText('Список обновлён: 2026-11-20, 13:30 (время Ташкента).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Самые свежие грузы — в живой ленте: Ташкент' }).getAttribute('href')).toBe(
      `/ru/loads?search=${encodeURIComponent('Ташкент')}`,
    );
  });

  it('says there are no return loads yet and links the board when the way back is empty', () => {
    renderPage('/uz/loads/route/toshkent/samarqand', uz);
    const section = screen.getByRole('region', { name: 'Qaytish yuki' });
    expect(within(section).getByText(/Qaytish yoʻnalishida hozircha yuk yoʻq/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Barcha yuklarni koʻring' }).getAttribute('href')).toBe('/uz/loads');
  });

  it('gets no page for a place the gazetteer does not know (long, numeric or markup)', () => {
    const paths = [...contexts().keys()];
    expect(paths.some((path) => /x{20}|12345|img/.test(path))).toBe(false);
    expect(paths).toContain('/uz/loads/to/samarqand');
  });
});
