/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * A route page's trip as the page shows it (CONTRACT.md, "Trips"): the loads on the way below the route's
 * own, each card with its detour in the page's number format, the exact count, and the way back linked to
 * the reversed route with `near=50`, in the three languages.
 */
import React from 'react';
import { cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { Load } from '../src/api-client/types';
import { usePlacePage } from '../src/board/place-page';
import type { Actions, PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { LANGUAGES } from '../src/config/languages';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import type { LocaleData } from '../src/i18n/runtime';
import PlaceLoadsPage from '../src/templates/place-loads';
import { renderInLanguage } from './support/render-page';
import { publishFilters } from './support/published-filters';

const [uz, uzCyrl, ru] = LANGUAGES;
const created = '2026-11-20T06:00:00Z';
const board = [
  ['1', 'Toshkent', 'Samarqand'],
  ['2', 'Ташкент', 'Жиззах'],
  ['3', 'Guliston', 'Jizzax'],
  ['4', 'Самарканд', 'Ташкент'],
  ['5', 'Urgut', 'Chirchiq'],
  ['6', 'Jizzax', 'Samarqand', 5],
].map(([id, from, to, weight]) =>
  normalizeLoad({ id, title: 'Yuk', fromLocationName: from, toLocationName: to, createdAt: created, weight: weight ?? 20 }),
);

function renderPage(
  path: string,
  language: (typeof LANGUAGES)[number],
  search = '',
  live: (context: PlaceLoadsPageContext) => PlaceLoadsPageContext = (context) => context,
) {
  const made = new Map<string, PlaceLoadsPageContext>();
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
    made.set(page.path, page.context)) as unknown as Actions['createPage'];
  createPlacePages(groupBuildLoads(board), Date.parse('2026-11-20T08:30:00Z'), createPage);
  const built = made.get(path);
  if (!built) throw new Error(`no page ${path}`);
  const context = live(built);
  const props = { pageContext: context, location: { pathname: path, search } } as unknown as PageProps<LocaleData, PlaceLoadsPageContext>;
  return renderInLanguage(<PlaceLoadsPage {...props} />, language, context.pagePath, ['common', 'loads', 'places']);
}

afterEach(cleanup);

describe('a route page’s trip', () => {
  it('shows the loads on the way below the route’s own, each with its detour, and the way back', () => {
    renderPage('/ru/loads/route/toshkent/samarqand', ru);
    const section = screen.getByRole('region', { name: 'Попутные грузы' });
    expect(within(section).getByText('2 попутных груза; сначала те, где крюк меньше.')).toBeTruthy();
    const cards = within(section)
      .getAllByRole('link')
      .filter((link) => /^\/ru\/load\//.test(link.getAttribute('href') ?? ''));
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/ru/load/2', '/ru/load/6']);
    expect(section.querySelector('[data-detour]')?.textContent).toBe('Крюк +50 км');
    // Below the route's own list: the page's list comes first in the document.
    const own = screen.getAllByRole('link').find((link) => link.getAttribute('href') === '/ru/load/1') as HTMLElement;
    expect(own.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const back = within(screen.getByRole('region', { name: 'Обратный груз' })).getByRole('link', {
      name: 'Обратно, Самарканд → Ташкент (в радиусе 50 км от обоих пунктов): 2 груза',
    });
    expect(back.getAttribute('href')).toBe('/ru/loads/route/samarqand/toshkent?near=50');
  });

  it('draws the trip as an image named by both places, with the same facts in words', () => {
    renderPage('/ru/loads/route/toshkent/samarqand', ru);
    const map = screen.getByRole('img', { name: 'Карта поездки Ташкент → Самарканд' });
    expect(map.tagName.toLowerCase()).toBe('svg');
    expect(map.querySelectorAll('circle[data-stop]')).toHaveLength(1);
    expect(
      screen.getByText(
        'На карте: Ташкент и Самарканд, по дорогам около 300 км; точки — пункты попутных грузов: Джизак. Линия лишь соединяет два пункта, это не карта дорог.',
      ),
    ).toBeTruthy();
    cleanup();
    renderPage('/uz/loads/route/toshkent/samarqand', uz);
    expect(screen.getByRole('img', { name: 'Toshkent → Samarqand yoʻli xaritasi' })).toBeTruthy();
  });

  it('narrows the loads on the way by the filters of the URL, over the build’s board, with the exact count', async () => {
    const published = await publishFilters(board, ['Tent']);
    try {
      const { container } = renderPage('/ru/loads/route/toshkent/samarqand', ru, '?weightMin=10', (context) => ({
        ...context,
        filters: {
          ...published.listFiles(`${published.origin}${published.files.routes.get('toshkent/samarqand') ?? ''}`),
          boardPath: `${published.origin}${published.files.board}`,
        },
        placeFilePath: published.placeFileUrls.ru,
      }));
      const section = container.querySelector('[data-on-the-way]') as HTMLElement;
      await waitFor(() => expect(within(section).getByText('1 попутный груз; сначала те, где крюк меньше.')).toBeTruthy());
      const shown = within(section)
        .getAllByRole('link')
        .filter((link) => /^\/ru\/load\//.test(link.getAttribute('href') ?? '') && !link.closest('li[hidden]'));
      expect(shown.map((card) => card.getAttribute('href'))).toEqual(['/ru/load/2']);
    } finally {
      await published.close();
    }
  });

  it('says it in Uzbek Latin and Cyrillic, and says when nothing is on the way', () => {
    renderPage('/uz/loads/route/toshkent/samarqand', uz);
    expect(within(screen.getByRole('region', { name: 'Yoʻl-yoʻlakay yuklar' })).getByText(/^2 ta yoʻl-yoʻlakay yuk/)).toBeTruthy();
    cleanup();
    renderPage('/uz-cyrl/loads/route/samarqand/toshkent', uzCyrl);
    const section = screen.getByRole('region', { name: 'Йўл-йўлакай юклар' });
    expect(within(section).getByText('Ҳозирча йўл-йўлакай юк йўқ.')).toBeTruthy();
    expect(
      screen.getByText('Қайтишда Тошкент → Самарқанд (иккала жойдан 50 км радиусда): 1 та юк').closest('a')?.getAttribute('href'),
    ).toBe('/uz-cyrl/loads/route/toshkent/samarqand?near=50');
  });

  it('links each card’s own way back, where the build made the reversed route', () => {
    renderPage('/ru/loads/from/toshkent', ru);
    const links = screen.getAllByRole('link', { name: /^Обратные грузы/ });
    // Toshkent → Samarqand has its way back (Samarqand → Toshkent); Toshkent → Jizzax has none yet.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Обратные грузы Самарканд — Ташкент', '/ru/loads/route/samarqand/toshkent?near=50'],
    ]);
    cleanup();
    renderPage('/uz/loads/route/samarqand/toshkent', uz);
    const section = screen.getByRole('region', { name: 'Qaytish yuki' });
    expect(section).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Qaytish yuklari/ }).map((link) => link.getAttribute('href'))).toEqual([
      '/uz/loads/route/toshkent/samarqand?near=50',
    ]);
  });

  it('keeps the list’s vehicle filter in a card’s way back', () => {
    const made = new Map<string, PlaceLoadsPageContext>();
    const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
      made.set(page.path, page.context)) as unknown as Actions['createPage'];
    createPlacePages(groupBuildLoads(board), Date.parse('2026-11-20T08:30:00Z'), createPage);
    const context = made.get('/ru/loads/from/toshkent') as PlaceLoadsPageContext;
    const { result } = renderHook(() => usePlacePage(context, '?vehicle=Tent&vehicle=Isuzu', ru, false, 'x'));
    expect(result.current.extras.wayBack?.(board[0] as Load)).toBe('/ru/loads/route/samarqand/toshkent?vehicle=Tent&vehicle=Isuzu&near=50');
    expect(result.current.extras.wayBack?.(board[1] as Load)).toBeNull();
  });

  it('is not on a city page', () => {
    renderPage('/ru/loads/from/toshkent', ru);
    expect(screen.queryByRole('region', { name: 'Попутные грузы' })).toBeNull();
  });
});
