import { postedAt } from './posting-time';

/*
 * A module of its own: the board's first script moves the ages of the build's cards (built-cards.ts)
 * and compares refreshed lists by them (same-list.ts) without format.ts, whose price and date writers
 * only a card the browser renders needs (they come with its chunk).
 */

export type Age = { unit: 'minute' | 'hour' | 'day'; count: number } | null;

/** How long ago a load was posted, coarse enough to stay true between build and view. */
export function postedAge(createdAt: string | null, now: number): Age {
  const time = postedAt({ createdAt });
  if (!Number.isFinite(time)) return null;
  const minutes = Math.max(0, Math.floor((now - time) / 60000));
  if (minutes < 60) return { unit: 'minute', count: Math.max(1, minutes) };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hour', count: hours };
  return { unit: 'day', count: Math.floor(hours / 24) };
}
