import type { LanguagePrefix } from '../config/languages';
import { listOfPath, listPathOf } from '../config/routes';
import { DAY_MS } from '../config/time';
import { readFiltersV1 } from './alert-token-v1';
import { FILTER_KEYS, FILTERS, filtersOf, NO_FILTERS, type FilterEntry, type FilterValues } from './filter-table';
import { FILTER_TOKENS, type TokenCodec, type TokenReader, type TokenWriter } from './filter-tokens';
import type { BoardQuery } from './query';
import { BitReader, BitWriter, crc8, fromBase64Url, Malformed, toBase64Url } from './token-bits';

/**
 * The `start` token of a Telegram alerts link (`https://t.me/{bot}?start={token}`, CONTRACT.md
 * "Telegram alerts"): a kept search, its list and its language, in at most 64 characters of
 * `A-Za-z0-9_-`, as Telegram allows. Pure and shared: the board writes it (src/board/saved/alert-link.ts),
 * `npm run telegram -- alerts` reads it (tools/telegram/alerts/), both in the filter table's own shape.
 *
 * Layout, a stream of bits (token-bits.ts), then base64url without padding:
 * - 8 bits: the version (ALERT_TOKEN_VERSION). A reader that does not know it says so and keeps nothing.
 * - 2 bits: the language (LANGUAGE_CODES); 2 bits: the list (board, from a place, to a place, a route),
 *   followed by the list's place slugs (`slug` below).
 * - 1 bit: the search names a known place; then its slug. A free-text search has no token (it can only
 *   be matched by the API's own search).
 * - the filters that are set, each as its 4-bit tag and its value, by the filter table's own token codec
 *   (filter-table.ts, `token`), in tag order, each at most once; tag 0 ends them. Adding a filter adds
 *   nothing here. Version 1 tokens, handed out before, kept a tag per bound (alert-token-v1.ts).
 * - zero bits up to the byte; then one byte, a CRC-8 of every byte before it, so a token cut short
 *   (every lost character loses the last byte) or one that is not ours is refused rather than misread.
 *
 * Numbers are varints of 4-bit groups (a group, then 1 bit: more follow). A slug is 5 bits a
 * character: 1-26 a-z, 27 `-`, 28 and 4 bits a digit, 0 its end. Loading days are kept relative to the
 * Tashkent day the link was made, so "tomorrow" stays tomorrow: `today` re-bases them both ways. A
 * vehicle type is kept by the API dictionary's id, so a type renamed keeps its searches.
 */

export const ALERT_TOKEN_VERSION = 2;
/** Telegram's limit for a `start` parameter. */
export const MAX_ALERT_TOKEN_CHARS = 64;
/** No truck carries more: a weight bound past it is no search, and its token is refused. */
export const MAX_ALERT_TONNES = 100;
/** Loading days further than this from the reader's day are no search either. */
export const MAX_ALERT_WINDOW_DAYS = 366;

/** A kept search's list, by place slugs: the board (no place), from a place, to a place, or a route (both). */
export interface KeptScope {
  from?: string;
  to?: string;
}

/** A kept search as its token carries it: the board's own filters, its list, its search's place, its language. */
export interface KeptSearch {
  language: LanguagePrefix;
  scope: KeptScope;
  /** The known place the search names, by slug; null: no search. */
  place: string | null;
  /** Vehicle types by the dictionary's names (the writer's, or the reader's). */
  filters: FilterValues;
}

/** `vehicle`: a type the dictionary has no id for; `badValue`: a value no board query holds. */
export type EncodeResult = { token: string } | { problem: 'tooLong' | 'badValue' | 'vehicle' };
/**
 * `unknownVehicles`: types the token names by an id the reader's dictionary no longer lists (left out of
 * the filters: no load has them).
 */
export type DecodeResult =
  { search: KeptSearch; unknownVehicles: number } | { problem: 'malformed' } | { problem: 'version'; version: number };

/** The token's languages, in the order of their 2-bit code: part of the format, whatever else reorders. */
const LANGUAGE_CODES: readonly LanguagePrefix[] = ['uz', 'uz-cyrl', 'ru'];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const NUMERIC_ID = /^(0|[1-9]\d{0,14})$/;
const TAG_BITS = 4;

/** The list of a kept search's path (unprefixed), by its places; null for any other path. */
export function alertScopeOf(path: string): KeptScope | null {
  const list = listOfPath(path);
  if (!list) return null;
  if (list.kind === 'route') return { from: list.from, to: list.to };
  if (list.kind === 'from') return { from: list.from };
  if (list.kind === 'to') return { to: list.to };
  return {};
}

/** The unprefixed path of a list: the board, a city's loads from or to it, or a route. */
export function alertListPath({ from, to }: KeptScope): string {
  if (from !== undefined && to !== undefined) return listPathOf({ kind: 'route', from, to });
  if (from !== undefined) return listPathOf({ kind: 'from', from });
  if (to !== undefined) return listPathOf({ kind: 'to', to });
  return listPathOf({ kind: 'board' });
}

