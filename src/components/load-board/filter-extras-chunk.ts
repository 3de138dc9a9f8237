/*
 * The one entry of the chunk `board-tap-filter-extras` (lazy-parts.tsx loads it once a filter, a search or
 * a kept search is there; the offline worker keeps it by that name, src/offline/policy.ts): the chips,
 * the saved searches and the freshness line come together, and the board's first script has none of them.
 */
export { FilterChips } from './filter-chips';
export { SavedSearchList } from './saved-search-list';
export { FreshnessLine } from './freshness-line';
