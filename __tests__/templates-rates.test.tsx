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
  const load = (id: number, price: number, poster: number) =>
    normalizeLoad({
      id: `L${id}`,
      title: 'Sement',
      fromLocation: { name: 'Toshkent' },
      toLocation: { name: 'Buxoro' },
      price,
      currency: 'UZS',
      weight: 20,
      createdAt: new Date(NOW - 3 * DAY_MS).toISOString(),
      contactSource: 'contact',
      contact: { phoneNumber: `+998 90 ${100 + poster} 22 33` },
    });
  // Seven posters around a median of 6 121 UZS per km, and one price typed as 1.
  const loads = [-3, -2, -1, 0, 1, 2, 3].map((step, poster) => load(poster, 6_121 * km + step * 50_000, poster));
  history.recordRead([...loads, load(8, 1, 8)], NOW - 60 * 60 * 1000);
  const { rates } = ratesOfBuild(history, NOW);
  history.close();
  const variant = pageVariants(ROUTES.rates).find((candidate) => !candidate.bare && candidate.language.code === ru?.code);
  const pageContext = { ...variant?.context, ...ratesPageContext(rates, NOW, 'ru') } as RatesPageContext;
  const props = { pageContext, location: { pathname: variant?.path, search: '' } } as unknown as PageProps<LocaleData, RatesPageContext>;
  return renderInLanguage(<RatesPage {...props} />, ru as (typeof LANGUAGES)[number], ROUTES.rates, ['common', 'loads', 'places']);
}

describe('the rates page', () => {
  it('gives each route’s loads, posters and prices left out, and its price per km as an estimate', async () => {
    await renderRatesPage();
    const table = screen.getByRole('table', { name: 'Цены на грузоперевозки по направлениям' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Per km: "≈" to the eye, "примерно" to a screen reader, two significant figures (6 121 is 6 100).
    expect(cells[1]).toMatch(/^≈примерно\u00a06\u00a0100\u00a0UZS\/км/);
    expect(cells.slice(2)).toEqual(['7', '7', '1']);
    expect(screen.getByRole('columnheader', { name: 'Грузовладельцев' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Не учтено' })).toBeTruthy();
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
      expect.stringMatching(/один голос/),
      expect.stringMatching(/более чем в 5 раз выше или ниже медианы/),
      expect.stringMatching(/UZS, soʻm, sum, сум и сўм — одна валюта/),
      expect.stringMatching(/со знаком ≈ и округлена до двух значащих цифр/),
    ]);
  });
});
