/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * A tap offline either opens its list from what the phone kept or leaves the page as it was, with one
 * line saying why and a way to try again: the URL, the field and the status line never claim a list
 * that is not shown. Rendered as the board's page against a sample API of its own over real HTTP, and an
 * address where nothing listens for the phone without a network.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import React from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import LoadsPage, { type LoadsPageContext } from '../src/templates/loads';
import { fetchLoads } from '../src/api-client/client';
import type { LoadList } from '../src/api-client/types';
import { LANGUAGES, type Language } from '../src/config/languages';
import { pageVariants } from '../src/i18n/plugin';
import { startApi, type HarnessApi } from '../tools/harness/sample-api';
import { renderInLanguage } from './support/render-page';
import { navigateCalls } from './support/gatsby-mock';

const ru = LANGUAGES.find((language) => language.prefix === 'ru') as Language;
const sharedApi = process.env.GATSBY_API_URL;
let api: HarnessApi;
let built: LoadList;
let nowhere: string;

beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', loads: 45, quiet: true, shape: 'data' });
  built = await fetchLoads({ page: 1, limit: 20 }, { baseUrl: api.url });
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  window.requestAnimationFrame ??= (callback: FrameRequestCallback) => window.setTimeout(() => callback(Date.now()), 0);
});
afterAll(async () => {
  process.env.GATSBY_API_URL = sharedApi;
  await api.close();
});
beforeEach(() => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false }));
afterEach(() => {
  cleanup();
  navigateCalls.length = 0;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

function renderBoard(): void {
  window.history.replaceState({}, '', '/ru/loads');
  const variant = pageVariants('/loads').find((candidate) => !candidate.bare && candidate.language === ru);
  const props = {
    pageContext: { ...(variant?.context as LoadsPageContext), initial: built, builtAt: Date.parse('2026-11-20T06:00:00Z') },
    location: { pathname: '/ru/loads', search: '' },
  } as unknown as PageProps<never, LoadsPageContext>;
  renderInLanguage(<LoadsPage {...props} />, ru, '/loads', ['common', 'loads']);
}

const notOpened = () => screen.queryByText('Нет подключения к интернету: этот список не открылся. На экране — прежний.', { selector: 'p' });

describe('a tap offline', () => {
  it('that cannot open its list leaves the URL and the status on the list shown, says why, and tries again on a tap', async () => {
    process.env.GATSBY_API_URL = nowhere;
    renderBoard();
    await waitFor(() => expect(screen.getByText(/^Нет подключения к интернету\./, { selector: 'p' })).toBeTruthy(), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('link', { name: 'Вперёд' }));
    await waitFor(() => expect(notOpened()).toBeTruthy(), { timeout: 10_000 });
    expect(navigateCalls).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('страница 1 из 3');

    // The network answers again: the tap tried again opens its list.
    process.env.GATSBY_API_URL = api.url;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(navigateCalls.at(-1)?.to).toBe('/ru/loads?page=2'), { timeout: 10_000 });
    expect(navigateCalls).toHaveLength(1);
  });
});
