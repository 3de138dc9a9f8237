import type { PublishedBoard, PublishedLoad } from '../../src/feeds/published-board';
import { newestFirst } from '../../src/loads/posting-time';
import { DAY_MS } from '../../src/config/time';
import type { TelegramState } from './state';

/** What one run does, decided from the board and the state alone (no HTTP, no clock but `now`). */
export interface RunPlan {
  /** New loads to post, and loads refused by an earlier run, oldest first, so the channel reads in posting order. */
  post: PublishedLoad[];
  /** Loads whose post is to be marked closed: they left the board. */
  close: string[];
  /** Loads back on the board whose post is marked closed: edited back to the open post. */
  reopen: PublishedLoad[];
  /** First run only: loads recorded as seen and not posted, so a new channel is not flooded. */
  seen: string[];
  /** Records to drop: seen-only loads that left the board, and closed posts past their keeping time. */
  forget: string[];
}

export interface PlanOptions {
  /** How many of the newest loads a first run posts. */
  firstPosts: number;
  now: Date;
  /** Closed posts are remembered this long, so a load that briefly comes back is not posted again. */
  keepClosedDays: number;
}

/** `state` null: the first run in this chat. */
export function planRun(board: PublishedBoard, state: TelegramState | null, options: PlanOptions): RunPlan {
  // The build writes the board newest first; sorted again here because the channel's order depends on it.
  const loads = [...board.loads].sort(newestFirst);
  if (!state) {
    const count = Math.max(0, Math.floor(options.firstPosts));
    return {
      post: loads.slice(0, count).reverse(),
      close: [],
      reopen: [],
      seen: loads.slice(count).map((load) => load.id),
      forget: [],
    };
  }
  const onBoard = new Set(loads.map((load) => load.id));
  const post = loads.filter((load) => {
    const record = Object.prototype.hasOwnProperty.call(state.posts, load.id) ? state.posts[load.id] : undefined;
    // A load Telegram refused in an earlier run is tried again until it is given up (run.ts).
    return !record || (record.message === null && record.failed !== undefined && record.gaveUp === undefined);
  });
  post.reverse();
  // A post given up on (its closing refused run after run) is left as it is, open or not.
  const reopen = loads.filter((load) => {
    const record = Object.prototype.hasOwnProperty.call(state.posts, load.id) ? state.posts[load.id] : undefined;
    return record !== undefined && record.message !== null && record.closed !== undefined && record.gaveUp === undefined;
  });
  const close: string[] = [];
  const forget: string[] = [];
  const keepUntil = options.now.getTime() - options.keepClosedDays * DAY_MS;
  for (const [id, record] of Object.entries(state.posts)) {
    if (onBoard.has(id)) continue;
    if (record.message === null) forget.push(id);
    else if (!record.closed) close.push(id);
    else if (Date.parse(record.closed) < keepUntil) forget.push(id);
  }
  return { post, close, reopen, seen: [], forget };
}
