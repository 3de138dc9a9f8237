/**
 * @jest-environment ./__tests__/support/jsdom-with-fetch.ts
 */
/**
 * Idle islands keep the README's word: each hydrates within 2 s of the page's hydration, or at the
 * visitor's first touch, whichever comes first, and nothing an ended batch left behind releases a later
 * island early. The page is rendered on the server and hydrated in jsdom as a browser would; the clock
 * and `requestIdleCallback` are the browser's, so the test drives them (a browser that is never idle
 * unless the test says so).
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
    recoverableErrors: [],
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** The browser's idle periods, under the test's control; a `timeout` fires like the browser's. */
const idle = {
  callbacks: new Map<number, { run: IdleRequestCallback; timer?: ReturnType<typeof setTimeout> }>(),
  nextId: 1,
  /** One idle period: the browser runs the callbacks waiting at its start. */
  period(): void {
    const due = [...this.callbacks.entries()];
    this.callbacks.clear();
    for (const [, { run, timer }] of due) {
      if (timer) clearTimeout(timer);
      run({ didTimeout: false, timeRemaining: () => 50 });
    }
  },
  install(): void {
    this.callbacks.clear();
    window.requestIdleCallback = (run, options) => {
      const id = this.nextId++;
      const timer =
        options?.timeout === undefined
          ? undefined
          : setTimeout(() => {
              this.callbacks.delete(id);
              run({ didTimeout: true, timeRemaining: () => 0 });
            }, options.timeout);
      this.callbacks.set(id, { run, timer });
      return id;
    };
    window.cancelIdleCallback = (id) => {
      const entry = this.callbacks.get(id);
      if (entry?.timer) clearTimeout(entry.timer);
      this.callbacks.delete(id);
    };
  },
};

/** An idle island of the page; the islands `inside` it hydrate after it, in a batch of their own. */
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
    return React.createElement('div', null, React.createElement('p', null, spec.name), ...(spec.inside ?? []).map(island));
  }
  function island(spec: IslandSpec): ReactModule.ReactElement {
    return React.createElement(islands.Island, { key: spec.name, when: 'idle', children: React.createElement(Part, { spec }) });
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

async function idlePeriod(page: Page): Promise<void> {
  await page.rtl.act(async () => {
    idle.period();
    await Promise.resolve();
  });
  await advance(page, 0);
}

const ISLANDS = ['faq', 'language', 'typewriter', 'share', 'handoff'] as const;
const ISLAND_SPECS = ISLANDS.map((name) => ({ name }));

describe('idle islands', () => {
  let current: Page | undefined;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    jest.useFakeTimers();
    idle.install();
    document.body.innerHTML = '';
  });

  afterEach(() => {
    expect(current?.recoverableErrors).toEqual([]);
    current?.rtl.cleanup();
    current = undefined;
    jest.useRealTimers();
  });

  it('all hydrate within 2 s of the page, though the browser is never idle', async () => {
    const page = (current = freshPage());
    hydratePage(page, ISLAND_SPECS);
    await advance(page, 0);
    expect(page.hydrated).toEqual([]);
    await advance(page, 1999);
    expect(page.hydrated).toEqual([]);
    await advance(page, 1);
    expect([...page.hydrated].sort()).toEqual([...ISLANDS].sort());
    // Nothing of the batch is left to run later.
    expect(idle.callbacks.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('hydrate one per idle period before the deadline', async () => {
    const page = (current = freshPage());
    hydratePage(page, ISLAND_SPECS);
    await advance(page, 0);
    await idlePeriod(page);
    expect(page.hydrated).toEqual(['faq']);
    await idlePeriod(page);
    expect(page.hydrated).toEqual(['faq', 'language']);
    await advance(page, 2000);
    expect([...page.hydrated].sort()).toEqual([...ISLANDS].sort());
  });

  it('all hydrate at the first touch, and the batch leaves no wait behind', async () => {
    const page = (current = freshPage());
    hydratePage(page, ISLAND_SPECS);
    await advance(page, 100);
    expect(page.hydrated).toEqual([]);
    await page.rtl.act(async () => {
      page.rtl.fireEvent.pointerDown(document.body);
      await Promise.resolve();
    });
    await advance(page, 0);
    expect([...page.hydrated].sort()).toEqual([...ISLANDS].sort());
    // A callback still pending would release an island of a later batch early.
    expect(idle.callbacks.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('of a later batch are not released early by what an ended batch scheduled', async () => {
    const page = (current = freshPage());
    // The inner islands wait only once the outer one hydrates: a later batch.
    hydratePage(page, [{ name: 'first' }, { name: 'outer', inside: [{ name: 'inner-a' }, { name: 'inner-b' }] }]);
    await advance(page, 0);
    await page.rtl.act(async () => {
      page.rtl.fireEvent.keyDown(document.body, { key: 'Tab' });
      await Promise.resolve();
    });
    await advance(page, 0);
    expect([...page.hydrated].sort()).toEqual(['first', 'outer']);

    // The browser's next idle period releases one island of the new batch, never two.
    await idlePeriod(page);
    expect(page.hydrated.filter((name) => name.startsWith('inner'))).toEqual(['inner-a']);
    await idlePeriod(page);
    expect(page.hydrated.filter((name) => name.startsWith('inner'))).toEqual(['inner-a', 'inner-b']);
  });

  it('of a later batch hydrate within 2 s of it, though the browser is never idle', async () => {
    const page = (current = freshPage());
    hydratePage(page, [{ name: 'outer', inside: [{ name: 'inner-a' }, { name: 'inner-b' }] }]);
    await advance(page, 500);
    await page.rtl.act(async () => {
      page.rtl.fireEvent.focusIn(document.body);
      await Promise.resolve();
    });
    await advance(page, 0);
    expect(page.hydrated).toEqual(['outer']);
    await advance(page, 1999);
    expect(page.hydrated).toEqual(['outer']);
    await advance(page, 1);
    expect([...page.hydrated].sort()).toEqual(['inner-a', 'inner-b', 'outer']);
    expect(idle.callbacks.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
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
