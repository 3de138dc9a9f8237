/**
 * @jest-environment jsdom
 */
/**
 * A part fetched on a tap whose code cannot be had (offline, webpack's ChunkLoadError) gives way to one
 * line in the page's language, never Gatsby's English error page; the rest of the page stays, and the
 * part is fetched again when the network is back, when its steady probe finds it (a browser may never say
 * "online": Chromium in a page the offline worker served), or at a tap on its retry. And what the board says
 * of a failure, by its kind.
 */
import React from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { NETWORK_PROBE_MS } from '../src/config/constants';
import { LANGUAGES, type Language } from '../src/config/languages';
import { lazyPart } from '../src/components/lazy-part';
import { boardFailure } from '../src/board/failure';
import { FileFailure } from '../src/board/sources/file-failure';
import { renderInLanguage } from './support/render-page';

const ru = LANGUAGES.find((language) => language.prefix === 'ru') as Language;

function chunkLoadError(): Error {
  const error = new Error('Loading chunk 906 failed.\n(error: http://localhost:9000/906-3ee47324d1b643d16f4d.js)');
  error.name = 'ChunkLoadError';
  return error;
}

let online = true;
beforeAll(() => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online }));
afterEach(() => {
  cleanup();
  online = true;
});

describe('a part fetched on a tap', () => {
  it('that cannot be fetched offline leaves one line in the page language and the rest of the page; back online it is fetched again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fetches = 0;
    const panel = lazyPart<{ name: string }>(() => {
      fetches += 1;
      return fetches === 1 ? Promise.reject(chunkLoadError()) : Promise.resolve(({ name }: { name: string }) => <p>{`Панель ${name}`}</p>);
    });
    online = false;
    renderInLanguage(
      <main>
        <p>Список грузов на месте</p>
        <panel.Part name="фильтров" />
      </main>,
      ru,
      '/loads',
      ['common', 'loads'],
    );
    await screen.findByText('Нет подключения к интернету: эта часть страницы не открылась. Когда связь появится, она откроется сама.');
    expect(screen.getByText('Список грузов на месте')).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error|Loading chunk|http/)).toBeNull();

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('Панель фильтров');
    expect(fetches).toBe(2);
  });

  it('that cannot be fetched offline is tried again by its steady probe when no "online" ever comes', async () => {
    jest.useFakeTimers();
    try {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      let fetches = 0;
      const panel = lazyPart(() => {
        fetches += 1;
        return fetches === 1 ? Promise.reject(chunkLoadError()) : Promise.resolve(() => <p>Панель фильтров</p>);
      });
      online = false;
      renderInLanguage(<panel.Part />, ru, '/loads', ['common', 'loads']);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByText(/^Нет подключения к интернету: эта часть страницы не открылась/)).toBeTruthy();
      online = true;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NETWORK_PROBE_MS);
      });
      expect(screen.getByText('Панель фильтров')).toBeTruthy();
      expect(fetches).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('that fails while the phone is online says the part did not load, with a retry that fetches it again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fetches = 0;
    const part = lazyPart(() => {
      fetches += 1;
      return fetches === 1 ? Promise.reject(chunkLoadError()) : Promise.resolve(() => <p>Панель фильтров</p>);
    });
    renderInLanguage(<part.Part />, ru, '/loads', ['common', 'loads']);
    await screen.findByText('Эта часть страницы не загрузилась.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByText('Панель фильтров');
    expect(fetches).toBe(2);
  });
});

describe('what the board says of a failure', () => {
  const api = (status: number, message: string) => Object.assign(new Error(message), { name: 'ApiError', status });
  it.each([
    ['no network at all', new TypeError('Failed to fetch'), false, { kind: 'offline' }],
    [
      'an API out of reach',
      Object.assign(new Error('Network error requesting http://x/api/loads'), { unreachable: true }),
      true,
      { kind: 'offline' },
    ],
    ['a file of the list out of reach', new FileFailure('http://x/filters/a.json could not be reached', true), true, { kind: 'offline' }],
    ['a file of the list that came wrong', new FileFailure('http://x/filters/a.json: HTTP 404', false), true, { kind: 'file' }],
    ['a chunk of code that did not come', chunkLoadError(), true, { kind: 'file' }],
    [
      'an error answer: its status and body',
      api(503, '503 Service Unavailable: busy'),
      true,
      { kind: 'answer', detail: '503 Service Unavailable: busy' },
    ],
    [
      'an answer that is not a list',
      Object.assign(new Error('Response from http://x is not JSON'), { name: 'ApiShapeError' }),
      true,
      { kind: 'unreadable' },
    ],
    ['anything else, with no URL', new Error('boom at http://x'), true, { kind: 'other', detail: 'Failed to fetch loads' }],
  ])('%s', (_what, error, isOnline, expected) => {
    expect(boardFailure(error, 'Failed to fetch loads', isOnline)).toEqual(expected);
  });
});
