import { startTransition, useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { boardFailure, browserOnline, type BoardFailure } from '../failure';
import { EMPTY_QUERY, type BoardQuery, parseBoardQuery, queryKey, sameQuery } from '../../search/query';
import type { ReadContext } from '../../search/filter-table';
import { sameLoadsOnScreen, unchangedOnScreen } from './same-list';
import { useRunning } from './use-running';
import type { BoardList, LoadSource } from '../list-types';

/**
 * `loadedAt`: when the list on screen was read, so "posted … ago" is counted from then.
 * `offline`: the network did not answer, and the list on screen is the last one seen (at `loadedAt`):
 * a copy the offline worker kept (`ready`), or the list that was there (`error`, unreachable).
 * `slow`: the phone has a network but the API did not answer in time, and the list on screen is the
 * copy the offline worker kept instead (seen at `loadedAt`).
 * `failure`: why the query asked for could not be shown (failure.ts).
 */
export type BoardState =
  | { status: 'loading'; list: BoardList | null; loadedAt: number; offline?: boolean; slow?: boolean }
  | { status: 'ready'; list: BoardList; loadedAt: number; offline?: boolean; slow?: boolean }
  | { status: 'error'; failure: BoardFailure; list: BoardList | null; loadedAt: number; offline?: boolean; slow?: boolean };

/**
 * What a list that came back says of the network: a copy the offline worker kept is offline, unless it
 * stood in for an API that was slow while the phone has a network.
 */
function keptBecause(list: BoardList): { offline: boolean; slow: boolean } {
  if (list.seenAt === undefined) return { offline: false, slow: false };
  const slow = list.slow === true && browserOnline();
  return { offline: !slow, slow };
}

/**
 * Set by the board while its cards are the build's HTML (a static part React does not render): moves
 * their "posted … ago" to a list read at `loadedAt`, in place, and says whether it could.
 */
export type BuiltCardAges = MutableRefObject<((loadedAt: number) => boolean) | null>;

/** The query of a URL's query string, on the path's own page when the string names none. */
function queryOnPage(search: string, pathPage: number, context: ReadContext): BoardQuery {
  const query = parseBoardQuery(search, context);
  return pathPage > 1 && !new URLSearchParams(search).has('page') ? { ...query, page: pathPage } : query;
}

/** After this long hidden, a tab that becomes visible again refreshes the list quietly. */
export const REFRESH_AFTER_HIDDEN_MS = 60_000;

type Load = (wanted: BoardQuery, quiet: boolean, keepOnError: boolean) => void;

/** What a request's answer reads of the screen when it lands (a request outlives the render that made it). */
interface OnScreen {
  state: BoardState;
  query: BoardQuery;
}

/**
 * Asks `source` for a list and puts the answer on screen. `quiet`: no spinner, the list on screen stays
 * while the request runs. `keepOnError`: an error answer leaves the board as it was (background
 * refreshes only: the list the build rendered may be hours old, so a failing first refresh shows the
 * error panel, above that list). A network that does not answer leaves the list on screen and says so.
 */
function useRequests(
  source: LoadSource,
  fallbackMessage: string,
  onScreen: MutableRefObject<OnScreen>,
  setShown: (query: BoardQuery, state: BoardState) => void,
  setState: (update: (previous: BoardState) => BoardState) => void,
  builtCardAgesRef: BuiltCardAges | undefined,
) {
  const controller = useRef<AbortController | null>(null);
  const lastLoaded = useRef(0);
  const load = useCallback<Load>(
    (wanted, quiet, keepOnError) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      if (!quiet) startTransition(() => setState((previous) => ({ ...previous, status: 'loading' })));
      source.page(wanted, { signal: current.signal, fresh: quiet }).then(
        (list) => {
          if (current.signal.aborted) return;
          // A copy the offline worker kept (or the build's list alone) was read when it was seen, not now.
          const { offline, slow } = keptBecause(list);
          const loadedAt = list.seenAt ?? Date.now();
          lastLoaded.current = Date.now();
          // A refresh that brings what is on screen changes nothing: no update at all, so React renders
          // nothing. Only for a refresh: a search or page change set "loading", which its answer must replace.
          const shown = onScreen.current;
          if (
            quiet &&
            sameQuery(shown.query, wanted) &&
            (shown.state.offline ?? false) === offline &&
            (shown.state.slow ?? false) === slow
          ) {
            if (unchangedOnScreen(shown.state, list, loadedAt)) return;
            // The usual refresh, hours after the build: the loads it showed, each a little older. While the
            // cards are the build's HTML, their ages are rewritten where they are, and React renders nothing.
            if (sameLoadsOnScreen(shown.state, list) && builtCardAgesRef?.current?.(loadedAt)) return;
          }
          startTransition(() => setShown(wanted, { status: 'ready', list, loadedAt, offline, slow }));
        },
        (error: unknown) => {
          if (current.signal.aborted) return;
          const failure = boardFailure(error, fallbackMessage);
          const offline = failure.kind === 'offline';
          startTransition(() =>
            setState((previous) =>
              keepOnError && previous.status === 'ready' && (!offline || previous.offline)
                ? previous
                : { status: 'error', failure, list: previous.list, loadedAt: previous.loadedAt, offline },
            ),
          );
        },
      );
    },
    [fallbackMessage, source, builtCardAgesRef, onScreen, setShown, setState],
  );
  const abort = useCallback(() => controller.current?.abort(), []);
  return { load, lastLoaded, abort };
}

