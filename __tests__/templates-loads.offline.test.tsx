/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * A failed refresh never takes loads off the screen: the error panel and its retry stand above the last
 * good list, which says when it was seen; without a network the board keeps that list and says the
 * phone is offline; an answer the offline worker kept says when it was seen. Rendered as the page,
 * against a sample API of its own over real HTTP (the shared one is not to be made to fail).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import React from 'react';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import LoadsPage, { type LoadsPageContext } from '../src/templates/loads';
import { fetchLoads } from '../src/api-client/client';
import type { LoadList } from '../src/api-client/types';
import { LANGUAGES, type Language } from '../src/config/languages';
import { SEEN_AT_HEADER } from '../src/config/kept-copy';
import { pageVariants } from '../src/i18n/plugin';
import { startApi, type HarnessApi } from '../tools/harness/sample-api';
import { renderInLanguage } from './support/render-page';

const ru = LANGUAGES.find((language) => language.prefix === 'ru') as Language;
const sharedApi = process.env.GATSBY_API_URL;

let api: HarnessApi;
/** The first page as the build read it, a day before the test's refresh. */
let built: LoadList;
const BUILT_AT = Date.parse('2026-11-20T06:00:00Z');
/**
 * How long the page may take to settle after its API answered: generous, because a condition that holds
 * ends the wait at once, and a busy two-core machine took seconds where a quiet one takes 150 ms.
 */
const SETTLES_MS = 30_000;

beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', loads: 45, quiet: true, shape: 'data' });
  built = await fetchLoads({ page: 1, limit: 20 }, { baseUrl: api.url });
});
afterAll(async () => {
  process.env.GATSBY_API_URL = sharedApi;
  await api.close();
});
beforeEach(async () => {
  await api.control.reset();
  process.env.GATSBY_API_URL = api.url;
});
afterEach(cleanup);

function renderBoard(search = ''): void {
  const variant = pageVariants('/loads').find((candidate) => !candidate.bare && candidate.language === ru);
  const props = {
    pageContext: { ...(variant?.context as LoadsPageContext), initial: built, builtAt: BUILT_AT },
    location: { pathname: '/ru/loads', search },
  } as unknown as PageProps<never, LoadsPageContext>;
  renderInLanguage(<LoadsPage {...props} />, ru, '/loads', ['common', 'loads']);
}

const cardLinks = () => screen.queryAllByRole('link').filter((link) => /\/ru\/load\//.test(link.getAttribute('href') ?? ''));

describe('a failed refresh', () => {
  it('keeps the list on screen under the error panel and its retry, and says when the list was seen', async () => {
    await api.control.set({ fail: 500 });
    renderBoard();
    const panel = await screen.findByRole('alert', {}, { timeout: SETTLES_MS });
    expect(panel.textContent).toContain('Не удалось загрузить список грузов');
    expect(panel.textContent).toContain('500 Internal Server Error');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    expect(cardLinks()).toHaveLength(20);
    expect(screen.getByText('Список по состоянию на 20.11.2026, 11:00 (по ташкентскому времени).')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Найдено 45 грузов, страница 1 из 3$/);
  });

  it('shows the panel alone for a search that has nothing to show', async () => {
    await api.control.set({ fail: 500 });
    renderBoard('?search=Buxoro');
    await screen.findByRole('alert', {}, { timeout: SETTLES_MS });
    expect(cardLinks()).toHaveLength(0);
    expect(screen.queryByText(/^Список по состоянию на/)).toBeNull();
  });
});

describe('without a network', () => {
  it('keeps the list on screen and says the phone is offline and when the list was seen, with no error panel', async () => {
    // Nothing listens at this address: the request fails as on a phone with no network.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.GATSBY_API_URL = `http://127.0.0.1:${port}/api`;
    renderBoard();
    await waitFor(() => expect(screen.getByText(/^Нет подключения к интернету\./, { selector: 'p' })).toBeTruthy(), {
      timeout: SETTLES_MS,
    });
    expect(screen.getByText(/^Нет подключения к интернету\./, { selector: 'p' }).textContent).toContain(
      'по состоянию на 20.11.2026, 11:00',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(cardLinks()).toHaveLength(20);
    // Spoken once, before what the list holds, in the board's one live region.
    expect(screen.getByRole('status').textContent).toMatch(/^Нет подключения к интернету\..*Найдено 45 грузов/);
  });

  it("shows the offline worker's kept answer with the time it was seen", async () => {
    const seenAt = Date.parse('2026-11-26T13:45:00Z');
    const kept = http.createServer((request, response) => {
      void fetch(`${api.url}${(request.url ?? '').replace(/^\/api/, '')}`).then(async (answer) => {
        response.writeHead(200, {
          'Content-Type': 'application/json',
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Expose-Headers': SEEN_AT_HEADER,
          [SEEN_AT_HEADER]: String(seenAt),
        });
        response.end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => kept.listen(0, '127.0.0.1', resolve));
    try {
      process.env.GATSBY_API_URL = `http://127.0.0.1:${(kept.address() as AddressInfo).port}/api`;
      renderBoard('?page=2');
      await waitFor(() => expect(cardLinks()).toHaveLength(20), { timeout: SETTLES_MS });
      await waitFor(
        () =>
          expect(screen.getByText(/^Нет подключения к интернету\./, { selector: 'p' }).textContent).toContain(
            'по состоянию на 26.11.2026, 18:45',
          ),
        { timeout: SETTLES_MS },
      );
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await new Promise<void>((resolve) => kept.close(() => resolve()));
    }
  });
});
