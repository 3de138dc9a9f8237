import { MAX_VEHICLES, NEAR_MAX_KM, type FilterKey, type FilterValues } from './filter-table';

/*
 * Each filter's codec in a kept search's Telegram token, keyed as the filter table (filter-table.ts) and
 * the matcher's MATCH_TABLE are: a table of its own, so the codecs come with the token's code and not
 * with the board's first script, which the filter table is part of. Its type holds one codec for every
 * filter of the table, so a new filter does not compile without one (docs/board.md, "Adding a filter").
 */

/**
 * What a filter's token codec writes with (alert-token.ts makes it): numbers in bits, and the values the
 * filters hold, each as the token keeps it. A value no token holds (a type the API's dictionary has no id
 * for, a weight of four decimals) stops the writing: the search has no link.
 */
export interface TokenWriter {
  bits(value: number, count: number): void;
  varint(value: number): void;
  tonnes(tonnes: number): void;
  /** A loading day, kept relative to the day the token is made. */
  day(day: string): void;
  /** A vehicle type, by the API dictionary's id. */
  vehicle(name: string): void;
}

/** What a filter's token codec reads from; each read refuses the token past what a search can hold. */
export interface TokenReader {
  bits(count: number): number;
  varint(): number;
  /** Tonnes up to what a truck carries. */
  tonnes(): number;
  /** A loading day within a year of the reader's. */
  day(): string;
  /** A vehicle type by the reader's dictionary's name; null: an id it no longer lists. */
  vehicle(): string | null;
  /** Refuses the token, as a broken one is refused: a value no search can have. */
  refuse(): never;
  /** The token's list is a route, whose destination may have a radius of its own (the URL's `routeList`). */
  readonly routeList: boolean;
}

/** A filter in a kept search's token: its 4-bit tag (1-15, never reused) and its value's bits, written when set. */
export interface TokenCodec<K extends FilterKey> {
  tag: number;
  write(value: FilterValues[K], out: TokenWriter): void;
  read(input: TokenReader): FilterValues[K];
}

/** A range in a token: 2 bits say which ends it has, then each end. */
function writeEnds<T>(ends: readonly [T | null, T | null], out: TokenWriter, each: (end: T) => void): void {
  out.bits((ends[0] === null ? 0 : 2) + (ends[1] === null ? 0 : 1), 2);
  for (const end of ends) if (end !== null) each(end);
}

/** A range read back: a set filter has an end, and its ends are in order, as the board writes them. */
function readEnds<T extends number | string>(input: TokenReader, each: () => T): [T | null, T | null] {
  const ends = input.bits(2);
  const first = ends & 2 ? each() : null;
  const last = ends & 1 ? each() : null;
  if (ends === 0 || (first !== null && last !== null && first > last)) input.refuse();
  return [first, last];
}

export const FILTER_TOKENS: { readonly [K in FilterKey]: TokenCodec<K> } = {
  vehicle: {
    tag: 1,
    write: (value, out) => {
      out.varint(value.length - 1);
      for (const name of value) out.vehicle(name);
    },
    // A type the dictionary no longer lists is dropped here and counted by the reader.
    read: (input) => {
      const count = input.varint() + 1;
      if (count > MAX_VEHICLES) input.refuse();
      return Array.from({ length: count }, () => input.vehicle()).filter((name): name is string => name !== null);
    },
  },
  weight: {
    tag: 2,
    write: ({ min, max }, out) => writeEnds([min, max], out, (tonnes) => out.tonnes(tonnes)),
    read: (input) => {
      const [min, max] = readEnds(input, () => input.tonnes());
      return { min, max };
    },
  },
  loading: {
    tag: 3,
    write: ({ from, to }, out) => writeEnds([from, to], out, (day) => out.day(day)),
    read: (input) => {
      const [from, to] = readEnds(input, () => input.day());
      return { from, to };
    },
  },
  near: {
    tag: 4,
    write: (value, out) => out.varint(value ?? 0),
    read: (input) => {
      const km = input.varint();
      return km >= 1 && km <= NEAR_MAX_KM ? km : input.refuse();
    },
  },
  // The one order besides the default: its tag alone says it.
  sort: { tag: 5, write: () => undefined, read: () => 'loading' },
  // Written only when set, so 0 is the destination alone; a route's only, as the URL reads it.
  nearTo: {
    tag: 6,
    write: (value, out) => out.varint(value ?? 0),
    read: (input) => {
      const km = input.varint();
      return input.routeList && km <= NEAR_MAX_KM ? km : input.refuse();
    },
  },
};