/**
 * The kept search of a list and its query, the place its search names already found (null: none):
 * `freeText` for a search that names no known place.
 */
export function keptSearchOf(
  scope: KeptScope,
  query: BoardQuery,
  place: string | null,
  language: LanguagePrefix,
): KeptSearch | { problem: 'freeText' } {
  if (query.search && !place) return { problem: 'freeText' };
  return { language, scope, place: query.search ? place : null, filters: filtersOf(query) };
}

/** A vehicle type without an id in the writer's dictionary. */
class NoVehicleId extends Error {}

function writeSlug(writer: BitWriter, slug: string): void {
  for (const char of slug) {
    if (char === '-') writer.bits(27, 5);
    else if (char >= '0' && char <= '9') {
      writer.bits(28, 5);
      writer.bits(Number(char), 4);
    } else writer.bits(char.charCodeAt(0) - 96, 5);
  }
  writer.bits(0, 5);
}

function readSlug(reader: BitReader): string {
  let slug = '';
  for (;;) {
    const code = reader.bits(5);
    if (code === 0) break;
    if (code <= 26) slug += String.fromCharCode(96 + code);
    else if (code === 27) slug += '-';
    else if (code === 28) {
      const digit = reader.bits(4);
      if (digit > 9) throw new Malformed();
      slug += String(digit);
    } else throw new Malformed();
  }
  if (!SLUG.test(slug)) throw new Malformed();
  return slug;
}

function dayNumberOf(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(time)) throw new RangeError('day');
  return Math.round(time / DAY_MS);
}

/** The filters' writer: tonnes as a whole number and its decimals, days from `today`, types by id. */
class TokenOut extends BitWriter implements TokenWriter {
  constructor(
    private readonly today: number,
    private readonly vehicleIds: Readonly<Record<string, string>>,
  ) {
    super();
  }

  /** 20 is (20, 0), 7.5 is (75, 1): up to three decimals. */
  tonnes(tonnes: number): void {
    for (let decimals = 0; decimals <= 3; decimals += 1) {
      const whole = Math.round(tonnes * 10 ** decimals);
      if (Math.abs(whole / 10 ** decimals - tonnes) < 1e-9) {
        this.bits(decimals, 2);
        this.varint(whole);
        return;
      }
    }
    throw new RangeError('tonnes');
  }

  /** Zigzag, so a few days either way stay small. */
  day(day: string): void {
    const offset = dayNumberOf(day) - this.today;
    this.varint(offset >= 0 ? offset * 2 : -offset * 2 - 1);
  }

  vehicle(name: string): void {
    const key = name.trim().toLowerCase();
    const id = Object.prototype.hasOwnProperty.call(this.vehicleIds, key) ? this.vehicleIds[key] : undefined;
    if (!id) throw new NoVehicleId();
    this.vehicleId(id);
  }

  /** A numeric id as a number, any other as its UTF-8 bytes (the low bit says which). */
  vehicleId(id: string): void {
    if (NUMERIC_ID.test(id) && Number(id) <= Number.MAX_SAFE_INTEGER / 2) {
      this.varint(Number(id) * 2);
      return;
    }
    const bytes = new TextEncoder().encode(id);
    if (bytes.length === 0) throw new RangeError('vehicle id');
    this.varint(bytes.length * 2 + 1);
    for (const byte of bytes) this.bits(byte, 8);
  }
}

/** The filters' reader: every value read back as TokenOut wrote it, and refused past what a search holds. */
export class TokenIn extends BitReader implements TokenReader {
  /** Types named by an id the dictionary no longer lists. */
  unknownVehicles = 0;
  /** Set once the list is read: a route's token may give its destination a radius of its own. */
  routeList = false;

  constructor(
    bytes: readonly number[],
    private readonly today: number,
    private readonly vehicleNames: ReadonlyMap<string, string>,
  ) {
    super(bytes);
  }

  tonnes(): number {
    const decimals = this.bits(2);
    const whole = this.varint();
    // One way to write each weight: no decimal that is a trailing zero.
    if (decimals > 0 && whole % 10 === 0) throw new Malformed();
    const tonnes = whole / 10 ** decimals;
    return tonnes <= MAX_ALERT_TONNES ? tonnes : this.refuse();
  }

  day(): string {
    const zigzag = this.varint();
    const offset = zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
    if (Math.abs(offset) > MAX_ALERT_WINDOW_DAYS) this.refuse();
    return new Date((this.today + offset) * DAY_MS).toISOString().slice(0, 10);
  }

  vehicle(): string | null {
    const name = this.vehicleNames.get(this.vehicleId());
    if (name === undefined) this.unknownVehicles += 1;
    return name ?? null;
  }

  vehicleId(): string {
    const head = this.varint();
    if (head % 2 === 0) return String(head / 2);
    const length = (head - 1) / 2;
    if (length === 0) throw new Malformed();
    const bytes = Array.from({ length }, () => this.bits(8));
    try {
      const id = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
      // A numeric id is always written as a number: text that reads as one is not ours.
      if (NUMERIC_ID.test(id)) throw new Malformed();
      return id;
    } catch {
      throw new Malformed();
    }
  }

