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
import type { RateSample } from '../src/history/types';
import type { PlaceLoadsPageContext } from '../src/loads/place-page-context';
import type { LocaleData } from '../src/i18n/runtime';
import { buildRates } from '../src/rates/page-data';
import { rateWindow } from '../src/rates/window';
import PlaceLoadsPage from '../src/templates/place-loads';
import { renderInLanguage } from './support/render-page';

const [uz, , ru] = LANGUAGES;
const DAY = 24 * 60 * 60 * 1000;
const END = Date.UTC(2026, 10, 25, 6);

/**
 * Three posters' loads, one every 4 days over 84 days, prices rising with time and noise; with `busy`,
 * nine more a week in the last four weeks, so those weeks make a median of their own.
 */
function history(from: string, to: string, count: number, busy = false): RateSample[] {
  const load = (posted: number, index: number): RateSample => ({
    from,
    to,
    vehicleType: index % 2 ? 'Tent' : 'Fura',
    weight: 20,
    price: 3_000_000 + ((index * 7919) % 13) * 100_000 - index * 10_000,
    currency: 'UZS',
    posted,
    poster: `poster-${index % 3}`,
  });
  const thin = Array.from({ length: count }, (_, index) => load(END - (index * 4 + 1) * DAY, index));
  const weeks = busy
    ? Array.from({ length: 36 }, (_, index) => load(END - (Math.floor(index / 9) * 7 + (index % 7)) * DAY - DAY / 2, index + 100))
    : [];
  return [...thin, ...weeks];
}

/** The same route's light loads (a Labo's, 1.5 t): a tenth of the heavy ones' prices. */
const lightHistory = (from: string, to: string, count: number) =>
  history(from, to, count).map((load) => ({ ...load, weight: 1.5, price: (load.price as number) / 10 }));

const card = (id: string, price: number, weight: number | null) =>
  normalizeLoad({
    id,
    title: 'Sement',
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand' },
    price,
    currency: 'UZS',
    weight,
    createdAt: new Date(END).toISOString(),
  });

// A heavy load below the heavy loads' range; a light one asking what a heavy one asks, too good for a light
// load; one without a weight, in neither class.
const open = [card('cheap', 100_000, 20), card('too-good', 3_000_000, 1.5), card('unweighed', 100_000, null)];

