/**
 * @jest-environment jsdom
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { LANGUAGES } from '../src/config/languages';
import { ROUTES } from '../src/config/routes';
import { DAY_MS } from '../src/config/time';
import { ratesOfBuild } from '../src/gatsby/rates';
import { openHistory } from '../src/history/store';
import type { LocaleData } from '../src/i18n/runtime';
import { pageVariants } from '../src/i18n/plugin';
import { roadDistanceKm } from '../src/places/distance';
import { ratesPageContext, type RatesPageContext } from '../src/rates/page-data';
import RatesPage from '../src/templates/rates';
import { renderInLanguage } from './support/render-page';

/**
 * The rates page (docs/rates.md, "Where it shows") as the build makes it from a hand-made history in a
 * real SQLite file: what each figure stands on, the window's days, the rules, and a price per km written
 * as the estimate it is.
 */

const [, , ru] = LANGUAGES;
// 26 November 2026, 01:00 in Tashkent.
const NOW = Date.UTC(2026, 10, 25, 20);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rates-page-'));
});
afterEach(() => {
  cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function renderRatesPage() {
  const history = await openHistory(path.join(dir, 'history.sqlite'), { key: 'test-key' });
  const km = roadDistanceKm('toshkent', 'buxoro')?.km as number;
  const load = (id: number, price: number, poster: number, to = 'Buxoro', weight = 20, from = 'Toshkent') =>
    normalizeLoad({
      id: `L${id}`,
      title: 'Sement',
      fromLocation: { name: from },
      toLocation: { name: to },
      price,
      currency: 'UZS',
      weight,
      createdAt: new Date(NOW - 3 * DAY_MS).toISOString(),
      contactSource: 'contact',
      contact: { phoneNumber: `+998 90 ${100 + poster} 22 33` },
    });
  // Seven posters around a median of 6 121 UZS per km, and one price typed as 1.
  const loads = [-3, -2, -1, 0, 1, 2, 3].map((step, poster) => load(poster, 6_121 * km + step * 50_000, poster));
  // Toshkent → Samarqand: nine heavy loads and eight light ones; Samarqand → Navoiy: seven light ones.
  const samarqand = [
    ...Array.from({ length: 9 }, (_, poster) => load(20 + poster, 18_000_000, poster, 'Samarqand')),
    ...Array.from({ length: 8 }, (_, poster) => load(40 + poster, 4_000_000, poster, 'Samarqand', 1.5)),
    ...Array.from({ length: 7 }, (_, poster) => load(60 + poster, 3_000_000, poster, 'Navoiy', 0.5, 'Samarqand')),
  ];
  history.recordRead([...loads, load(8, 1, 8), ...samarqand], NOW - 60 * 60 * 1000);
  const { rates } = ratesOfBuild(history, NOW);
  history.close();
  const variant = pageVariants(ROUTES.rates).find((candidate) => !candidate.bare && candidate.language.code === ru?.code);
  const pageContext = { ...variant?.context, ...ratesPageContext(rates, NOW, 'ru') } as RatesPageContext;
  const props = { pageContext, location: { pathname: variant?.path, search: '' } } as unknown as PageProps<LocaleData, RatesPageContext>;
  return renderInLanguage(<RatesPage {...props} />, ru as (typeof LANGUAGES)[number], ROUTES.rates, ['common', 'loads', 'places']);
}

const cardsIn = (element: HTMLElement) =>
  [...element.querySelectorAll<HTMLElement>('li[data-route]')].map((card) => `${card.dataset.route} ${card.dataset.weightClass}`);

describe('the rates page', () => {
  it('gives each route’s typical price, its usual range, what it stands on, and its price per km as an estimate', async () => {
    const { container } = await renderRatesPage();
    const card = container.querySelector<HTMLElement>('li[data-route="/loads/route/toshkent/buxoro"]') as HTMLElement;
    const text = card.textContent ?? '';
    expect(text).toMatch(/^Ташкент → Бухара/);
    expect(text).toContain('Тяжёлые грузы (тяжелее 3,5\u00a0т)');
    // Per km: "≈" to the eye, "примерно" to a screen reader, two significant figures (6 121 is 6 100).
    expect(text).toMatch(/за рейс · ≈примерно\u00a06\u00a0100\u00a0UZS\/км/);
    expect(text).toMatch(/Обычно от [\d\u00a0]+\u00a0UZS до [\d\u00a0]+\u00a0UZS/);
    expect(text).toContain('7 грузов; грузовладельцев: 7. Не учтено цен: 1.');
  });

  it('lists a route once per class with a figure, the busiest first, and every route under the place it starts from', async () => {
    const { container } = await renderRatesPage();
    const busiest = screen.getByRole('region', { name: 'Самые загруженные направления' });
    expect(cardsIn(busiest)).toEqual([
      '/loads/route/toshkent/samarqand heavy',
      '/loads/route/toshkent/samarqand light',
      '/loads/route/toshkent/buxoro heavy',
      '/loads/route/samarqand/navoiy light',
    ]);
    const origins = [...container.querySelectorAll<HTMLDetailsElement>('details[data-origin]')];
    // In the page language's alphabetical order: a driver finds his city's name at once.
    expect(origins.map((origin) => origin.querySelector('summary')?.textContent)).toEqual([
      'Самарканд 1 направление',
      'Ташкент 3 направления',
    ]);
    expect(cardsIn(origins[1] as HTMLElement)).toEqual(cardsIn(busiest).filter((card) => card.includes('/toshkent/')));
    expect(container.querySelector('table')).toBeNull();
  });

  it('names the window’s days and states the rules a driver can check', async () => {
    await renderRatesPage();
    expect(screen.getByText(/^По грузам, которые были на доске с 29 авг\. по 26 нояб\.:/)).toBeTruthy();
    const rules = screen.getByRole('region', { name: 'Как считаются цены' });
    const items = within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/не меньше 7 грузов от не меньше 3 разных грузовладельцев/),
      expect.stringMatching(/^Лёгкие грузы \(до 3,5\u00a0т\) и тяжёлые считаются отдельно/),
      expect.stringMatching(/один голос/),
      expect.stringMatching(/более чем в 5 раз выше или ниже типичной/),
      expect.stringMatching(/UZS, soʻm, sum, сум и сўм — одна валюта/),
      expect.stringMatching(/со знаком ≈ и округлена до двух значащих цифр/),
    ]);
  });
});
