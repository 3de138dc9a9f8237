import type { Load } from '../api-client/types';
import { UNDATED, feedTime } from './atom';

/**
 * An entry's Atom `updated`, from the load's data alone (never the clock, never a record of earlier
 * builds): the posting time plus an offset under a minute that is a hash of everything the entry
 * shows (route, weight, vehicle, price and currency, loading date, posting time).
 *
 * Why not simply the posting time: a load whose price or loading date changes would keep its
 * `updated`, and readers that compare it would never show the change. Why not "the newest of the
 * posting time and a time taken from the data" (the loading date, say): the newest of two times hides
 * every change of the older one, and a price is no time at all. The API gives no time of a load's last
 * change, so no rule from the data can make `updated` grow with each change; this one makes it
 * *differ*, which is what Atom readers act on (an entry whose id comes again with another `updated`
 * is a revision). An unchanged load keeps the same value byte for byte; a changed one moves within the
 * minute after its posting, so the time stays true to the minute. Two versions of a load share a
 * value only when their hashes agree modulo 60,000 (about one change in 60,000).
 */
export const ENTRY_REVISION_SPAN_MS = 60_000;

export function entryUpdated(load: Load): Date {
  const base = feedTime(load.createdAt)?.getTime() ?? UNDATED.getTime();
  const shown = [load.from, load.to, load.weight, load.vehicleType, load.price, load.currency, load.loadingDate, load.createdAt];
  const offset = fnv1a(JSON.stringify(shown)) % ENTRY_REVISION_SPAN_MS;
  const later = new Date(base + offset);
  // At the far end of what RFC 3339 can write (year 9999), step back instead of past it.
  return feedTime(later.toISOString()) ? later : new Date(base - offset);
}

/** 32-bit FNV-1a over UTF-16 code units: small, fast and the same on every machine. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