  refuse(): never {
    throw new Malformed();
  }
}

/** The filter table's entries with their token codecs, in tag order, as a token writes them. */
const BY_TAG = FILTER_KEYS.map(
  (key) => [key, { ...(FILTERS[key] as FilterEntry<typeof key>), token: FILTER_TOKENS[key] as TokenCodec<typeof key> }] as const,
).sort(([, a], [, b]) => a.token.tag - b.token.tag);

function writeFilters(out: TokenOut, filters: FilterValues): void {
  for (const [key, entry] of BY_TAG) {
    const value = filters[key] as never;
    if (!entry.isSet(value)) continue;
    out.bits(entry.token.tag, TAG_BITS);
    entry.token.write(value, out);
  }
  out.bits(0, TAG_BITS);
}

function readFilters(input: TokenIn): FilterValues {
  const filters: Record<string, unknown> = { ...NO_FILTERS };
  let lastTag = 0;
  for (;;) {
    const tag = input.bits(TAG_BITS);
    if (tag === 0) break;
    const found = BY_TAG.find(([, entry]) => entry.token.tag === tag);
    if (!found || tag <= lastTag) throw new Malformed();
    filters[found[0]] = found[1].token.read(input);
    lastTag = tag;
  }
  return filters as unknown as FilterValues;
}

/**
 * The token of a kept search made on the Tashkent day `today` (`YYYY-MM-DD`), its vehicle types by the
 * ids of `vehicleIds` (by lower-case name); `tooLong` when it would pass Telegram's 64 characters,
 * `vehicle` for a type without an id, `badValue` for a value no board query holds (a slug of other
 * letters, a weight with more than three decimals).
 */
export function encodeAlertToken(search: KeptSearch, today: string, vehicleIds: Readonly<Record<string, string>> = {}): EncodeResult {
  let out: TokenOut;
  try {
    out = new TokenOut(dayNumberOf(today), vehicleIds);
    const language = LANGUAGE_CODES.indexOf(search.language);
    const { from, to } = search.scope;
    const slugs = [from, to, search.place].filter((slug): slug is string => slug !== undefined && slug !== null);
    if (language < 0 || slugs.some((slug) => !SLUG.test(slug))) return { problem: 'badValue' };
    out.bits(ALERT_TOKEN_VERSION, 8);
    out.bits(language, 2);
    out.bits((from !== undefined ? 1 : 0) + (to !== undefined ? 2 : 0), 2);
    if (from !== undefined) writeSlug(out, from);
    if (to !== undefined) writeSlug(out, to);
    out.bits(search.place === null ? 0 : 1, 1);
    if (search.place !== null) writeSlug(out, search.place);
    writeFilters(out, search.filters);
  } catch (error) {
    if (error instanceof NoVehicleId) return { problem: 'vehicle' };
    if (error instanceof RangeError) return { problem: 'badValue' };
    throw error;
  }
  const bytes = out.finish();
  const token = toBase64Url([...bytes, crc8(bytes)]);
  return token.length > MAX_ALERT_TOKEN_CHARS ? { problem: 'tooLong' } : { token };
}

/**
 * The kept search a token holds, its loading days re-based on `today` (the reader's Tashkent day), its
 * vehicle types named by `vehicleNames` (by id). `malformed`: not a token of ours, one cut short, or one
 * whose values no search can have; `version`: ours, of a shape this reader cannot read.
 */
export function decodeAlertToken(token: string, today: string, vehicleNames: ReadonlyMap<string, string> = new Map()): DecodeResult {
  const bytes = token.length <= MAX_ALERT_TOKEN_CHARS ? fromBase64Url(token) : null;
  if (!bytes || bytes.length < 3) return { problem: 'malformed' };
  const check = bytes.pop();
  if (check !== crc8(bytes)) return { problem: 'malformed' };
  const version = bytes[0] ?? 0;
  if (version !== ALERT_TOKEN_VERSION && version !== 1) return { problem: 'version', version };
  try {
    const input = new TokenIn(bytes, dayNumberOf(today), vehicleNames);
    input.bits(8);
    const language = LANGUAGE_CODES[input.bits(2)];
    if (!language) throw new Malformed();
    const kind = input.bits(2);
    const scope: KeptScope = {};
    if (kind & 1) scope.from = readSlug(input);
    if (kind & 2) scope.to = readSlug(input);
    input.routeList = kind === 3;
    const place = input.bits(1) === 1 ? readSlug(input) : null;
    const filters = version === 1 ? readFiltersV1(input) : readFilters(input);
    input.end();
    return { search: { language, scope, place, filters }, unknownVehicles: input.unknownVehicles };
  } catch (error) {
    if (error instanceof Malformed || error instanceof RangeError) return { problem: 'malformed' };
    throw error;
  }
}
