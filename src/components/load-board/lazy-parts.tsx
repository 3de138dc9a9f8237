import React from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../lazy-part';
import * as styles from './load-board.module.css';

/**
 * The board's parts fetched on first use, never with the page's first script: the filter panel on the
 * first tap of "Filters"; the filters' extras (chips, "keep this search", the kept searches, the
 * freshness line) once a filter, a search or a kept search is there, or a city or route page's "keep this
 * search" is tapped; the panels of a list that is not there (an error, nothing found, a page past the
 * end). Each import names its chunk: the offline worker keeps these chunks when a board, city or route
 * page is visited (TAP_CHUNKS in src/offline/policy.ts), so a tap without a network finds them.
 */
export const loadFilterPanel = () => import(/* webpackChunkName: "board-tap-filter-panel" */ './filter-panel');
const loadFilterExtras = () => import(/* webpackChunkName: "board-tap-filter-extras" */ './filter-extras-chunk');
/** Fetches the chips' and saved searches' code ahead of a tap that needs it (a failure is the part's to tell). */
export const preloadFilterExtras = () => void loadFilterExtras().catch(() => undefined);
const loadStates = () => import(/* webpackChunkName: "board-tap-states" */ './board-states');

/**
 * Fetches the states' code (an error, nothing found, a page past the end: under 1 KB) at the visitor's
 * first touch of the page, ahead of the tap that may need it: a network that stops answering would hold
 * it then. Not with the page: a first visit fetches only what it shows. The line of a list that did not
 * open is in the first script (not-opened-line.tsx): it is what must come when the network has stopped.
 */
export function preloadStatesOnFirstTouch(): void {
  const run = () => void loadStates().catch(() => undefined);
  // Each listener once: a second fetch of a chunk webpack has is no request.
  for (const type of ['pointerdown', 'keydown', 'focusin']) window.addEventListener(type, run, { once: true, capture: true });
}

/** While the panel's code comes: its options are being counted. */
function LoadingOptions() {
  const { t } = useTranslation('loads');
  return <p className={styles.count}>{t('filters.loadingOptions')}</p>;
}

export const FilterPanel = lazyPart(() => loadFilterPanel().then((panel) => panel.default), LoadingOptions);
export const FilterChips = lazyPart(() => loadFilterExtras().then((extras) => extras.FilterChips));
export const FreshnessLine = lazyPart(() => loadFilterExtras().then((extras) => extras.FreshnessLine));
export const SavedSearchList = lazyPart(() => loadFilterExtras().then((extras) => extras.SavedSearchList));
export const BoardError = lazyPart(() => loadStates().then((states) => states.BoardError));
export const BoardEmpty = lazyPart(() => loadStates().then((states) => states.BoardEmpty));
export const BoardBeyond = lazyPart(() => loadStates().then((states) => states.BoardBeyond));
