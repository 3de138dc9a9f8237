/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * The board re-reads its list on every return to the tab (and once on arrival), and the sample API,
 * like the real one most of the time, answers with the loads already shown: such a refresh must render
 * nothing, where it used to render the whole board again for a new "read at" time. React's Profiler
 * around the page records every commit.
 */
import React, { Profiler, type ProfilerOnRenderCallback } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import LoadsPage, { type LoadsPageContext } from '../src/templates/loads';
import { LANGUAGES, type Language } from '../src/config/languages';
import { pageVariants } from '../src/i18n/plugin';
import { REFRESH_AFTER_HIDDEN_MS } from '../src/board/hooks/use-load-board';
import { renderInLanguage } from './support/render-page';
import { fetchLoads } from '../src/api-client/client';
import { unchangedOnScreen } from '../src/board/hooks/same-list';
import { PAGE_SIZE } from '../src/config/constants';

const ru = LANGUAGES.find((language) => language.prefix === 'ru') as Language;

function pageProps(): PageProps<never, LoadsPageContext> {
  const variant = pageVariants('/loads').find((candidate) => !candidate.bare && candidate.language === ru);
  return {
    // No place file: the sample API's place texts are shown as it spells them, with no second fetch.
    pageContext: { ...(variant?.context as LoadsPageContext), initial: null, builtAt: Date.parse('2026-11-20T06:00:00Z') },
    location: { pathname: '/ru/loads', search: '' },
  } as unknown as PageProps<never, LoadsPageContext>;
}

/** Counts the API's answers as they arrive (the board's own fetches, through the page's fetch). */
function countAnswers(): { answered: () => number; restore: () => void } {
  const realFetch = window.fetch;
  let answered = 0;
  window.fetch = (...args: Parameters<typeof fetch>) =>
    realFetch(...args).then((response) => {
      answered += 1;
      return response;
    });
  return { answered: () => answered, restore: () => (window.fetch = realFetch) };
}

/** A return to the tab after more than a minute away, as the board's visibility listener sees it. */
function returnToTab(): void {
  const later = Date.now() + REFRESH_AFTER_HIDDEN_MS + 1;
  const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
  try {
    document.dispatchEvent(new Event('visibilitychange'));
  } finally {
    clock.mockRestore();
  }
}

afterEach(cleanup);

describe('board refresh', () => {
  it('renders nothing when a refresh brings the loads already shown', async () => {
    const fetches = countAnswers();
    try {
      const commits: string[] = [];
      const onRender: ProfilerOnRenderCallback = (id, phase) => commits.push(`${id} ${phase}`);
      renderInLanguage(
        <Profiler id="page" onRender={onRender}>
          <LoadsPage {...pageProps()} />
        </Profiler>,
        ru,
        '/loads',
        ['common', 'loads'],
      );
      const status = screen.getByRole('status');
      await waitFor(() => expect(status.textContent).toMatch(/^Найдено \d+ груз/), { timeout: 10_000 });
      const cards = screen.getAllByRole('link').filter((link) => /\/ru\/load\//.test(link.getAttribute('href') ?? ''));
      expect(cards.length).toBeGreaterThan(0);
      // Whatever the first answer set off has settled.
      await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
      const before = commits.length;
      const answeredBefore = fetches.answered();

      act(returnToTab);
      await waitFor(() => expect(fetches.answered()).toBe(answeredBefore + 1), { timeout: 10_000 });
      // Time for the answer's body to be read and any update to render.
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));

      expect(commits.slice(before)).toEqual([]);
      // The same card elements, not new ones.
      const after = screen.getAllByRole('link').filter((link) => /\/ru\/load\//.test(link.getAttribute('href') ?? ''));
      expect(after).toEqual(cards);
    } finally {
      fetches.restore();
    }
  });
});

describe('arrival', () => {
  // The board's own URL has no query, so the URL's query is the one the build rendered: nothing to
  // render again after mounting (it used to render the whole board a second time to read the URL).
  it('renders the board once at its own URL, before the refresh answers', async () => {
    const props = pageProps();
    const initial = await fetchLoads({ page: 1, limit: PAGE_SIZE });
    const commits: string[] = [];
    const onRender: ProfilerOnRenderCallback = (id, phase) => commits.push(`${id} ${phase}`);
    renderInLanguage(
      <Profiler id="page" onRender={onRender}>
        <LoadsPage {...props} pageContext={{ ...props.pageContext, initial }} />
      </Profiler>,
      ru,
      '/loads',
      ['common', 'loads'],
    );
    // The refresh is on the network now: its answer comes in a later task.
    expect(commits).toEqual(['page mount']);
    expect(screen.getByRole('status').textContent).toMatch(/^Найдено \d+ груз/);
  });
});

describe('what a refresh changes on screen', () => {
  it('is nothing only for the same loads in the same order, each posted the same time ago', async () => {
    const shownAt = Date.now();
    const shown = { status: 'ready', list: await fetchLoads({ page: 1, limit: 20 }), loadedAt: shownAt };
    const again = await fetchLoads({ page: 1, limit: 20 });
    expect(again).not.toBe(shown.list);
    expect(unchangedOnScreen(shown, again, shownAt + 1000)).toBe(true);
    const [first, second, ...rest] = again.loads;
    if (!first || !second) throw new Error('the sample API has fewer than two loads');
    expect(unchangedOnScreen(shown, { ...again, loads: [second, first, ...rest] }, shownAt)).toBe(false);
    expect(unchangedOnScreen(shown, { ...again, loads: [{ ...first, price: (first.price ?? 0) + 1 }, second, ...rest] }, shownAt)).toBe(
      false,
    );
    expect(unchangedOnScreen(shown, { ...again, total: again.total + 1 }, shownAt)).toBe(false);
    // A day later every "posted … ago" reads differently.
    expect(unchangedOnScreen(shown, again, shownAt + 24 * 3600_000)).toBe(false);
    expect(unchangedOnScreen({ ...shown, status: 'loading' }, again, shownAt)).toBe(false);
  });
});
