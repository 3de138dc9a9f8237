/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * Fuzzing the list page's side of the API boundary: whatever the API answers, the page ends in the
 * list, the empty state or the error panel, never a blank page, and no data becomes markup.
 */
import fc from 'fast-check';
import React from 'react';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import LoadsPage, { type LoadsPageContext } from '../src/templates/loads';
import { LANGUAGES } from '../src/config/languages';
import { pageVariants } from '../src/i18n/plugin';
import { readBundles, renderInLanguage } from './support/render-page';
import { useFuzzApi } from './support/fuzz-server';
import { hostileAnswer } from './support/hostile';

const [uz] = LANGUAGES;
const loadsTexts = readBundles(uz, ['loads']).loads as { states: Record<string, string> };

function pageProps(): PageProps<never, LoadsPageContext> {
  const variant = pageVariants('/loads')[1];
  return {
    pageContext: { ...(variant?.context as LoadsPageContext), initial: null, builtAt: Date.parse('2026-11-20T06:00:00Z') },
    location: { pathname: '/uz/loads', search: '' },
  } as unknown as PageProps<never, LoadsPageContext>;
}

/** Answers tried; each may take up to ANSWER_MS to settle, and the test's own time is sized on both. */
const RUNS = 80;
const ANSWER_MS = 5_000;

describe('/loads against random and hostile API answers', () => {
  const api = useFuzzApi();
  it(
    'always ends in the list, the empty state or the error panel, with data as text',
    async () => {
      const outcomes = { list: 0, empty: 0, error: 0 };
      await fc.assert(
        fc.asyncProperty(hostileAnswer, async (answer) => {
          api().answer(answer);
          const { container } = renderInLanguage(<LoadsPage {...pageProps()} />, uz, '/loads', ['common', 'loads']);
          try {
            await waitFor(
              () => {
                const settled =
                  screen.queryByRole('alert') ??
                  screen.queryByText(loadsTexts.states.empty ?? '') ??
                  container.querySelector('a[href^="/uz/load/"]');
                expect(settled).toBeTruthy();
              },
              { timeout: ANSWER_MS },
            );
            const alert = screen.queryByRole('alert');
            // A failing API is never shown as a list or as an empty board.
            if (answer.status >= 400) expect(alert).toBeTruthy();
            if (alert) {
              outcomes.error += 1;
              expect(alert.textContent?.trim().length).toBeGreaterThan(loadsTexts.states.errorTitle?.length ?? 0);
              expect(screen.getByRole('button', { name: loadsTexts.states.retry })).toBeTruthy();
            } else if (container.querySelector('a[href^="/uz/load/"]')) {
              outcomes.list += 1;
            } else {
              outcomes.empty += 1;
            }
            const main = container.querySelector('main');
            expect(main?.textContent?.trim().length).toBeGreaterThan(0);
            expect(main?.querySelectorAll('script, iframe, style, svg[onload], img[src="x"]').length).toBe(0);
          } finally {
            cleanup();
          }
        }),
        { numRuns: RUNS },
      );
      // Each end is reached (about 30 lists, 10 empty boards and 40 errors in 80 answers): a page that
      // turned every answer into the error panel would otherwise pass the property above.
      expect(outcomes.list).toBeGreaterThan(0);
      expect(outcomes.empty).toBeGreaterThan(0);
      expect(outcomes.error).toBeGreaterThan(0);
      // On a busy two-core machine 80 answers took over 20 s; the test fails by its property, not its clock.
    },
    RUNS * ANSWER_MS,
  );
});
