import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Language } from '../../config/languages';
import { listOfPath, type ListPath } from '../../config/routes';
import { localizedPath } from '../../i18n/paths';
import type { WorkedLists } from '../list-types';
import type { ListPlaces } from '../../search/matcher';
import { keepable, subscribeToKept } from './extras-wanted';
import { queryKey, type BoardQuery } from '../../search/query';
import {
  MAX_SAVED,
  SAVED_SEARCHES_KEY,
  SAVED_SEARCHES_CHANGED,
  keptQuery,
  readSaved,
  sameSaved,
  savedListQuery,
  withOpened,
  withSaved,
  withoutSaved,
  writeSaved,
  type SavedSearch,
} from './saved-searches';

/** A kept search as the board lists it: what list it is, where it leads, and its loads posted since it was last opened. */
export interface SavedView {
  entry: SavedSearch;
  query: BoardQuery;
  list: ListPath;
  href: string;
  /** Null until counted (or when it cannot be: offline). */
  fresh: { count: number; complete: boolean } | null;
}

export interface SavedSearches {
  list: SavedView[];
  /** The kept search this page shows, if it is one. */
  current: SavedSearch | null;
  /** Whether this page's list can be kept now (a city or route page, or a search or filter is chosen, and there is room). */
  canKeep: boolean;
  full: boolean;
  keep: () => void;
  remove: (entry: SavedSearch) => void;
  /** Loads posted after this are marked new on the cards (null: none is). */
  newSince: number | null;
  /** The phone refused the last change (storage full or blocked, a private mode): nothing was kept. */
  refused: boolean;
}

/** The places of a kept list, by slug: what its new loads are counted within. */
export function listPlacesOf(list: ListPath): ListPlaces {
  if (list.kind === 'from') return { from: list.from };
  if (list.kind === 'to') return { to: list.to };
  if (list.kind === 'route') return { from: list.from, to: list.to };
  return {};
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
    const read = readSaved(raw);
    cache = { raw, saved: read.length > 0 ? read : NONE };
  }
  return cache.saved;
}

/** Whether the phone kept the change; every part of the page that shows kept searches hears of it. */
function save(next: readonly SavedSearch[]): boolean {
  const kept = writeSaved(storage(), next) === 'saved';
  if (kept) window.dispatchEvent(new Event(SAVED_SEARCHES_CHANGED));
  return kept;
}

function storedNow(): SavedSearch[] {
  try {
    return readSaved(storage()?.getItem(SAVED_SEARCHES_KEY) ?? null);
  } catch {
    return [];
  }
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
  lists: (() => Promise<WorkedLists>) | null,
): SavedSearches {
  const saved = useSyncExternalStore(subscribeToKept, snapshot, () => NONE);
  const kept = keptQuery(query);
  const current = saved.find((one) => sameSaved(one, path, kept)) ?? null;
  const key = queryKey({ ...query, page: 1 });

  // Opening a kept search starts its count again; its loads since the open before stay marked.
  useEffect(() => {
    const stored = storedNow();
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
            const list = listOfPath(one.path) ?? { kind: 'board' };
            const answer = await filtered
              .newSince(savedListQuery(one.path, one.query), listPlacesOf(list), one.openedAt, controller.signal)
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

  const [refused, setRefused] = useState(false);
  const keep = useCallback(() => setRefused(!save(withSaved(storedNow(), { path, query: kept }, Date.now()))), [path, kept]);
  const remove = useCallback((entry: SavedSearch) => setRefused(!save(withoutSaved(storedNow(), entry.path, entry.query))), []);

  return {
    list: saved.map((entry) => {
      const list = listOfPath(entry.path) ?? { kind: 'board' };
      return {
        entry,
        list,
        query: savedListQuery(entry.path, entry.query),
        href: `${localizedPath(entry.path, language)}${entry.query}`,
        fresh: fresh[`${entry.path}${entry.query}`] ?? null,
      };
    }),
    current,
    canKeep: !current && saved.length < MAX_SAVED && keepable(query, path),
    full: !current && saved.length >= MAX_SAVED,
    keep,
    remove,
    newSince: current ? current.newSince : null,
    refused,
  };
}
