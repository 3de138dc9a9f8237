import type { Load } from './types';

/**
 * The order of posting in which the API lists its loads. It is the marketplace's, not ours, and nothing
 * in SPEC.md fixes it (CONTRACT.md, "The API as the site calls it"): newest first, oldest first (a new
 * load appended at the end, as an offset list ordered by id does), or no order of posting at all. The
 * build learns it from the whole list it read; the browser checks every page it reads against it, and
 * treats a list that breaks it as one with no order.
 */
export type ListOrder = 'newest' | 'oldest' | 'none';

export const LIST_ORDERS: readonly ListOrder[] = ['newest', 'oldest', 'none'];

/** Posting times of the dated loads, in the list's order (an undated load says nothing of the order). */
function datedTimes(loads: ReadonlyArray<Pick<Load, 'createdAt'>>): number[] {
  const times: number[] = [];
  for (const load of loads) {
    const time = load.createdAt ? Date.parse(load.createdAt) : NaN;
    if (Number.isFinite(time)) times.push(time);
  }
  return times;
}

type Direction = 'falls' | 'rises' | 'flat' | 'mixed';

function directionOf(loads: ReadonlyArray<Pick<Load, 'createdAt'>>): Direction {
  const times = datedTimes(loads);
  let falls = false;
  let rises = false;
  for (let index = 1; index < times.length; index += 1) {
    const step = (times[index] as number) - (times[index - 1] as number);
    if (step < 0) falls = true;
    else if (step > 0) rises = true;
  }
  if (falls && rises) return 'mixed';
  return falls ? 'falls' : rises ? 'rises' : 'flat';
}

/**
 * The order a list was served in, from its loads in that order. Equal times fit either direction. A list
 * whose times never differ (fewer than two distinct times) shows no order, and none is assumed.
 */
export function listOrderOf(loads: ReadonlyArray<Pick<Load, 'createdAt'>>): ListOrder {
  const direction = directionOf(loads);
  return direction === 'falls' ? 'newest' : direction === 'rises' ? 'oldest' : 'none';
}

/** Whether loads read from a list, in the order it served them, are consistent with `order`. */
export function followsOrder(loads: ReadonlyArray<Pick<Load, 'createdAt'>>, order: ListOrder): boolean {
  const direction = directionOf(loads);
  if (order === 'newest') return direction === 'falls' || direction === 'flat';
  if (order === 'oldest') return direction === 'rises' || direction === 'flat';
  return true;
}

/** An order as a page context or a file carries it; anything else is no order. */
export function readListOrder(value: unknown): ListOrder {
  return value === 'newest' || value === 'oldest' ? value : 'none';
}
