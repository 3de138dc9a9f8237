import { NEAR_MAX_KM, NO_FILTERS, type FilterValues } from './filter-table';
import type { TokenReader } from './filter-tokens';

/**
 * The filters of a version 1 token (alert-token.ts), as links handed out before version 2 hold them: a
 * tag per bound (1 the vehicle types, 2 and 3 the weight's, 4 and 5 the loading days', 6 the loading
 * order, 7 `near`), each with the same bits as version 2 gives the value. Frozen: no filter added later is
 * in a version 1 token, so nothing here grows.
 */
const V1_TAGS: Readonly<Record<number, (input: TokenReader, filters: FilterValues) => void>> = {
  1: (input, filters) => {
    const count = input.varint() + 1;
    filters.vehicle = Array.from({ length: count }, () => input.vehicle()).filter((name): name is string => name !== null);
  },
  2: (input, filters) => void (filters.weight = { ...filters.weight, min: input.tonnes() }),
  3: (input, filters) => void (filters.weight = { ...filters.weight, max: input.tonnes() }),
  4: (input, filters) => void (filters.loading = { ...filters.loading, from: input.day() }),
  5: (input, filters) => void (filters.loading = { ...filters.loading, to: input.day() }),
  6: (_input, filters) => void (filters.sort = 'loading'),
  7: (input, filters) => {
    const km = input.varint();
    filters.near = km >= 1 && km <= NEAR_MAX_KM ? km : input.refuse();
  },
};

export function readFiltersV1(input: TokenReader): FilterValues {
  const filters: FilterValues = { ...NO_FILTERS };
  let lastTag = 0;
  for (;;) {
    const tag = input.bits(4);
    if (tag === 0) break;
    const read = V1_TAGS[tag];
    if (!read || tag <= lastTag) input.refuse();
    read(input, filters);
    lastTag = tag;
  }
  const { weight, loading } = filters;
  if (weight.min !== null && weight.max !== null && weight.min > weight.max) input.refuse();
  if (loading.from !== null && loading.to !== null && loading.from > loading.to) input.refuse();
  return filters;
}
