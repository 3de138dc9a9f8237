/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * A card's road distance and price per km (docs/rates.md), in the three
 * languages, as the build renders it; and on the live board, a route first seen in a refresh measured
 * in the browser from the place file, which the first render does not wait for.
 */
import React from 'react';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from 'gatsby';
import { LANGUAGES, type Language } from '../src/config/languages';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { LoadCardList, cardTexts } from '../src/components/load-board/load-card';
import LoadsPage, { type LoadsPageContext } from '../src/templates/loads';
import { fetchLoads } from '../src/api-client/client';
import { pageVariants } from '../src/i18n/plugin';
import { placeFilesFromLoads } from '../src/places/place-file-from-loads';
import { routeDistance } from '../src/places/distance';
import { routeDistancesFor } from '../src/loads/build-route-distances';
import { placeLabel, placeNamesFor } from '../src/places/names';
import { renderInLanguage } from './support/render-page';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const byPrefix = (prefix: string) => LANGUAGES.find((language) => language.prefix === prefix) as Language;
const NOW = Date.parse('2026-11-20T06:00:00Z');

function load(id: string, from: string, to: string, price: number | null, currency = 'UZS'): Load {
  return normalizeLoad({ id, title: 'Sement', fromLocation: { name: from }, toLocation: { name: to }, price, currency });
}

const LOADS = [
  load('1', 'Toshkent', 'Samarqand', 1_500_000),
  load('2', 'Toshkent', 'Chirchiq', 400_000),
  load('3', 'Toshkent', 'Atlantis', 900_000),
  load('4', 'Buxoro', 'Moskva', 2500, 'usd'),
  load('5', 'Samarqand', 'Buxoro', null),
];

function Cards({ language }: { language: Language }) {
  const { t } = useTranslation('loads');
  return (
    <LoadCardList
      loads={LOADS}
      now={NOW}
      language={language}
      t={t}
      texts={cardTexts(t)}
      placeName={(text) => placeLabel(text, language.code)}
      routeKm={(from, to) => routeDistance(from, to)?.km ?? null}
    />
  );
}

/** What a sighted visitor reads and what a screen reader says, the no-break spaces as spaces. */
function cardText(card: HTMLElement): { seen: string; heard: string } {
  const clone = card.cloneNode(true) as HTMLElement;
  const hidden = Array.from(clone.querySelectorAll('.visually-hidden'));
  hidden.forEach((element) => element.remove());
  const seen = clone.textContent ?? '';
  const heard = card.cloneNode(true) as HTMLElement;
  heard.querySelectorAll('[aria-hidden="true"]').forEach((element) => element.remove());
  const squash = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');
  return { seen: squash(seen), heard: squash(heard.textContent ?? '') };
}

afterEach(cleanup);

describe('a card', () => {
  const expected = {
    uz: {
      about: 'taxminan',
      km: ['≈ 300 km', '≈ 40 km', null, '≈ 3 440 km', '≈ 280 km'],
      perKm: ['≈ 5 000 UZS/km', null, null, '≈ 0,73 USD/km', null],
    },
    'uz-cyrl': {
      about: 'тахминан',
      km: ['≈ 300 км', '≈ 40 км', null, '≈ 3 440 км', '≈ 280 км'],
      perKm: ['≈ 5 000 UZS/км', null, null, '≈ 0,73 USD/км', null],
    },
    ru: {
      about: 'примерно',
      km: ['≈ 300 км', '≈ 40 км', null, '≈ 3 440 км', '≈ 280 км'],
      perKm: ['≈ 5 000 UZS/км', null, null, '≈ 0,73 USD/км', null],
    },
  } as const;

  it.each(LANGUAGES.map((language) => [language.prefix, language] as const))(
    'in %s shows the road distance, the price per km from 50 km, and nothing for an unknown place',
    (prefix, language) => {
      const want = expected[prefix];
      renderInLanguage(<Cards language={language} />, language, '/loads', ['common', 'loads']);
      const items = Array.from(document.querySelectorAll<HTMLElement>('ul > li')).filter((item) => item.querySelector('a[href*="/load/"]'));
      expect(items).toHaveLength(LOADS.length);
      items.forEach((item, index) => {
        const { seen, heard } = cardText(item);
        const km = want.km[index];
        const perKm = want.perKm[index];
        if (km) {
          expect(seen).toContain(km);
          expect(heard).toContain(`${want.about} ${km.slice(2)}`);
          expect(heard).not.toContain('≈');
        } else {
          expect(seen).not.toMatch(/≈|km|км/);
        }
        if (perKm) {
          expect(seen).toContain(perKm);
          expect(heard).toContain(`${want.about} ${perKm.slice(2)}`);
        } else expect(seen).not.toMatch(/\/(km|км)/);
      });
    },
  );
});

describe('the live board', () => {
  let server: http.Server | undefined;
  let indexUrl = '';
  const requests: string[] = [];
  beforeAll(async () => {
    const first = await fetchLoads({ page: 1, limit: 100 });
    const indexes = placeFilesFromLoads(first.loads.flatMap((item) => [item.from, item.to]));
    server = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      const code = decodeURIComponent((request.url ?? '').slice(1)) as keyof typeof indexes;
      response.writeHead(indexes[code] ? 200 : 404, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify(indexes[code] ?? null));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    indexUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('shows the build’s distances at once, and measures routes first seen in a refresh from the place file', async () => {
    const language = byPrefix('ru');
    // The build's first page: one route the refreshed page 1 of the sample API does not begin with.
    const initial = [load('built-1', 'Toshkent', 'Samarqand', 1_500_000)];
    const variant = pageVariants('/loads').find((candidate) => !candidate.bare && candidate.language === language);
    const context = {
      ...(variant?.context as LoadsPageContext),
      initial: { loads: initial, total: 1, page: 1, limit: 20 },
      builtAt: NOW,
      placeNames: placeNamesFor(initial, language.code),
      routeDistances: routeDistancesFor(initial),
      placeFilePaths: Object.fromEntries(LANGUAGES.map(({ code }) => [code, `${indexUrl}/${encodeURIComponent(code)}`])),
    };
    const props = { pageContext: context, location: { pathname: '/ru/loads', search: '' } } as unknown as PageProps<
      never,
      LoadsPageContext
    >;
    requests.length = 0;
    renderInLanguage(<LoadsPage {...props} />, language, '/loads', ['common', 'loads']);
    // The first render: the build's figure, with no place file asked for.
    expect(
      screen.getByText((_, element) => element?.tagName === 'LI' && /^≈примерно\s300\sкм$/.test(element.textContent ?? '')),
    ).toBeTruthy();
    expect(requests).toEqual([]);

    const refreshed = (await fetchLoads({ page: 1, limit: 20 })).loads;
    const measured = refreshed.filter((item) => routeDistance(item.from, item.to));
    expect(measured.length).toBeGreaterThan(5);
    await waitFor(
      () => {
        const cards = Array.from(document.querySelectorAll<HTMLElement>('a[href^="/ru/load/"]')).map(
          (link) => link.closest('li') as HTMLElement,
        );
        expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(refreshed.map((item) => `/ru/load/${item.id}`));
        refreshed.forEach((item, index) => {
          const km = routeDistance(item.from, item.to)?.km;
          const text = cardText(cards[index] as HTMLElement).seen;
          if (km) expect(text).toContain(`≈ ${km.toLocaleString('ru').replace(/\s/g, ' ')} км`);
          else expect(text).not.toContain('≈');
        });
      },
      { timeout: 10000 },
    );
    expect(requests).toEqual(['/ru']);
  });
});
