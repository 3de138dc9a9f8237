import { fetchLoadsPage } from '../../api-client/client';
import { followsOrder, listOrderOf, type ListOrder } from '../../api-client/list-order';
import type { Load } from '../../api-client/types';
import { PAGE_SIZE } from '../../config/constants';
import { newestFirst, postedAt } from '../../loads/posting-time';

/**
 * Reading the API's list from its newest end, whatever its order (CONTRACT.md, "The API as the site
 * calls it"): the first pages of a list that lists the newest first, the last pages (which its `total`
 * locates) of one that lists the oldest first, and of one with no order of posting as many pages as the
 * bound allows, from the first. The board reads the loads posted since the build this way (posted-since.ts),
 * and a text search that has filters (list-query.ts). Every page read is checked against the order: a
 * list that breaks it is read as one with no order.
 */

/** What was read from the newest end of a list. */
export interface NewestEnd {
  /** Every load read, each once, newest first. */
  loads: Load[];
  /** The whole list was read. */
  whole: boolean;
  /**
   * Every load of the list posted after this time was read (the oldest time read, for an ordered list
   * read past `until`): -Infinity when the whole list was read, +Infinity when nothing can be said.
   */
  coveredFrom: number;
  /** The total the API reported with its last answer, if any. */
  total: number | null;
  /** The oldest time a copy the offline worker kept was seen, when any answer was one. */
  seenAt: number | null;
  /** Every kept copy stood in for an API that was slow to answer, none for a request that failed. */
  slow: boolean;
  /** The order the read found the list in ('none' when a page broke the order the build learned). */
  order: ListOrder;
}

export interface NewestEndOptions {
  search?: string;
  order: ListOrder;
  /** Read until a load posted at or before this time has been read (the build's newest posting). */
  until: number;
  /** Pages read at most (one more to find the last page of an oldest-first list). */
  pages: number;
  /** About how many loads the list holds (the build's count): where an oldest-first list's last page is guessed. */
  totalHint: number;
  signal: AbortSignal;
}

interface Page {
  loads: Load[];
  received: number;
  total: number | null;
  seenAt: number | null;
  slow: boolean;
}

async function readPage(page: number, search: string | undefined, signal: AbortSignal): Promise<Page> {
  const { list, reportedTotal, received } = await fetchLoadsPage({ page, limit: PAGE_SIZE, search: search || undefined }, { signal });
  return { loads: list.loads, received, total: reportedTotal, seenAt: list.seenAt ?? null, slow: list.slow === true };
}

const lastPageOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** A page in reading order; `unordered`: the list cannot be read from its newest end after all. */
interface ReadStep {
  page: Page;
  last: boolean;
  unordered?: boolean;
}

/** The pages to read, in reading order, for an order. */
async function* pagesFromNewestEnd(options: NewestEndOptions): AsyncGenerator<ReadStep> {
  const { search, signal } = options;
  let forward = options.order !== 'oldest';
  if (!forward) {
    // Oldest first: the newest loads are on the last page, which the total locates. The build's count
    // is the guess; the answer's total corrects it, at the cost of one more request when the guess missed.
    let number = lastPageOf(options.totalHint);
    let page = await readPage(number, search, signal);
    if (page.total !== null && lastPageOf(page.total) !== number) {
      number = lastPageOf(page.total);
      page = await readPage(number, search, signal);
    }
    if (page.total === null && number > 1) {
      // No total (a bare array): the last page cannot be located, so the list is read as one with no order.
      forward = true;
    } else {
      for (;;) {
        yield { page, last: number === 1 };
        if (number === 1) return;
        number -= 1;
        page = await readPage(number, search, signal);
      }
    }
  }
  if (forward) {
    for (let number = 1; ; number += 1) {
      const page = await readPage(number, search, signal);
      const last = page.received < PAGE_SIZE || (page.total !== null && number * PAGE_SIZE >= page.total);
      yield { page, last, unordered: options.order === 'oldest' };
      if (last) return;
    }
  }
}

/**
 * Reads the list from its newest end until a load no newer than `until` was read, the list ended, or
 * `pages` pages were read. A list whose pages break the order the build learned is read as having none,
 * unless its first page shows the other order (the API changed it since the build): it is then read
 * again from the other end.
 */
export async function readNewestEnd(options: NewestEndOptions): Promise<NewestEnd> {
  const read = await readFromNewestEnd(options);
  const other = options.order === 'newest' ? 'oldest' : options.order === 'oldest' ? 'newest' : null;
  if (other && read.order === 'none' && read.firstOrder === other)
    return readFromNewestEnd({ ...options, order: other, totalHint: read.total ?? options.totalHint });
  return read;
}

async function readFromNewestEnd(options: NewestEndOptions): Promise<NewestEnd & { firstOrder: ListOrder }> {
  const byId = new Map<string, Load>();
  let order = options.order;
  let total: number | null = null;
  let seenAt: number | null = null;
  let slow = true;
  let whole = false;
  let reachedUntil = false;
  let read = 0;
  let previous: Load[] = [];
  let firstOrder: ListOrder = 'none';
  const budget = options.pages + (order === 'oldest' ? 1 : 0);
  for await (const { page, last, unordered } of pagesFromNewestEnd(options)) {
    read += 1;
    if (read === 1) firstOrder = listOrderOf(page.loads);
    if (unordered) order = 'none';
    total = page.total;
    if (page.seenAt !== null) {
      seenAt = Math.min(seenAt ?? page.seenAt, page.seenAt);
      slow &&= page.slow;
    }
    // In reading order the times fall: each page, and across pages, newer first.
    const newestFirstPage = order === 'oldest' ? [...page.loads].reverse() : page.loads;
    if (order !== 'none' && !followsOrder([...previous.slice(-1), ...newestFirstPage], 'newest')) order = 'none';
    previous = newestFirstPage;
    for (const load of page.loads) if (!byId.has(load.id)) byId.set(load.id, load);
    if (page.loads.some((load) => postedAt(load) <= options.until)) reachedUntil = true;
    if (last) whole = true;
    if (whole || (order !== 'none' && reachedUntil) || read >= budget) break;
  }
  const loads = [...byId.values()].sort(newestFirst);
  const oldest = loads.length > 0 ? postedAt(loads[loads.length - 1] as Load) : Infinity;
  const coveredFrom = whole ? -Infinity : order !== 'none' ? oldest : Infinity;
  return { loads, whole, coveredFrom, total, seenAt, slow: seenAt !== null && slow, order, firstOrder };
}
