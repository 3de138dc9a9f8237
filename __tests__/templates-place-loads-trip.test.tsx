/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * A route page's trip as the page shows it (CONTRACT.md, "Trips"): the loads on the way below the route's
 * own, each card with its detour in the page's number format, the exact count, and the way back linked to
 * the reversed route with `near=50`, in the three languages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import React from 'react';
import { cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ApiLoad, Load } from '../src/api-client/types';
import { usePlacePage } from '../src/board/place-page';
import type { Actions, PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { LANGUAGES } from '../src/config/languages';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import type { LocaleData } from '../src/i18n/runtime';
import PlaceLoadsPage from '../src/templates/place-loads';
import { useTranslation } from 'react-i18next';
import { onTheWayCountText } from '../src/components/load-board/on-the-way';
import { renderInLanguage } from './support/render-page';
import { publishFilters } from './support/published-filters';

const [uz, uzCyrl, ru] = LANGUAGES;
const created = '2026-11-20T06:00:00Z';
const raw = ([id, from, to, weight]: Array<string | number>, createdAt = created): ApiLoad => ({
  id: String(id),
  title: 'Yuk',
  fromLocationName: String(from),
  toLocationName: String(to),
  createdAt,
  weight: Number(weight ?? 20),
});
const built = [
  ['1', 'Toshkent', 'Samarqand'],
  ['2', 'Ташкент', 'Жиззах'],
  ['3', 'Guliston', 'Jizzax'],
  ['4', 'Самарканд', 'Ташкент'],
  ['5', 'Urgut', 'Chirchiq'],
  ['6', 'Jizzax', 'Samarqand', 5],
].map((fields) => raw(fields));
const board = built.map((load) => normalizeLoad(load));

/** The marketplace API as the page reads it, listing `loads` newest first: the build's, and any posted since. */
async function serveApi(loads: readonly ApiLoad[]): Promise<() => Promise<void>> {
  const listed = [...loads].sort((a, b) => Date.parse(b.createdAt as string) - Date.parse(a.createdAt as string));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://api.invalid');
    const [page, limit] = [Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('limit') ?? 20)];
    const data = listed.slice((page - 1) * limit, page * limit);
    response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    response.end(JSON.stringify({ data, pagination: { total: listed.length, page, limit } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const before = process.env.GATSBY_API_URL;
  process.env.GATSBY_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return () => {
    process.env.GATSBY_API_URL = before;
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

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
  // The page follows the address (its list changes it itself): in a browser it is the router's location.
  window.history.replaceState(null, '', `${path}${search}`);
  return renderInLanguage(<PlaceLoadsPage {...props} />, language, context.pagePath, ['common', 'loads', 'places']);
}

afterEach(cleanup);

/** The trip's chunk, the place file and the API answer on a busy machine too. */
const PATIENT = { timeout: 8000 };

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
    const closeApi = await serveApi(built);
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
      await waitFor(() => expect(within(section).getByText('1 попутный груз; сначала те, где крюк меньше.')).toBeTruthy(), PATIENT);
      const shown = within(section)
        .getAllByRole('link')
        .filter((link) => /^\/ru\/load\//.test(link.getAttribute('href') ?? '') && !link.closest('li[hidden]'));
      expect(shown.map((card) => card.getAttribute('href'))).toEqual(['/ru/load/2']);
    } finally {
      await published.close();
      await closeApi();
    }
  });

  it('adds a load posted since the build that is on the way, with its detour, in the rule’s order, filtered too', async () => {
    const published = await publishFilters(board, ['Tent']);
    // Posted after the build's newest, from Toshkent to Jizzax as load 2 goes: the same detour, newer, so first.
    const closeApi = await serveApi([
      ...built,
      raw(['7', 'Тошкент', 'Jizzax', 12], '2026-11-20T07:00:00Z'),
      raw(['8', 'Nukus', 'Xiva'], '2026-11-20T07:10:00Z'),
    ]);
    const live = (context: PlaceLoadsPageContext) => ({
      ...context,
      filters: {
        ...published.listFiles(`${published.origin}${published.files.routes.get('toshkent/samarqand') ?? ''}`),
        boardPath: `${published.origin}${published.files.board}`,
      },
      placeFilePath: published.placeFileUrls.ru,
    });
    const shownCards = (section: HTMLElement) =>
      within(section)
        .getAllByRole('link')
        .filter((link) => /^\/ru\/load\//.test(link.getAttribute('href') ?? '') && !link.closest('[hidden]'))
        .map((link) => [link.getAttribute('href'), link.closest('li')?.querySelector('[data-detour]')?.textContent]);
    try {
      let section = renderPage('/ru/loads/route/toshkent/samarqand', ru, '', live).container.querySelector(
        '[data-on-the-way]',
      ) as HTMLElement;
      await waitFor(() => expect(within(section).getByText('3 попутных груза; сначала те, где крюк меньше.')).toBeTruthy(), PATIENT);
      await waitFor(() =>
        expect(shownCards(section)).toEqual([
          ['/ru/load/7', 'Крюк +50 км'],
          ['/ru/load/2', 'Крюк +50 км'],
          ['/ru/load/6', 'Крюк +50 км'],
        ]),
      );
      // Named in the page's language, as the build names its own cards.
      // Typed "Тошкент" and "Jizzax", named in the page's language as the build names its own cards.
      expect(section.querySelector('a[href="/ru/load/7"]')?.textContent).toMatch(/^Ташкент→—Джизак/);
      cleanup();
      section = renderPage('/ru/loads/route/toshkent/samarqand', ru, '?weightMin=10', live).container.querySelector(
        '[data-on-the-way]',
      ) as HTMLElement;
      await waitFor(() => expect(within(section).getByText('2 попутных груза; сначала те, где крюк меньше.')).toBeTruthy(), PATIENT);
      await waitFor(() => expect(shownCards(section).map(([href]) => href)).toEqual(['/ru/load/7', '/ru/load/2']));
    } finally {
      await published.close();
      await closeApi();
    }
  });

  it('says "at least" when the loads posted since could not all be read, in the three languages', () => {
    function AtLeast() {
      const { t } = useTranslation('loads');
      return <p>{onTheWayCountText(t, 5, 3, true)}</p>;
    }
    const said = [
      [ru, 'Не менее 5 попутных грузов; здесь 3 с наименьшим крюком.'],
      [uz, 'Kamida 5 ta yoʻl-yoʻlakay yuk; bu yerda qoʻshimcha yoʻli eng kam 3 tasi.'],
      [uzCyrl, 'Камида 5 та йўл-йўлакай юк; бу ерда қўшимча йўли энг кам 3 таси.'],
    ] as const;
    for (const [language, text] of said) {
      renderInLanguage(<AtLeast />, language, '/loads/route/toshkent/samarqand', ['common', 'loads', 'places']);
      expect(screen.getByText(text)).toBeTruthy();
      cleanup();
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
