/**
 * @jest-environment jsdom
 */
import React from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import type { Actions, PageProps } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { createPlacePages, groupBuildLoads } from '../src/gatsby/place-pages';
import { LANGUAGES } from '../src/config/languages';
import type { RateSample } from '../src/history/types';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import type { LocaleData } from '../src/i18n/runtime';
import { buildRates } from '../src/rates/page-data';
import PlaceLoadsPage from '../src/templates/place-loads';
import { renderInLanguage } from './support/render-page';

const [uz, , ru] = LANGUAGES;
const DAY = 24 * 60 * 60 * 1000;
const END = Date.UTC(2026, 10, 25, 6);

/** Three posters' loads, one every 4 days over 84 days, prices rising with time and noise. */
function history(from: string, to: string, count: number): RateSample[] {
  return Array.from({ length: count }, (_, index) => {
    const posted = END - (index * 4 + 1) * DAY;
    return {
      from,
      to,
      vehicleType: index % 2 ? 'Tent' : 'Fura',
      price: 3_000_000 + ((index * 7919) % 13) * 100_000 - index * 10_000,
      currency: 'UZS',
      posted,
      poster: `poster-${index % 3}`,
    };
  });
}

const open = [
  normalizeLoad({
    id: 'cheap',
    title: 'Sement',
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand' },
    price: 100_000,
    currency: 'UZS',
    createdAt: new Date(END).toISOString(),
  }),
];

function contexts(): Map<string, PlaceLoadsPageContext> {
  const rates = buildRates([...history('toshkent', 'samarqand', 21), ...history('buxoro', 'navoiy', 9)], END);
  const made = new Map<string, PlaceLoadsPageContext>();
  const createPage = ((page: { path: string; context: PlaceLoadsPageContext }) =>
    made.set(page.path, page.context)) as unknown as Actions['createPage'];
  createPlacePages(groupBuildLoads(open), END, createPage, rates);
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

/** A number as the site writes it ("3 050 000", "1,5") back to a number. */
function parse(text: string | null | undefined): number {
  return Number(
    String(text)
      .replace(/[\s\u00a0]/g, '')
      .replace(',', '.'),
  );
}

/** The value at y on an axis given by its labelled ticks (linear, as d3's scale). */
function valueAt(y: number, ticks: Array<{ y: number; value: number }>): number {
  const [a, b] = ticks;
  if (!a || !b) throw new Error('an axis needs two ticks');
  return a.value + ((y - a.y) * (b.value - a.value)) / (b.y - a.y);
}

afterEach(cleanup);

describe('a route page with a going rate', () => {
  it('draws the same weekly figures in its SVG as its table gives', () => {
    const { container } = renderPage('/ru/loads/route/toshkent/samarqand', ru);
    const svg = container.querySelector('svg[data-rate-chart]');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 320 200');
    const table = container.querySelector('figure table');
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toHaveLength(12);
    expect(table?.querySelector('caption')?.textContent).toMatch(/^Последние 12 недель/);
    // Weeks and axis dates in the page's language ("20 окт."), never the board list's English "Oct 20".
    const dates = [
      ...(table?.querySelectorAll('tbody time') ?? []),
      ...container.querySelectorAll('svg text:not([data-value-tick]):not([data-count-tick])'),
    ];
    expect(dates.length).toBeGreaterThan(12);
    for (const date of dates) expect(date.textContent).toMatch(/^\d{1,2}\u00a0[а-я]+\.?$/);

    const valueTicks = [...container.querySelectorAll('text[data-value-tick]')].map((text) => ({
      y: Number(text.getAttribute('y')),
      value: parse(text.textContent),
    }));
    const countTicks = [...container.querySelectorAll('text[data-count-tick]')].map((text) => ({
      y: Number(text.getAttribute('y')),
      value: parse(text.textContent),
    }));
    const dots = [...container.querySelectorAll('circle')].map((dot) => valueAt(Number(dot.getAttribute('cy')), valueTicks));
    const tableMedians = rows
      .map(([median]) => median)
      .filter((median) => median !== '–')
      .map(parse);
    expect(dots).toHaveLength(tableMedians.length);
    // Read back from the drawing, within its rounding (0.1 of a viewBox unit) and the table's (whole units):
    // half a percent of the axis.
    const span = Math.max(...valueTicks.map((tick) => tick.value)) - Math.min(...valueTicks.map((tick) => tick.value));
    dots.forEach((value, index) => expect(Math.abs(value - (tableMedians[index] as number))).toBeLessThan(span / 200));

    const bars = [...container.querySelectorAll('rect')].map((bar) =>
      valueAt(Number(bar.getAttribute('y')), countTicks.length > 1 ? countTicks : [...countTicks, { y: 0, value: 0 }]),
    );
    const tableCounts = rows.map(([, count]) => parse(count)).filter((count) => count > 0);
    expect(bars.map(Math.round)).toEqual(tableCounts);
  });

  it('gives the median, the middle half and what it stands on, and says where a card’s price sits', () => {
    renderPage('/uz/loads/route/toshkent/samarqand', uz);
    const block = screen.getByRole('region', { name: 'Yoʻnalishdagi odatiy narx' });
    expect(within(block).getByText(/^21 ta yuk, \d{1,2}-[a-zʻ]+ – \d{1,2}-[a-zʻ]+/)).toBeTruthy();
    expect(within(block).getAllByText(/^Oʻrtadagi yarmi: /).length).toBeGreaterThan(0);
    expect(within(block).getByText(/toʻlangan narx emas/)).toBeTruthy();
    expect(screen.getByText('Odatiy narxdan past')).toBeTruthy();
    expect(within(block).getByRole('link', { name: 'Barcha yoʻnalishlardagi narxlar' }).getAttribute('href')).toBe('/uz/loads/rates');
  });

  it('has its page when none of its loads is open, and says so', () => {
    renderPage('/ru/loads/route/buxoro/navoiy', ru);
    expect(screen.getByText(/Сейчас на доске нет грузов по этому направлению/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Обычная цена на направлении' })).toBeTruthy();
    expect(document.querySelector('svg[data-rate-chart]')).not.toBeNull();
  });
});
