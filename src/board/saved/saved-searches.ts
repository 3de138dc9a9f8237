import { listOfPath } from '../../config/routes';
import { boardSearchString, parseBoardQuery, sameListQuery, type BoardQuery } from '../../search/query';

/**
 * Searches a visitor keeps on the phone (CONTRACT.md, "Saved searches"): in local storage only, never
 * sent anywhere, at most MAX_SAVED. Each is a list's path and its query, nothing in words: the board
 * names them in the reader's language at the time it shows them, and counts the loads posted since the
 * visitor last opened each, which it marks new on their cards.
 */

export { SAVED_SEARCHES_KEY, SAVED_SEARCHES_CHANGED } from './extras-wanted';
import { SAVED_SEARCHES_KEY } from './extras-wanted';
export const MAX_SAVED = 5;

export interface SavedSearch {
  /** The list's unprefixed path: `/loads`, or a city or route page's (`/loads/from/toshkent`). */
  path: string;
  /** Its query string on page 1, as boardSearchString writes it (`?vehicle=Tent&weightMin=10`). */
  query: string;
  /** When it was last opened: the loads posted after it are its new ones. */
  openedAt: number;
  /** While it is open: loads posted after this are marked new (the time it was opened before). */
  newSince: number;
}

/** The query a saved search keeps: its filters and search, on page 1. */
export function keptQuery(query: BoardQuery): string {
  return boardSearchString({ ...query, page: 1 });
}

/**
 * A kept search's query as its list's page reads it: a place to widen on a city or route page, and a
 * destination's own radius (`nearTo`) on a route's only.
 */
export function savedListQuery(path: string, query: string): BoardQuery {
  const kind = listOfPath(path)?.kind ?? 'board';
  return parseBoardQuery(query, { placeList: kind !== 'board', routeList: kind === 'route' });
}

function isSaved(value: unknown): value is SavedSearch {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<SavedSearch>;
  return (
    typeof entry.path === 'string' &&
    listOfPath(entry.path) !== null &&
    typeof entry.query === 'string' &&
    (entry.query === '' || entry.query.startsWith('?')) &&
    typeof entry.openedAt === 'number' &&
    Number.isFinite(entry.openedAt) &&
    typeof entry.newSince === 'number' &&
    Number.isFinite(entry.newSince)
  );
}

/**
 * What the phone keeps; anything broken or foreign in storage is left out, never a crash. Words an
 * earlier version kept beside a search (its title in the language it was kept in) are dropped.
 */
export function readSaved(raw: string | null): SavedSearch[] {
  try {
    const stored: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored
      .filter(isSaved)
      .slice(0, MAX_SAVED)
      .map((entry) => ({
        path: entry.path,
        // Read again: a query edited in storage is what the URL would make of it.
        query: keptQuery(savedListQuery(entry.path, entry.query)),
        openedAt: entry.openedAt,
        newSince: entry.newSince,
      }));
  } catch {
    return [];
  }
}

/** Why the phone would not keep a list: none (it did), or its storage refused (full, blocked, private mode). */
export type SaveOutcome = 'saved' | 'refused';

/** Writes the list; a phone that refuses keeps the board working without it, and says so. */
export function writeSaved(storage: Pick<Storage, 'setItem'> | null, saved: readonly SavedSearch[]): SaveOutcome {
  if (!storage) return 'refused';
  try {
    storage.setItem(SAVED_SEARCHES_KEY, JSON.stringify(saved.slice(0, MAX_SAVED)));
    return 'saved';
  } catch {
    return 'refused';
  }
}

/** The same list: the same path, and the same search and filters whatever their order or the vehicle types' case. */
export const sameSaved = (entry: Pick<SavedSearch, 'path' | 'query'>, path: string, query: string) =>
  entry.path === path && (entry.query === query || sameListQuery(savedListQuery(path, entry.query), savedListQuery(path, query)));

/** The list with one more search kept (first), unless it is there already or the list is full. */
export function withSaved(saved: readonly SavedSearch[], entry: Pick<SavedSearch, 'path' | 'query'>, now: number): SavedSearch[] {
  if (saved.some((one) => sameSaved(one, entry.path, entry.query)) || saved.length >= MAX_SAVED) return [...saved];
  return [{ path: entry.path, query: entry.query, openedAt: now, newSince: now }, ...saved];
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
