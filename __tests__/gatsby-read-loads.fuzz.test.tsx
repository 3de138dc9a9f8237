/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * Fuzzing the build's side of the API boundary: whatever the API answers, the build either goes on
 * with loads whose metadata stays text in the HTML, or stops with its one line naming the URL.
 */
import fc from 'fast-check';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HeadProps, Reporter } from 'gatsby';
import { readLoads } from '../src/gatsby/read-loads';
import { createLoadPages } from '../src/gatsby/load-pages';
import type { LoadPageContext } from '../src/loads/page-context';
import { LoadHead } from '../src/head/load-head';
import { useFuzzApi } from './support/fuzz-server';
import { hostileAnswer } from './support/hostile';

class BuildStopped extends Error {}

/** Gatsby's reporter as far as the read uses it: its panic would end the process. */
function fakeReporter(lines: string[]): Reporter {
  const errorMap: Record<string, { text: (context: unknown) => string }> = {};
  const panic = (meta: { id: string; context: unknown }) => {
    const message = errorMap[meta.id]?.text(meta.context) ?? `unknown error id ${meta.id}`;
    lines.push(message);
    throw new BuildStopped(message);
  };
  const activity = { start: () => undefined, end: () => undefined, setStatus: () => undefined, panic };
  return {
    setErrorMap: (entries: typeof errorMap) => Object.assign(errorMap, entries),
    activityTimer: () => activity,
    info: () => undefined,
    panic,
  } as unknown as Reporter;
}

/** Elements a page's head may hold; anything else came from data. */
const ALLOWED_TAGS = new Set(['html', 'head', 'body', 'title', 'meta', 'link', 'script']);

describe('build-time reader against random and hostile API answers', () => {
  const api = useFuzzApi();
  it('builds with inert text or stops with one line naming the URL', async () => {
    let tried = 0;
    let stopped = 0;
    await fc.assert(
      fc.asyncProperty(hostileAnswer, async (answer) => {
        tried += 1;
        api().answer(answer);
        const lines: string[] = [];
        let loads;
        try {
          loads = (await readLoads(fakeReporter(lines), { retries: 0 })).loads;
        } catch (error) {
          if (!(error instanceof BuildStopped)) throw error;
          stopped += 1;
          expect(lines).toHaveLength(1);
          expect(lines[0]).not.toMatch(/\n/);
          expect(lines[0]).toContain(`${api().url}/loads`);
          expect((lines[0] ?? '').length).toBeLessThan(700);
          return;
        }
        // A failing API never builds.
        expect(answer.status).toBeLessThan(400);
        const pages: LoadPageContext[] = [];
        createLoadPages(loads, (page) => {
          pages.push(page.context as unknown as LoadPageContext);
        });
        for (const context of pages.slice(0, 8)) {
          const { meta } = context;
          const html = renderToStaticMarkup(<LoadHead {...({ pageContext: context } as HeadProps<object, LoadPageContext>)} />);
          const doc = new DOMParser().parseFromString(`<!doctype html><head>${html}</head>`, 'text/html');
          for (const element of doc.querySelectorAll('*')) expect(ALLOWED_TAGS.has(element.tagName.toLowerCase())).toBe(true);
          const scripts = doc.querySelectorAll('script');
          expect(scripts).toHaveLength(1);
          expect(scripts[0]?.getAttribute('type')).toBe('application/ld+json');
          const jsonLd = JSON.parse(scripts[0]?.textContent ?? '') as Record<string, unknown>;
          expect(jsonLd).toMatchObject(JSON.parse(JSON.stringify(meta.service)) as Record<string, unknown>);
          expect(jsonLd.description).toBe(meta.description);
        }
      }),
      { numRuns: 150 },
    );
    // Both ends are reached (about 100 stops and 50 builds in 150 answers): a reader that stopped on
    // every answer would otherwise pass the property above.
    expect(stopped).toBeGreaterThan(0);
    expect(tried - stopped).toBeGreaterThan(0);
    // The read walks the board at least twice (read-all.ts): twice the requests of one walk.
  }, 60_000);

  it('stops with one line when the API is not there at all', async () => {
    const lines: string[] = [];
    process.env.GATSBY_API_URL = 'http://127.0.0.1:9/api';
    await expect(readLoads(fakeReporter(lines), { retries: 0 })).rejects.toBeInstanceOf(BuildStopped);
    process.env.GATSBY_API_URL = api().url;
    expect(lines).toEqual([
      expect.stringMatching(/^Cannot read loads from http:\/\/127\.0\.0\.1:9\/api\/loads: .*(ECONNREFUSED|refused|fetch failed)/),
    ]);
  });
});