function contexts(): Map<string, PlaceLoadsPageContext> {
  const rates = buildRates(
    [...history('toshkent', 'samarqand', 21, true), ...lightHistory('toshkent', 'samarqand', 9), ...history('buxoro', 'navoiy', 9)],
    rateWindow(END),
  );
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

/** The numbers of a table cell ("≈ 4 800, 5 100", "3 050 000 – 3 200 000"), in order. */
function numbers(text: string | null | undefined): number[] {
  return [...String(text).matchAll(/\d[\d\s\u00a0]*(?:,\d+)?/g)].map((match) => parse(match[0]));
}

describe('a route page with a going rate', () => {
  it('draws the same figures in its SVG as its table gives: weekly medians, each load of a thin week, loads per week', () => {
    const { container } = renderPage('/ru/loads/route/toshkent/samarqand', ru);
    // The heavy class's chart: the light class draws its own, from its own loads.
    const heavy = container.querySelector('[data-weight-class="heavy"]') as HTMLElement;
    const svg = heavy.querySelector('svg[data-rate-chart]');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 320 220');
    const table = heavy.querySelector('figure table');
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toHaveLength(12);
    expect(table?.querySelector('caption')?.textContent).toMatch(/^Последние 12 недель/);
    // Weeks and axis dates in the page's language ("20 окт."), never the board list's English "Oct 20".
    const dates = [
      ...(table?.querySelectorAll('tbody time') ?? []),
      ...heavy.querySelectorAll('svg[data-rate-chart] text:not([data-value-tick]):not([data-count-tick])'),
    ];
    expect(dates.length).toBeGreaterThan(12);
    for (const date of dates) expect(date.textContent).toMatch(/^\d{1,2}\u00a0[а-я]+\.?$/);

    const valueTicks = [...heavy.querySelectorAll('text[data-value-tick]')].map((text) => ({
      y: Number(text.getAttribute('y')),
      value: parse(text.textContent),
    }));
    const countTicks = [...heavy.querySelectorAll('text[data-count-tick]')].map((text) => ({
      y: Number(text.getAttribute('y')),
      value: parse(text.textContent),
    }));
    // Read back from the drawing, within its rounding (0.1 of a viewBox unit: half a percent of the
    // axis) and the table's (two significant figures of a per-km amount: 5 % of the value).
    const span = Math.max(...valueTicks.map((tick) => tick.value)) - Math.min(...valueTicks.map((tick) => tick.value));
    const near = (drawn: number[], table: number[]) => {
      expect(drawn).toHaveLength(table.length);
      drawn.forEach((value, index) => {
        const written = table[index] as number;
        expect(Math.abs(value - written)).toBeLessThanOrEqual(span * 0.005 + Math.abs(written) * 0.05);
      });
    };

    const weekDots = [...heavy.querySelectorAll('svg[data-rate-chart] .rate-weeks circle')].map((dot) =>
      valueAt(Number(dot.getAttribute('cy')), valueTicks),
    );
    const tableMedians = rows
      .map(([, median]) => median)
      .filter((median) => median !== '–')
      .map((median) => numbers(median)[0] as number);
    expect(tableMedians.length).toBeGreaterThanOrEqual(4);
    near(weekDots, tableMedians);

    // Each load of a week without a median: a ring per day and price, as many loads as it says.
    const rings = [...heavy.querySelectorAll('svg[data-rate-chart] .rate-points circle')].flatMap((ring) =>
      Array.from({ length: Number(ring.getAttribute('data-loads')) }, () => valueAt(Number(ring.getAttribute('cy')), valueTicks)),
    );
    const tableValues = rows.filter(([, median]) => median === '–').flatMap(([, , prices]) => numbers(prices));
    expect(tableValues.length).toBeGreaterThan(5);
    near(
      rings.sort((a, b) => a - b),
      tableValues.sort((a, b) => a - b),
    );

    const bars = [...heavy.querySelectorAll('svg[data-rate-chart] .rate-bars rect')].map((bar) =>
      valueAt(Number(bar.getAttribute('y')), countTicks.length > 1 ? countTicks : [...countTicks, { y: 0, value: 0 }]),
    );
    const tableCounts = rows.map(([count]) => parse(count)).filter((count) => count > 0);
    expect(bars.map(Math.round)).toEqual(tableCounts);
  });

  it('draws a ring per load on a route whose weeks are all thin, around the figure’s band and median', () => {
    const { container } = renderPage('/ru/loads/route/buxoro/navoiy', ru);
    expect(container.querySelectorAll('svg[data-rate-chart] .rate-weeks circle')).toHaveLength(0);
    const loads = [...container.querySelectorAll('svg[data-rate-chart] .rate-points circle')].reduce(
      (sum, ring) => sum + Number(ring.getAttribute('data-loads')),
      0,
    );
    expect(loads).toBe(9);
    const band = container.querySelector('rect.rate-band');
    expect(Number(band?.getAttribute('height'))).toBeGreaterThan(0);
    expect(container.querySelector('line.rate-median')).not.toBeNull();
    // The axis spans the prices, not 0 to 1.
    const ticks = [...container.querySelectorAll('text[data-value-tick]')].map((text) => Number(text.getAttribute('data-value-tick')));
    expect(Math.max(...ticks)).toBeGreaterThan(1_000);
  });

  it('gives the median, the middle half and what it stands on, and says where a card’s price sits', () => {
    renderPage('/uz/loads/route/toshkent/samarqand', uz);
    const block = screen.getByRole('region', { name: 'Yoʻnalishdagi odatiy narx' });
    // The window's days, not the posting dates of loads that were open for longer.
    expect(within(block).getByText(/28-avgust – 25-noyabr oraligʻida doskada boʻlgan yuklar/)).toBeTruthy();
    expect(
      within(block).getByText(/^57 ta yuk; yuk beruvchilar: 3\. Odatdagi narxi odatiy narxdan 5 baravardan koʻproq .*: 0\.$/),
    ).toBeTruthy();
    expect(within(block).getByText(/^9 ta yuk; yuk beruvchilar: 3\./)).toBeTruthy();
    expect(within(block).getAllByText(/^Odatda .* oraligʻida$/).length).toBeGreaterThan(0);
    expect(within(block).getByText(/toʻlangan narx emas/)).toBeTruthy();
    expect(screen.getByText('Odatiy narxdan past')).toBeTruthy();
    expect(within(block).getByRole('link', { name: 'Barcha yoʻnalishlardagi narxlar' }).getAttribute('href')).toBe('/uz/loads/rates');
  });

  it('compares each card with its own class, warns of a price too good for it, and says nothing without a weight', () => {
    const { container } = renderPage('/ru/loads/route/toshkent/samarqand', ru);
    const labelOf = (title: string) => {
      const cards = [...container.querySelectorAll('li')].filter((item) => item.querySelector('a[href$="/load/' + title + '"]'));
      return cards[0]?.querySelector('[data-price-position]');
    };
    expect(labelOf('cheap')?.textContent).toBe('Ниже обычной цены');
    const warning = labelOf('too-good');
    expect(warning?.getAttribute('data-price-position')).toBe('wellAbove');
    expect(warning?.textContent).toMatch(/^Намного выше обычной цены на направлении/);
    expect(
      within(warning as HTMLElement)
        .getByRole('link', { name: 'Как распознать мошенников' })
        .getAttribute('href'),
    ).toBe('/ru/help#two-sided-scam');
    expect(labelOf('unweighed')).toBeNull();
  });

  it('has its page when none of its loads is open, and says so', () => {
    renderPage('/ru/loads/route/buxoro/navoiy', ru);
    expect(screen.getByText(/Сейчас на доске нет грузов по этому направлению/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Обычная цена на направлении' })).toBeTruthy();
    expect(document.querySelector('svg[data-rate-chart]')).not.toBeNull();
  });
});
