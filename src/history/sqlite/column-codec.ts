import type { SqlValue } from './connection';

/*
 * Many rows as one. A read of half a million rows row by row costs a call into the native module per
 * row and per value (2.6 s for the rates' window at a million loads, measured); aggregated, each column
 * crosses as one string (1.0 s). All aggregates of one query visit the rows in the same order, so the
 * lists line up. Numbers go through group_concat, whose text of a double reads back as the same double
 * (json_group_array rounds to 15 digits); texts through json_group_array, which escapes them.
 */

/** SQL: a column of numbers, nulls as empty items, as one text. Read back with `numbersOf`. */
export function numberList(expression: string): string {
  return `group_concat(coalesce(${expression}, ''), ',')`;
}

/** SQL: a column of texts as one JSON array. Read back with `textsOf`. */
export function textList(expression: string): string {
  return `json_group_array(${expression})`;
}

/**
 * A `numberList`, NaN for null (SQLite stores no NaN). Integers, and doubles SQLite writes as
 * `6500000.0`, are read digit by digit; anything else as JavaScript reads a number literal, which gives
 * the same double SQLite wrote.
 */
export function numbersOf(list: SqlValue | undefined, count: number): Float64Array {
  const numbers = new Float64Array(count);
  if (count === 0) return numbers;
  const text = String(list);
  let at = 0;
  for (let index = 0; index < count; index++) {
    const comma = text.indexOf(',', at);
    const end = comma < 0 ? text.length : comma;
    numbers[index] = end === at ? NaN : numberAt(text, at, end);
    at = end + 1;
  }
  if (at !== text.length + 1) throw new Error(`a list of more than ${count} numbers`);
  return numbers;
}

/** Beyond 15 digits an integer may not be exact in a double: JavaScript's own reading then. */
const MAX_PLAIN_DIGITS = 15;

function numberAt(text: string, start: number, end: number): number {
  const negative = text.charCodeAt(start) === 45; // '-'
  let at = negative ? start + 1 : start;
  let value = 0;
  for (; at < end; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  const digits = at - (negative ? start + 1 : start);
  const integral = at === end || (at + 2 === end && text.charCodeAt(at) === 46 && text.charCodeAt(at + 1) === 48); // '.0'
  if (!integral || digits === 0 || digits > MAX_PLAIN_DIGITS) return Number(text.slice(start, end));
  return negative ? -value : value;
}

/** A `textList`. */
export function textsOf(json: SqlValue | undefined, count: number): string[] {
  const items = count === 0 ? [] : (JSON.parse(String(json)) as string[]);
  if (items.length !== count) throw new Error(`a list of ${items.length} texts for ${count} rows`);
  return items;
}

/** An item of `numbersOf`: null where the column was. */
export const orNull = (value: number | undefined): number | null => (value === undefined || Number.isNaN(value) ? null : value);

/**
 * Places, titles, vehicle types and currencies repeat across hundreds of thousands of rows: each
 * distinct text is one string in memory, not one per row.
 */
export function shared(texts: Map<SqlValue | undefined, string>, value: SqlValue | undefined): string {
  let found = texts.get(value);
  if (found === undefined) {
    found = String(value);
    texts.set(value, found);
  }
  return found;
}

/** Times are stored as epoch ms and handed out as the API's ISO strings. */
export function isoOrNull(ms: SqlValue | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
}

export function isoToMs(iso: string | null): number | null {
  return iso === null ? null : Date.parse(iso);
}
