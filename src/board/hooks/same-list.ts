import type { LoadList } from '../../api-client/types';
import { postedAge } from '../../loads/posted-age';
import { sameCardFields } from '../../loads/card-content';

/** The same list on screen: the same total and pages, the same loads as far as a card shows them, in the same order. */
function sameLoadList(a: LoadList, b: LoadList): boolean {
  return (
    a.total === b.total &&
    a.totalBound === b.totalBound &&
    a.beyond === b.beyond &&
    a.page === b.page &&
    a.limit === b.limit &&
    a.loads.length === b.loads.length &&
    a.loads.every((load, index) => {
      const other = b.loads[index];
      return other !== undefined && sameCardFields(load, other);
    })
  );
}

/** Whether the screen shows this list, the same loads in the same order, whatever their ages read. */
export function sameLoadsOnScreen(shown: { status: string; list: LoadList | null }, list: LoadList): boolean {
  return shown.status === 'ready' && shown.list !== null && sameLoadList(shown.list, list);
}

/**
 * Whether a list read at `loadedAt` would change nothing on a screen that shows `shown`, read at
 * `shown.loadedAt`: the same loads in the same order, each "posted … ago" the same. The board then keeps
 * its state as it is, so React renders nothing (a refresh on arrival or on a return to the tab usually
 * brings the loads already shown).
 */
export function unchangedOnScreen(
  shown: { status: string; list: LoadList | null; loadedAt: number },
  list: LoadList,
  loadedAt: number,
): boolean {
  return (
    sameLoadsOnScreen(shown, list) &&
    list.loads.every((load) => {
      const before = postedAge(load.createdAt, shown.loadedAt);
      const after = postedAge(load.createdAt, loadedAt);
      return before?.unit === after?.unit && before?.count === after?.count;
    })
  );
}
