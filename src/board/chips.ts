import { FIRST_PAGE, type BoardQuery } from './query';

/*
 * The chosen filters as chips, apart from query.ts: the chips' code comes with the filters' extras
 * (a chunk loaded once a filter or a search is chosen), not with the board's first script.
 */

/** One chosen filter, as a chip shows it and one tap removes it. */
export type ActiveFilter =
  | { kind: 'search'; text: string }
  | { kind: 'vehicle'; name: string }
  | { kind: 'weight'; min: number | null; max: number | null }
  | { kind: 'loading'; from: string | null; to: string | null }
  | { kind: 'sort' };

/** The query's filters, one chip each (the weight and the loading day are each one range). */
export function activeFilters(query: BoardQuery, withSearch = false): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (withSearch && query.search) chips.push({ kind: 'search', text: query.search });
  for (const name of query.vehicles) chips.push({ kind: 'vehicle', name });
  if (query.weightMin !== null || query.weightMax !== null) chips.push({ kind: 'weight', min: query.weightMin, max: query.weightMax });
  if (query.loadingFrom || query.loadingTo) chips.push({ kind: 'loading', from: query.loadingFrom, to: query.loadingTo });
  if (query.sort !== 'newest') chips.push({ kind: 'sort' });
  return chips;
}

/** The query without one filter, back on page 1 (a change of filters starts the list again). */
export function withoutFilter(query: BoardQuery, filter: ActiveFilter): BoardQuery {
  const next: BoardQuery = { ...query, page: 1 };
  switch (filter.kind) {
    case 'search':
      return { ...next, search: '' };
    case 'vehicle':
      return { ...next, vehicles: query.vehicles.filter((name) => name.toLowerCase() !== filter.name.toLowerCase()) };
    case 'weight':
      return { ...next, weightMin: null, weightMax: null };
    case 'loading':
      return { ...next, loadingFrom: null, loadingTo: null };
    default:
      return { ...next, sort: 'newest' };
  }
}

/** The query with every filter cleared (the search too where `withSearch`), on page 1. */
export function withoutFilters(query: BoardQuery, withSearch = false): BoardQuery {
  return { ...FIRST_PAGE, search: withSearch ? '' : query.search };
}
