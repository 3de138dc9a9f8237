import { filterChips, NO_FILTERS, withoutChip, type Chip } from './filter-table';
import type { BoardQuery } from './query';

/*
 * The chosen filters as chips, each removed with one tap: the filter table's chips, and on city and
 * route pages (which have no search field) the search as one more. Apart from query.ts: the chips' code
 * comes with the filters' extras (a chunk loaded once a filter or a search is chosen).
 */

export type QueryChip = { key: 'search'; text: string } | Chip;

/** The query's chips in the table's order, the search first where `withSearch`. */
export function queryChips(query: BoardQuery, withSearch = false): QueryChip[] {
  const search: QueryChip[] = withSearch && query.search ? [{ key: 'search', text: query.search }] : [];
  return [...search, ...filterChips(query)];
}

/** The query without one chip, back on page 1 (a change of filters starts the list again). */
export function withoutQueryChip(query: BoardQuery, chip: QueryChip): BoardQuery {
  if (chip.key === 'search') return { ...query, page: 1, search: '' };
  return { ...withoutChip(query, chip), page: 1 };
}

/** The query with every filter cleared (the search too where `withSearch`), on page 1. */
export function withoutFilters(query: BoardQuery, withSearch = false): BoardQuery {
  return { ...query, ...NO_FILTERS, page: 1, search: withSearch ? '' : query.search };
}
