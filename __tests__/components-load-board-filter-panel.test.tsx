/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * The filter panel, rendered as the board's page against the sample API over HTTP and the files the
 * build publishes: its close button says how many loads closing shows, in each language with its
 * plural rules, and an option that would show no load cannot be chosen, unless it is chosen already.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import React from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import LoadsPage, { type LoadsPageContext } from '../src/templates/loads';
import { fetchLoads, fetchVehicleTypes } from '../src/api-client/client';
import type { Load } from '../src/api-client/types';
import { LANGUAGES, type Language } from '../src/config/languages';
import { pageVariants } from '../src/i18n/plugin';
import { renderInLanguage } from './support/render-page';
import { navigateCalls } from './support/gatsby-mock';
import { publishFilters, type PublishedFilters } from './support/published-filters';

const byPrefix = (prefix: string) => LANGUAGES.find((language) => language.prefix === prefix) as Language;

let published: PublishedFilters;
let built: Load[];
let types: string[];
beforeAll(async () => {
  built = [];
  for (let page = 1; ; page += 1) {
    const list = await fetchLoads({ page, limit: 50 });
    built.push(...list.loads);
    if (list.loads.length === 0 || built.length >= list.total) break;
  }
  types = (await fetchVehicleTypes()).map((type) => type.name);
  published = await publishFilters(built, types);
  window.requestAnimationFrame ??= (callback: FrameRequestCallback) => window.setTimeout(() => callback(Date.now()), 0);
});
afterAll(() => published.close());
afterEach(() => {
  cleanup();
  navigateCalls.length = 0;
});

function renderBoard(language: Language, search: string, filesOrigin = published.origin) {
  const variant = pageVariants('/loads').find((candidate) => !candidate.bare && candidate.language === language);
  const props = {
    pageContext: {
      ...(variant?.context as LoadsPageContext),
      initial: null,
      builtAt: Date.parse('2026-11-20T06:00:00Z'),
      placeFilePaths: published.placeFileUrls,
      filters: published.listFiles(`${filesOrigin}${published.files.board}`),
    },
    location: { pathname: `/${language.prefix}/loads`, search },
  } as unknown as PageProps<never, LoadsPageContext>;
  renderInLanguage(<LoadsPage {...props} />, language, '/loads', ['common', 'loads']);
}

/** Opens the panel and waits for its counts. */
async function openPanel(name: RegExp): Promise<HTMLElement> {
  // The Filters button, not a chip's "remove the filter" (which starts with the same word in Uzbek).
  const toggle = (await screen.findAllByRole('button', { name })).find((button) => button.hasAttribute('aria-expanded'));
  if (!toggle) throw new Error('no Filters button');
  fireEvent.click(toggle);
  // The panel's code comes on the first tap (a chunk of its own).
  const panel = await screen.findByRole('form', {}, { timeout: 15_000 });
  await waitFor(() => expect(within(panel).getAllByRole('checkbox')[0]?.parentElement?.textContent).toMatch(/\(\d+\)/), {
    timeout: 15_000,
  });
  return panel;
}

const tents = () => built.filter((load) => load.vehicleType === 'Tent').length;

describe('the filter panel', () => {
  it.each<[string, RegExp, (count: number) => string]>([
    [
      'ru',
      /^Фильтры/,
      (count) =>
        `Показать ${count} ${count % 10 === 1 && count % 100 !== 11 ? 'груз' : [2, 3, 4].includes(count % 10) && ![12, 13, 14].includes(count % 100) ? 'груза' : 'грузов'}`,
    ],
    ['uz', /^Filtr/, (count) => `${count} ta yukni koʻrsatish`],
    ['uz-cyrl', /^Филтр/, (count) => `${count} та юкни кўрсатиш`],
  ])('in %s, its close button says how many loads closing shows', async (prefix, open, words) => {
    renderBoard(byPrefix(prefix), '?vehicle=Tent');
    const panel = await openPanel(open);
    await waitFor(() => expect(within(panel).getByRole('button', { name: words(tents()) })).toBeTruthy(), { timeout: 15_000 });
  });

  it('offers no option that would show no load, unless it is chosen already', async () => {
    const unused = types.filter((name) => !built.some((load) => load.vehicleType === name));
    expect(unused.length).toBeGreaterThan(0);
    renderBoard(byPrefix('ru'), `?vehicle=${encodeURIComponent(unused[0] as string)}`);
    const panel = await openPanel(/^Фильтры/);
    const boxes = within(panel).getAllByRole('checkbox') as HTMLInputElement[];
    const box = (name: string) => boxes[types.indexOf(name)] as HTMLInputElement;
    expect(box(unused[0] as string).checked).toBe(true);
    expect(box(unused[0] as string).disabled).toBe(false);
    for (const name of unused.slice(1)) expect(box(name).disabled).toBe(true);
    expect(box('Tent').disabled).toBe(false);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Грузов нет. Скрыть фильтры' })).toBeTruthy());
  });
});

/** The site's files behind a switch: while `down`, every file answers 503, as a CDN that fails does. */
async function switchedFiles(): Promise<{ origin: string; up: () => void; close: () => Promise<void> }> {
  let down = true;
  const server = http.createServer((request, response) => {
    const headers = { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' };
    if (down) return void (response.writeHead(503, headers), response.end('{}'));
    void fetch(`${published.origin}${request.url ?? '/'}`).then(async (answer) => {
      response.writeHead(answer.status, headers);
      response.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    up: () => void (down = false),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the filter panel whose counts could not be had', () => {
  it('says so with a way to try again, which counts them once the files come', async () => {
    const files = await switchedFiles();
    try {
      renderBoard(byPrefix('ru'), '', files.origin);
      const toggle = (await screen.findAllByRole('button', { name: /^Фильтры/ })).find((button) => button.hasAttribute('aria-expanded'));
      fireEvent.click(toggle as HTMLElement);
      const failed = await screen.findByRole('alert', {}, { timeout: 15_000 });
      expect(failed.textContent).toMatch(/^Не удалось загрузить фильтры\./);
      files.up();
      fireEvent.click(within(failed).getByRole('button', { name: 'Повторить' }));
      const panel = screen.getByRole('form');
      await waitFor(() => expect(within(panel).getAllByRole('checkbox')[0]?.parentElement?.textContent).toMatch(/\(\d+\)/), {
        timeout: 15_000,
      });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await files.close();
    }
  });
});
