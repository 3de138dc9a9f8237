import { createHash } from 'node:crypto';
import type { Actions } from 'gatsby';
import type { Load } from '../api-client/types';
import { boardReadAt } from '../loads/built-time';

/** Where the build's cache keeps the last read of the board (src/loads/built-time.ts, boardReadAt). */
const READ_KEY = 'board-read';

interface BuildCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<unknown>;
}

/** The time the pages say the build read the board, kept in the build's cache with a digest of its loads. */
export async function recordBoardRead(cache: BuildCache, loads: readonly Load[], now: number): Promise<number> {
  const digest = createHash('sha256').update(JSON.stringify(loads)).digest('hex');
  const read = boardReadAt(await cache.get(READ_KEY), digest, now);
  await cache.set(READ_KEY, read);
  return read.at;
}

/** `createPage` that gives each page it makes the build's read time (`readAt`), for its "updated" line. */
export function withReadAt(createPage: Actions['createPage'], readAt: number): Actions['createPage'] {
  return (page) => {
    const context: Record<string, unknown> = page.context ?? {};
    // The live board's files carry it too, so the phone's filtered list says the same time (list-query.ts).
    const filters = context.filters && typeof context.filters === 'object' ? { filters: { ...context.filters, readAt } } : {};
    return createPage({ ...page, context: { ...context, readAt, ...filters } });
  };
}
