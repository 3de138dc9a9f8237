import type { PublishedBoard, PublishedLoad } from '../../../src/feeds/published-board';
import { postedAt } from '../../../src/loads/posting-time';
import { listKey, listMatcher, listOrder } from './board-match';
import { type KeptList, keptList } from './kept-list';
import { MAX_ALERT_LOADS } from './messages';
import { type AlertsState, type Cursor, laterCursor, type Subscription } from './state';

/**
 * What one run of the alerts sends, decided from the board and the state alone (no HTTP; the day is
 * given): for each subscription, the board's loads that its list holds (board-match.ts) and that were
 * posted after its cursor. Chats that keep the same list from the same point share one reading of the
 * board, so ten thousand chats cost what their distinct lists cost.
 */

export interface PlannedAlert {
  chat: string;
  subscription: Subscription;
  list: KeptList;
  /** The first MAX_ALERT_LOADS new loads, in the list's order. */
  loads: PublishedLoad[];
  /** How many new loads the list holds in all. */
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

function isAfter(load: PublishedLoad, posted: number, cursor: Cursor): boolean {
  return posted > cursor.at || (posted === cursor.at && !cursor.ids.includes(load.id));
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
  members: Array<{ chat: string; subscription: Subscription }>;
}

export function planAlerts(
  board: PublishedBoard,
  state: AlertsState,
  today: string,
  vehicleNames: ReadonlyMap<string, string>,
): AlertsPlan {
  const dated = board.loads.map((load) => ({ load, posted: postedAt(load) })).filter((entry) => Number.isFinite(entry.posted));
  dated.sort((a, b) => a.posted - b.posted);
  const times = dated.map((entry) => entry.posted);
  const newestAt = times.at(-1);
  // Past every load on the board: where a cursor goes once the run has looked.
  const boardCursor: Cursor | null =
    newestAt === undefined
      ? null
      : {
          at: newestAt,
          ids: dated
            .filter((entry) => entry.posted === newestAt)
            .map((entry) => entry.load.id)
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
      const key = `${listKey(list)}|${subscription.since.at}|${subscription.since.ids.join(',')}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { list, since: subscription.since, members: [] }));
      group.members.push({ chat, subscription });
    }
  }

  const matchers = new Map<string, (load: PublishedLoad) => boolean>();
  const alerts: PlannedAlert[] = [];
  const quiet: AlertsPlan['quiet'] = [];
  for (const group of groups.values()) {
    const key = listKey(group.list);
    let matches = matchers.get(key);
    if (!matches) matchers.set(key, (matches = listMatcher(group.list)));
    const found: Array<{ load: PublishedLoad; posted: number }> = [];
    for (let index = firstAtOrAfter(times, group.since.at); index < dated.length; index += 1) {
      const entry = dated[index] as { load: PublishedLoad; posted: number };
      if (isAfter(entry.load, entry.posted, group.since) && matches(entry.load)) found.push(entry);
    }
    const shown = found
      .map((entry) => entry.load)
      .sort(listOrder(group.list))
      .slice(0, MAX_ALERT_LOADS);
    for (const { chat, subscription } of group.members) {
      const upTo = boardCursor ? laterCursor(subscription.since, boardCursor) : subscription.since;
      if (found.length === 0) quiet.push({ subscription, upTo });
      else alerts.push({ chat, subscription, list: group.list, loads: shown, total: found.length, upTo, oldest: found[0]?.posted ?? 0 });
    }
  }
  return { alerts: sendingOrder(alerts), quiet, unreadable, lists: matchers.size };
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
