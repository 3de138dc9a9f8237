import { boardSearchString, parseBoardQuery, sameList, type BoardQuery } from './query';

/**
 * Searches a visitor keeps on the phone (CONTRACT.md, "Saved searches"): in local storage only, never
 * sent anywhere, at most MAX_SAVED. Each is a list's path and its query; the board lists them with the
 * loads posted since the visitor last opened each, and marks those loads new on their cards.
 */

export { SAVED_SEARCHES_KEY, SAVED_SEARCHES_CHANGED } from './extras-wanted';
import { SAVED_SEARCHES_KEY } from './extras-wanted';
export const MAX_SAVED = 5;

export interface SavedSearch {
  /** The list's unprefixed path: `/loads`, or a city or route page's (`/loads/from/toshkent`). */
  path: string;
  /** Its query string on page 1, as boardSearchString writes it (`?vehicle=Tent&weightMin=10`). */
  query: string;
  /** What the list is, in the words of the page it was kept on (a city or route page's title). */
  place: string;
  /** The list's places by slug, for counting its new loads on the board's index. */
  scope: { from?: string; to?: string };
  /** The list's Atom feed, for a place or a route (unprefixed: `/from/toshkent` of `/feeds/{lang}/from/toshkent.atom`). */
  feed: string;
  /** When it was last opened: the loads posted after it are its new ones. */
  openedAt: number;
  /** While it is open: loads posted after this are marked new (the time it was opened before). */
  newSince: number;
}

/** The query a saved search keeps: its filters and search, on page 1. */
export function keptQuery(query: BoardQuery): string {
  return boardSearchString({ ...query, page: 1 });
}

function isSaved(value: unknown): value is SavedSearch {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<SavedSearch>;
  return (
    typeof entry.path === 'string' &&
    entry.path.startsWith('/loads') &&
    typeof entry.query === 'string' &&
    (entry.query === '' || entry.query.startsWith('?')) &&
    typeof entry.openedAt === 'number' &&
    Number.isFinite(entry.openedAt) &&
    typeof entry.newSince === 'number' &&
    Number.isFinite(entry.newSince)
  );
}

/** What the phone keeps; anything broken or foreign in storage is left out, never a crash. */
export function readSaved(storage: Pick<Storage, 'getItem'> | null): SavedSearch[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(SAVED_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(isSaved)
      .slice(0, MAX_SAVED)
      .map((entry) => ({
        path: entry.path,
        // Read again: a query edited in storage is what the URL would make of it.
        query: keptQuery(parseBoardQuery(entry.query)),
        place: typeof entry.place === 'string' ? entry.place.slice(0, 200) : '',
        scope: {
          ...(typeof entry.scope?.from === 'string' ? { from: entry.scope.from } : {}),
          ...(typeof entry.scope?.to === 'string' ? { to: entry.scope.to } : {}),
        },
        feed: typeof entry.feed === 'string' && /^\/(from|to|route)\/[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(entry.feed) ? entry.feed : '',
        openedAt: entry.openedAt,
        newSince: entry.newSince,
      }));
  } catch {
    return [];
  }
}

/** Writes the list; a phone that refuses (private mode, full storage) keeps the board working without it. */
export function writeSaved(storage: Pick<Storage, 'setItem'> | null, saved: readonly SavedSearch[]): boolean {
  try {
    storage?.setItem(SAVED_SEARCHES_KEY, JSON.stringify(saved.slice(0, MAX_SAVED)));
    return Boolean(storage);
  } catch {
    return false;
  }
}

/** The same list: the same path, and the same filters whatever their order or the vehicle types' case. */
export const sameSaved = (entry: Pick<SavedSearch, 'path' | 'query'>, path: string, query: string) =>
  entry.path === path && (entry.query === query || sameList(parseBoardQuery(entry.query), parseBoardQuery(query)));

/** The list with one more search kept (first), unless it is there already or the list is full. */
export function withSaved(saved: readonly SavedSearch[], entry: Omit<SavedSearch, 'openedAt' | 'newSince'>, now: number): SavedSearch[] {
  if (saved.some((one) => sameSaved(one, entry.path, entry.query)) || saved.length >= MAX_SAVED) return [...saved];
  return [{ ...entry, openedAt: now, newSince: now }, ...saved];
}

export function withoutSaved(saved: readonly SavedSearch[], path: string, query: string): SavedSearch[] {
  return saved.filter((one) => !sameSaved(one, path, query));
}

/**
 * The visitor opened a kept search: its count starts again from now, and while it is open the loads
 * posted since the time before stay marked new. Opened again within a minute (a reload, Back), it
 * keeps the marks it had.
 */
export function withOpened(saved: readonly SavedSearch[], path: string, query: string, now: number): SavedSearch[] {
  return saved.map((one) =>
    sameSaved(one, path, query) ? { ...one, newSince: now - one.openedAt < 60_000 ? one.newSince : one.openedAt, openedAt: now } : one,
  );
}