/** A tab shown again after a while refreshes quietly; offline, the board tries again until the network answers. */
function useBackgroundRefresh(load: Load, lastLoaded: MutableRefObject<number>, currentQuery: () => BoardQuery, offline: boolean) {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - lastLoaded.current < REFRESH_AFTER_HIDDEN_MS) return;
      load(currentQuery(), true, true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [load, lastLoaded, currentQuery]);

  // On `online`, and every NETWORK_PROBE_MS for a network that says "online" and answers nothing.
  useEffect(() => {
    if (!offline) return undefined;
    let stop: (() => void) | null = null;
    let ended = false;
    networkProbe().then(
      (probe) => ended || (stop = probe.probeNetwork(() => load(currentQuery(), true, true))),
      () => undefined,
    );
    return () => {
      ended = true;
      if (stop) stop();
    };
  }, [offline, load, currentQuery]);
}

/** The probe's code comes with the states' chunk (the lines that say the list is a kept copy, or did not come). */
const networkProbe = () => import(/* webpackChunkName: "board-tap-states" */ './network-probe');

/**
 * The load board's data: starts from the list pre-rendered at build time, asks `source` again once on
 * mount, then once per change of the URL query. A request made stale by a newer one is aborted.
 * `locationSearch` is the URL's query string: the source of truth, so back and forward work. The URL
 * keeps the search as the visitor wrote it; the source decides what that means (sources.ts), so a
 * search from the plain form without script is read the same way.
 *
 * Every state update here comes from an effect, a fetch, or a visibility event, and may land while a
 * part of the page is still a dehydrated Suspense boundary (an island, src/components/islands.tsx). React
 * 18 throws #421 for a synchronous update reaching such a boundary; inside startTransition React instead
 * finishes hydrating the boundary first and then applies the update. So all of them are transitions.
 */
export function useLoadBoard(
  initial: BoardList | null,
  builtAt: number,
  locationSearch: string,
  fallbackMessage: string,
  /** Must keep its identity between renders (a new one restarts the request). */
  source: LoadSource,
  /** What the URL's values are checked against (the page's vehicle types, whether its list has a place). */
  readContext: ReadContext,
  builtCardAgesRef?: BuiltCardAges,
  /** The page a URL without `page` shows: a city page's later pages have paths of their own (`…/toshkent/2`). */
  pathPage = 1,
) {
  // While hydrating, the query is the build's (the first page, no search), so hydration matches the
  // HTML; then the URL's. React renders again after hydration only when the two differ.
  const search = useRunning() ? locationSearch : '';
  const query: BoardQuery = queryOnPage(search, pathPage, readContext);
  const [state, setState] = useState<BoardState>(() =>
    initial ? { status: 'ready', list: initial, loadedAt: builtAt } : { status: 'loading', list: null, loadedAt: builtAt },
  );
  const [shownQuery, setShownQuery] = useState<BoardQuery>(() => ({ ...EMPTY_QUERY, page: pathPage }));
  const onScreen = useRef<OnScreen>({ state, query: shownQuery });
  useEffect(() => {
    onScreen.current = { state, query: shownQuery };
  });
  const setShown = useCallback((next: BoardQuery, list: BoardState) => (setShownQuery(next), setState(list)), []);
  const { load, lastLoaded, abort } = useRequests(source, fallbackMessage, onScreen, setShown, setState, builtCardAgesRef);
  const [attempt, setAttempt] = useState(0);

  // The URL's query, not the one rendered: the request for a page opened at ?page=2 starts on mount,
  // and the render that follows hydration does not start it again.
  const wanted = queryOnPage(locationSearch, pathPage, readContext);
  const key = queryKey(wanted);
  useEffect(() => {
    // The pre-rendered first page stays on screen while it is refreshed; anything else shows loading.
    load(wanted, state.status === 'ready' && sameQuery(wanted, shownQuery), false);
    return abort;
    // Only a change of the query (or a retry) starts a request; `state` is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, load]);

  const currentQuery = useCallback(() => queryOnPage(window.location.search, pathPage, readContext), [pathPage, readContext]);
  // A server that was slow is asked again as an absent network is: it may answer by now.
  useBackgroundRefresh(load, lastLoaded, currentQuery, state.offline === true || state.slow === true);
  const retry = useCallback(() => startTransition(() => setAttempt((n) => n + 1)), []);
  /** Reads the list on screen again, quietly (the page's source learned more). */
  const refresh = useCallback(() => load(currentQuery(), true, true), [load, currentQuery]);
  // What is on screen belongs to `shownQuery`; while another query loads, the old list is hidden.
  return { query, state, showsWanted: sameQuery(query, shownQuery), retry, refresh };
}
