import type { PublishedBoard, PublishedLoad } from '../../../src/feeds/published-board';
import { postedAt } from '../../../src/loads/posting-time';
import {
  type BoardRow,
  dayOfRun,
  listKey,
  listMatcher,
  listOrder,
  listWayFilter,
  type OnTheWayLoad,
  prepareBoard,
  wayOrder,
} from './board-match';
import { type KeptList, keptList } from './kept-list';
import { MAX_ALERT_LOADS } from './messages';
import { type AlertsState, type Cursor, laterCursor, type Subscription } from './state';

/**
 * What one run of the alerts sends, decided from the board and the state alone (no HTTP; the day is
 * given): for each subscription, the board's loads that its list holds (board-match.ts) and that were
 * posted after its cursor; a kept route's loads on the way too, as its page shows them. Chats that keep
 * the same list from the same point share one reading of the board, so ten thousand chats cost what
 * their distinct lists cost.
 */

export interface PlannedAlert {
  chat: string;
  subscription: Subscription;
  list: KeptList;
  /** The first MAX_ALERT_LOADS new loads: the list's own in its order, then a kept route's loads on the way. */
  loads: PublishedLoad[];
  /** What each of `loads` that is on the way of a kept route adds to the trip, km, by id. */
  detours: ReadonlyMap<string, number>;
  /** How many new loads the list holds in all, those on the way included. */
  total: number;
  /** Where the subscription's cursor goes once this alert is sent (or in flight). */
  upTo: Cursor;
  /** The oldest new load's posting time: the oldest alerts go first. */
  oldest: number;
}

export interface AlertsPlan {
  /** In sending order: every chat's first alert, oldest first, before any chat's second. */
  alerts: PlannedAlert[];
  /** Subscriptions with nothing new, and where their cursor may go: past every load the board holds. */
  quiet: Array<{ subscription: Subscription; upTo: Cursor }>;
  /** Subscriptions whose token this run cannot read (a version it does not know): left as they are. */
  unreadable: number;
  /** Distinct lists tested against the board. */
  lists: number;
}

function isAfter(id: string, posted: number, cursor: Cursor): boolean {
  return posted > cursor.at || (posted === cursor.at && !cursor.ids.includes(id));
}

