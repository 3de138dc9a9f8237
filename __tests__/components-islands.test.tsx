/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * Islands that wait for the visitor's first touch keep docs/architecture.md's word: nothing hydrates them while
 * the page only sits there, however long, and the first tap, key, focus move or click anywhere hydrates
 * them; a click on a part still waiting reaches its handler. The page is rendered on the server and
 * hydrated in jsdom as a browser would, with the browser's clock under the test's control.
 */
import type * as IslandsModule from '../src/components/islands';
import type * as ReactModule from 'react';
import type * as ServerModule from 'react-dom/server';
import type * as TestingLibrary from '@testing-library/react';

interface Page {
  React: typeof ReactModule;
  islands: typeof IslandsModule;
  rtl: typeof TestingLibrary;
  server: typeof ServerModule;
  hydrated: string[];
  /** The parts whose click handler ran. */
  clicked: string[];
  /** Hydration that React gave up on (it rendered afresh instead): none may happen. */
  recoverableErrors: unknown[];
}

/**
 * Each test loads React and the islands afresh: the islands keep their waits in module state (one page
 * per module instance, as in a browser), and React's `useId` repeats from one root to the next.
 */
function freshPage(): Page {
  jest.resetModules();
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded after resetModules, so each test has its own page */
  return {
    React: require('react') as typeof ReactModule,
    islands: require('../src/components/islands') as typeof IslandsModule,
    // The pure entry registers no hooks of its own: it is loaded inside a test.
    rtl: require('@testing-library/react/pure') as typeof TestingLibrary,
    server: require('react-dom/server') as typeof ServerModule,
    hydrated: [],
    clicked: [],
    recoverableErrors: [],
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** An island of the page that waits for the first touch; the islands `inside` it wait too. */
interface IslandSpec {
  name: string;
  inside?: readonly IslandSpec[];
}

/** The markup the build writes for a settled Suspense boundary around the part. */
function serverHtml(spec: IslandSpec): string {
  return `<!--$--><div><p>${spec.name}</p>${(spec.inside ?? []).map(serverHtml).join('')}</div><!--/$-->`;
}

/**
 * Server HTML of the islands, hydrated in a container the way a browser does it. jsdom has a window,
 * so a server render here would take itself for a browser: the markup is written out, and checked
 * against React's own once the markers of the boundaries are set aside.
 */
function hydratePage(page: Page, specs: readonly IslandSpec[]): void {
  const { React, islands, rtl, server } = page;
  function Part({ spec }: { spec: IslandSpec }): ReactModule.ReactElement {
    // Effects run only once React has hydrated the part: the moment the island starts to work.
    React.useEffect(() => {
      page.hydrated.push(spec.name);
    }, [spec.name]);
    const name = React.createElement('p', { onClick: () => page.clicked.push(spec.name) }, spec.name);
    return React.createElement('div', null, name, ...(spec.inside ?? []).map(island));
  }
  function island(spec: IslandSpec): ReactModule.ReactElement {
    return React.createElement(islands.Island, { key: spec.name, when: 'touch', children: React.createElement(Part, { spec }) });
  }
  const ui = React.createElement('main', null, specs.map(island));
  const container = document.createElement('div');
  container.innerHTML = `<main>${specs.map(serverHtml).join('')}</main>`;
  const plain = (spec: IslandSpec): ReactModule.ReactElement =>
    React.createElement('div', { key: spec.name }, React.createElement('p', null, spec.name), ...(spec.inside ?? []).map(plain));
  expect(server.renderToStaticMarkup(React.createElement('main', null, specs.map(plain)))).toBe(
    container.innerHTML.replace(/<!--\/?\$-->/g, ''),
  );
  document.body.appendChild(container);
  rtl.render(ui, { container, hydrate: true, onRecoverableError: (error) => page.recoverableErrors.push(error) });
}

/** Lets timers run and settled waits reach React, which then hydrates what they released. */
async function advance(page: Page, ms: number): Promise<void> {
  await page.rtl.act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
  await page.rtl.act(async () => {
    await Promise.resolve();
  });
}

const ISLANDS = ['faq', 'language', 'typewriter', 'share', 'handoff'] as const;
const ISLAND_SPECS = ISLANDS.map((name) => ({ name }));

type Touch = 'pointerDown' | 'keyDown' | 'focusIn' | 'click';

/** A touch as the browser dispatches it, on `target` (the page's body unless said). */
async function touch(page: Page, kind: Touch, target: HTMLElement = document.body): Promise<void> {
  await page.rtl.act(async () => {
    page.rtl.fireEvent[kind](target, kind === 'keyDown' ? { key: 'Tab' } : {});
    await Promise.resolve();
  });
  await advance(page, 0);
}

describe('islands that wait for the first touch', () => {
  let current: Page | undefined;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    jest.useFakeTimers();
    document.body.innerHTML = '';
  });

  afterEach(() => {
    expect(current?.recoverableErrors).toEqual([]);
    current?.rtl.cleanup();
    current = undefined;
    jest.useRealTimers();
  });

  it('do not hydrate while the page only sits there, and leave nothing to run later', async () => {
    const page = (current = freshPage());
    hydratePage(page, ISLAND_SPECS);
    await advance(page, 60_000);
    expect(page.hydrated).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it.each([
    ['a tap', 'pointerDown'],
    ['a key', 'keyDown'],
    ['a focus move', 'focusIn'],
  ] as const)('all hydrate at the first touch anywhere on the page: %s', async (_name, kind) => {
    const page = (current = freshPage());
    hydratePage(page, ISLAND_SPECS);
    await advance(page, 5_000);
    await touch(page, kind);
    expect([...page.hydrated].sort()).toEqual([...ISLANDS].sort());
  });

  it('hydrate at once when the touch came before React reached them', async () => {
    const page = (current = freshPage());
    await touch(page, 'pointerDown');
    hydratePage(page, ISLAND_SPECS);
    await advance(page, 0);
    expect([...page.hydrated].sort()).toEqual([...ISLANDS].sort());
  });

  // A screen reader may activate a link with a click alone, no pointer or focus event before it.
  it('hand a first click on a part still waiting to its handler', async () => {
    const page = (current = freshPage());
    hydratePage(page, ISLAND_SPECS);
    await advance(page, 1_000);
    await touch(page, 'click', page.rtl.screen.getByText('language'));
    expect(page.clicked).toEqual(['language']);
  });

  it('inside a hydrating island hydrate with it, the touch having come', async () => {
    const page = (current = freshPage());
    hydratePage(page, [{ name: 'outer', inside: [{ name: 'inner-a' }, { name: 'inner-b' }] }]);
    await advance(page, 500);
    expect(page.hydrated).toEqual([]);
    await touch(page, 'keyDown');
    expect([...page.hydrated].sort()).toEqual(['inner-a', 'inner-b', 'outer']);
  });
});

// The board's cards are a static part while they are the list the build rendered (load-board.tsx).
describe('a static part', () => {
  it('keeps the build HTML while its input is the same, renders once it changes, and never goes back', async () => {
    const page = freshPage();
    const { React, islands, rtl } = page;
    const rendered: string[] = [];
    function List({ items }: { items: string }): ReactModule.ReactElement {
      rendered.push(items);
      return React.createElement('ul', null, React.createElement('li', null, items));
    }
    let kept: HTMLDivElement | null = null;
    const ui = (items: string) =>
      React.createElement(islands.Static, {
        renderedFrom: items,
        htmlRef: (element: HTMLDivElement | null) => void (kept = element),
        children: React.createElement(List, { items }),
      });
    const container = document.createElement('div');
    container.innerHTML = '<div class="static-part"><ul><li>built</li></ul></div>';
    document.body.appendChild(container);
    const view = rtl.render(ui('built'), { container, hydrate: true, onRecoverableError: (error) => page.recoverableErrors.push(error) });
    await rtl.act(async () => Promise.resolve());
    // Not rendered at all: the build's HTML stays, and the kept element is handed out.
    expect(rendered).toEqual([]);
    expect(container.textContent).toBe('built');
    expect(kept).toBe(container.firstChild);
    await rtl.act(async () => view.rerender(ui('built')));
    expect(rendered).toEqual([]);
    await rtl.act(async () => view.rerender(ui('refreshed')));
    expect(container.textContent).toBe('refreshed');
    expect(kept).toBeNull();
    // Back to the build's input: the build's HTML is gone, so it renders rather than empty itself.
    await rtl.act(async () => view.rerender(ui('built')));
    expect(container.textContent).toBe('built');
    expect(rendered.at(-1)).toBe('built');
    expect(page.recoverableErrors).toEqual([]);
    rtl.cleanup();
  });
});

// Layout writes the outcome on <main>, which src/components/page-hydration.tsx reads before React starts.
describe("a page's hydration", () => {
  it('is at the first touch when the page asks, unless one of its blocks is a `now` island', () => {
    const { React, islands } = freshPage();
    const block = (text: string) => React.createElement('p', { key: text }, text);
    const island = (when: 'now' | 'touch') => React.createElement(islands.Island, { key: when, when, children: block(when) });
    expect(islands.pageHydration('at-first-touch', [block('intro'), island('touch')])).toBe('at-first-touch');
    // Blocks in a fragment count too, as Layout looks through fragments.
    expect(islands.pageHydration('at-first-touch', React.createElement(React.Fragment, null, block('intro'), island('now')))).toBe(
      'on-arrival',
    );
    expect(islands.pageHydration('on-arrival', [block('intro')])).toBe('on-arrival');
  });
});
