import type { Actions } from 'gatsby';

/**
 * Pages made a thousand to an event-loop turn. Gatsby writes each page's node to its LMDB store
 * asynchronously, and the store writes what was queued only once the event loop turns: made in one
 * loop that never yields, the encoded nodes of all 44,000 pages of a 10,000-load board waited at once
 * (150 MB of buffers, which malloc then kept for the rest of the build; docs/build.md, "Memory").
 */
export const PAGES_PER_TURN = 1000;

export interface PagesInTurns {
  /** Queues the page; `flush` makes it. */
  createPage: Actions['createPage'];
  /** Makes the queued pages, in order, letting the event loop turn after each thousand; how many it made. */
  flush(): Promise<number>;
}

export function pagesInTurns(createPage: Actions['createPage']): PagesInTurns {
  const queued: Array<Parameters<Actions['createPage']>> = [];
  return {
    createPage: (...args) => {
      queued.push(args);
    },
    async flush() {
      const made = queued.length;
      for (let start = 0; start < queued.length; start += PAGES_PER_TURN) {
        for (const args of queued.slice(start, start + PAGES_PER_TURN)) createPage(...args);
        await new Promise((resolve) => setImmediate(resolve));
      }
      queued.length = 0;
      return made;
    },
  };
}
