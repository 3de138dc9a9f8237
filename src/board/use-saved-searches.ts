import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Language } from '../config/languages';
import { localizedPath } from '../i18n/paths';
import type { FilteredLists } from './source';
import { keepable, subscribeToKept } from './extras-wanted';
import { parseBoardQuery, queryKey, type BoardQuery } from './query';
import {
  MAX_SAVED,
  SAVED_SEARCHES_KEY,
  SAVED_SEARCHES_CHANGED,
  keptQuery,
  readSaved,
  sameSaved,
  withOpened,
  withSaved,
  withoutSaved,
  type SavedSearch,
} from './saved-searches';

/** A kept search as the board lists it: where it leads, and its loads posted since it was last opened. */
export interface SavedView {
  entry: SavedSearch;
  query: BoardQuery;
  href: string;
  /** Null until counted (or when it cannot be: offline). */
  fresh: { count: number; complete: boolean } | null;
}

export interface SavedSearches {
  list: SavedView[];
  /** The kept search this page shows, if it is one. */
  current: SavedSearch | null;
  /** Whether this page's list can be kept now (a search or filter is chosen, and there is room). */
  canKeep: boolean;
  full: boolean;
  keep: () => void;
  remove: (entry: SavedSearch) => void;
  /** Loads posted after this are marked new on the cards (null: none is). */
  newSince: number | null;
}

/** What the page keeps of the list when it is kept: its place's words and feed, and its places by slug. */
export interface KeepDetails {
  place: string;
  scope: { from?: string; to?: string };
  feed: string;
}

/** The server's answer and a phone's with none kept: the same array, so hydration renders nothing more. */
const NONE: SavedSearch[] = [];
let cache: { raw: string | null; saved: SavedSearch[] } = { raw: null, saved: NONE };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // A browser that forbids storage: no kept searches, and nothing breaks.
    return null;
  }
}

/** One array per stored text, so React sees no change where there is none. */
function snapshot(): SavedSearch[] {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(SAVED_SEARCHES_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cache.raw) {
    const read = readSaved(store);
    cache = { raw, saved: read.length > 0 ? read : NONE };
  }
  return cache.saved;
}

function save(next: readonly SavedSearch[]): void {
  try {
    storage()?.setItem(SAVED_SEARCHES_KEY, JSON.stringify(next.slice(0, MAX_SAVED)));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(SAVED_SEARCHES_CHANGED));
}

/**
 * The kept searches of the phone, on a page whose list is `path` (unprefixed) with `query`. The build's
 * HTML has none (the server has no phone), so they appear after hydration. `lists`, on the board,
 * counts each one's new loads from the board's filter index and the loads posted since.
 */
export function useSavedSearches(
  language: Language,
  path: string,
  query: BoardQuery,
  details: () => Promise<KeepDetails>,
  lists: (() => Promise<FilteredLists>) | null,
): SavedSearches {
  const saved = useSyncExternalStore(subscribeToKept, snapshot, () => NONE);
  const kept = keptQuery(query);
  const current = saved.find((one) => sameSaved(one, path, kept)) ?? null;
  const key = queryKey({ ...query, page: 1 });

  // Opening a kept search starts its count again; its loads since the open before stay marked.
  useEffect(() => {
    const stored = readSaved(storage());
    if (stored.some((one) => sameSaved(one, path, kept))) save(withOpened(stored, path, kept, Date.now()));
    // Once per list opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, key]);

  const [fresh, setFresh] = useState<Record<string, SavedView['fresh']>>({});
  const counted = saved.map((one) => `${one.path}${one.query}@${one.openedAt}`).join('|');
  useEffect(() => {
    if (!lists || saved.length === 0) return undefined;
    const controller = new AbortController();
    void lists()
      .then((filtered) =>
        Promise.all(
          saved.map(async (one) => {
            const answer = await filtered
              .newSince(parseBoardQuery(one.query), one.scope, one.openedAt, controller.signal)
              .catch(() => null);
            return [`${one.path}${one.query}`, answer] as const;
          }),
        ),
      )
      .then((answers) => {
        if (!controller.signal.aborted) startTransition(() => setFresh(Object.fromEntries(answers)));
      })
      .catch(() => undefined);
    return () => controller.abort();
    // Counted again when the kept searches or their open times change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [counted, lists]);

  const keep = useCallback(() => {
    void details().then((more) => save(withSaved(readSaved(storage()), { path, query: kept, ...more }, Date.now())));
  }, [details, path, kept]);
  const remove = useCallback((entry: SavedSearch) => save(withoutSaved(readSaved(storage()), entry.path, entry.query)), []);

  return {
    list: saved.map((entry) => ({
      entry,
      query: parseBoardQuery(entry.query),
      href: `${localizedPath(entry.path, language)}${entry.query}`,
      fresh: fresh[`${entry.path}${entry.query}`] ?? null,
    })),
    current,
    canKeep: !current && saved.length < MAX_SAVED && keepable(query),
    full: !current && saved.length >= MAX_SAVED,
    keep,
    remove,
    newSince: current ? current.newSince : null,
  };
}