/** The first index of `times` (ascending) at or after `at`. */
function firstAtOrAfter(times: readonly number[], at: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((times[middle] as number) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface Group {
  list: KeptList;
  since: Cursor;
  /** Each with its own reading of its token: the same list may be kept in other languages. */
  members: Array<{ chat: string; subscription: Subscription; list: KeptList }>;
}

/**
 * A cursor never passes `now`: a later one (a clock gone wrong before) counts from `now` instead, or the
 * search would hear nothing until the world caught up with it.
 */
function notAfter(cursor: Cursor, now: number): Cursor {
  return cursor.at > now ? { at: now, ids: [] } : cursor;
}

/**
 * `now`: the run's clock (and the build's, when earlier). A load stamped after it (a clock gone wrong in
 * the API) is not posted yet as far as this run knows: it matches nothing and moves no cursor, and is
 * sent once the clocks reach its time, if it is still on the board.
 */
export function planAlerts(
  board: PublishedBoard,
  state: AlertsState,
  today: string,
  vehicleNames: ReadonlyMap<string, string>,
  now: number,
): AlertsPlan {
  const prepared = prepareBoard(board.loads.filter((load) => !(postedAt(load) > now)));
  const { rows: all, times: allTimes } = prepared.all;
  const day = dayOfRun(today);
  const newestAt = allTimes.at(-1);
  // Past every load on the board: where a cursor goes once the run has looked.
  const boardCursor: Cursor | null =
    newestAt === undefined
      ? null
      : {
          at: newestAt,
          ids: all
            .filter((one) => postedAt(one.load) === newestAt)
            .map((one) => one.load.id)
            .sort(),
        };

  const groups = new Map<string, Group>();
  const readLists = new Map<string, KeptList | null>();
  let unreadable = 0;
  for (const [chat, subscriptions] of Object.entries(state.chats)) {
    for (const subscription of subscriptions) {
      if (!readLists.has(subscription.token)) {
        const read = keptList(subscription.token, today, vehicleNames);
        readLists.set(subscription.token, 'problem' in read ? null : read);
      }
      const list = readLists.get(subscription.token);
      if (!list) {
        unreadable += 1;
        continue;
      }
      const since = notAfter(subscription.since, now);
      const key = `${listKey(list)}|${since.at}|${since.ids.join(',')}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { list, since, members: [] }));
      group.members.push({ chat, subscription, list });
    }
  }

  const matchers = new Map<string, (load: BoardRow) => boolean>();
  const wayFilters = new Map<string, (one: OnTheWayLoad) => boolean>();
  const alerts: PlannedAlert[] = [];
  const quiet: AlertsPlan['quiet'] = [];
  for (const group of groups.values()) {
    const key = listKey(group.list);
    let matches = matchers.get(key);
    if (!matches) matchers.set(key, (matches = listMatcher(group.list, day)));
    const found: BoardRow[] = [];
    const { since } = group;
    for (const { rows, times } of prepared.rowsOf(group.list))
      for (let index = firstAtOrAfter(times, since.at); index < rows.length; index += 1) {
        const row = rows[index] as BoardRow;
        if (matches(row) && isAfter(row.load.id, times[index] as number, since)) found.push(row);
      }
    const wayRows = prepared.rowsOnTheWay(group.list, day);
    let way: OnTheWayLoad[] = [];
    if (wayRows) {
      let passes = wayFilters.get(key);
      if (!passes) wayFilters.set(key, (passes = listWayFilter(group.list, day)));
      way = wayRows.flatMap((part) => postedAfter(part, since, passes));
    }
    const own = firstInOrder(found, listOrder(group.list, day), MAX_ALERT_LOADS);
    const along = firstInOrder(way, wayOrder, Math.max(0, MAX_ALERT_LOADS - own.length));
    const shown = [...own, ...along.map((one) => one.one)].map((row) => row.load);
    const detours = new Map(along.map(({ one, detourKm }) => [one.load.id, detourKm]));
    const total = found.length + way.length;
    // Each part is oldest first, not the whole.
    let oldest = Infinity;
    for (const one of found) oldest = Math.min(oldest, one.row.posted);
    for (const { one } of way) oldest = Math.min(oldest, one.row.posted);
    for (const { chat, subscription, list } of group.members) {
      const upTo = boardCursor ? laterCursor(since, boardCursor) : since;
      if (total === 0) quiet.push({ subscription, upTo });
      else alerts.push({ chat, subscription, list, loads: shown, detours, total, upTo, oldest });
    }
  }
  return { alerts: sendingOrder(alerts), quiet, unreadable, lists: matchers.size };
}

/** The loads of `rows` posted after the cursor that `passes` keeps, oldest first. */
function postedAfter<T extends { one: BoardRow }>(
  { rows, times }: { rows: readonly T[]; times: readonly number[] },
  since: Cursor,
  passes: (row: T) => boolean,
): T[] {
  const after: T[] = [];
  for (let index = firstAtOrAfter(times, since.at); index < rows.length; index += 1) {
    const row = rows[index] as T;
    if (isAfter(row.one.load.id, times[index] as number, since) && passes(row)) after.push(row);
  }
  return after;
}

/** The first `count` of `items` in `order`, without sorting them all (a list of the whole board may match). */
function firstInOrder<T>(items: readonly T[], order: (a: T, b: T) => number, count: number): T[] {
  const first: T[] = [];
  if (count === 0) return first;
  for (const item of items) {
    if (first.length === count && order(item, first[count - 1] as T) >= 0) continue;
    let at = Math.min(first.length, count - 1);
    while (at > 0 && order(item, first[at - 1] as T) < 0) at -= 1;
    first.splice(at, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}

/**
 * Oldest first, and a chat's second alert only after every chat's first (Telegram takes one message a
 * second in one chat): a run cut short by its time budget has served the most chats.
 */
function sendingOrder(alerts: PlannedAlert[]): PlannedAlert[] {
  const byAge = [...alerts].sort((a, b) => a.oldest - b.oldest);
  const seen = new Map<string, number>();
  const ranked = byAge.map((alert, index) => {
    const rank = seen.get(alert.chat) ?? 0;
    seen.set(alert.chat, rank + 1);
    return { alert, rank, index };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((entry) => entry.alert);
}
