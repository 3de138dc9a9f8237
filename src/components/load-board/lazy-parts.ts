import { lazyPart } from '../lazy-part';

/**
 * The board's parts fetched on first use, never with the page's first script: the filter panel on the
 * first tap of "Filters", and the filters' extras (chips, "keep this search", the kept searches, the
 * freshness line) once a filter, a search or a kept search is there. Each import names its chunk: the
 * offline worker keeps these chunks when a board, city or route page is visited (TAP_CHUNKS in
 * src/offline/policy.ts), so a tap without a network finds them.
 */
export const loadFilterPanel = () => import(/* webpackChunkName: "board-tap-filter-panel" */ './filter-panel');
export const loadFilterExtras = () => import(/* webpackChunkName: "board-tap-filter-extras" */ './filter-extras');

export const FilterPanel = lazyPart(() => loadFilterPanel().then((panel) => panel.default));
export const FilterChips = lazyPart(() => loadFilterExtras().then((extras) => extras.FilterChips));
export const FreshnessLine = lazyPart(() => loadFilterExtras().then((extras) => extras.FreshnessLine));
export const SavedSearchList = lazyPart(() => loadFilterExtras().then((extras) => extras.SavedSearchList));
