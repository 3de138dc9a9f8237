import type { LanguagePrefix } from '../config/languages';
import { DAY_MS } from '../config/time';
import { NEAR_MAX_KM, type BoardSort } from './filter-table';

/**
 * The `start` token of a Telegram alerts link (`https://t.me/{bot}?start={token}`, CONTRACT.md
 * "Telegram alerts"): a kept search, its list and its language, in at most 64 characters of
 * `A-Za-z0-9_-`, as Telegram allows. Pure and shared: the board writes it (src/board/saved/alert-link.ts),
 * `npm run telegram -- alerts` reads it (tools/telegram/alerts/).
 *
 * Layout, a stream of bits, then base64url without padding:
 * - 8 bits: the version (ALERT_TOKEN_VERSION). A reader that does not know it says so and keeps nothing.
 * - 2 bits: the language (LANGUAGE_CODES); 2 bits: the list (board, from a place, to a place, a route),
 *   followed by the list's place slugs (`slug` below).
 * - 1 bit: the search names a known place; then its slug. A free-text search has no token (it can only
 *   be matched by the API's own search).
 * - the filters, each as a 4-bit tag and its value (FIELDS), in tag order, each at most once; tag 0 ends
 *   them. Adding a filter is one more entry of FIELDS (`near`, tag 7, was added so).
 * - zero bits up to the byte; then one byte, a CRC-8 of every byte before it, so a token cut short
 *   (every lost character loses the last byte) or one that is not ours is refused rather than misread.
 *
 * Numbers are varints of 4-bit groups (a group, then 1 bit: more follow). A slug is 5 bits a
 * character: 1-26 a-z, 27 `-`, 28 and 4 bits a digit, 0 its end. Loading days are kept relative to the
 * Tashkent day the link was made, so "tomorrow" stays tomorrow: `today` re-bases them both ways.
 */

export const ALERT_TOKEN_VERSION = 1;
/** Telegram's limit for a `start` parameter. */
export const MAX_ALERT_TOKEN_CHARS = 64;
/** No truck carries more: a weight bound past it is no search, and its token is refused. */
export const MAX_ALERT_TONNES = 100;
/** Loading days further than this from the reader's day are no search either. */
export const MAX_ALERT_WINDOW_DAYS = 366;

/** A kept search as a token carries it. */
export interface AlertSearch {
  language: LanguagePrefix;
  /** The list: the board (no place), from a place, to a place, or a route (both), by slug. */
  scope: { from?: string; to?: string };
  /** The known place the search names, by slug; null: no search. */
  place: string | null;
  /** Vehicle types by the API dictionary's ids, in the query's order. */
  vehicleIds: string[];
  /** Tonnes. */
  weightMin: number | null;
  weightMax: number | null;
  /** `YYYY-MM-DD`, Tashkent days. */
  loadingFrom: string | null;
  loadingTo: string | null;
  /** Kilometres around the list's place (`near`); null: the place alone. */
  near: number | null;
  sort: BoardSort;
}

export type EncodeResult = { token: string } | { problem: 'tooLong' | 'badValue' };
export type DecodeResult = { search: AlertSearch } | { problem: 'malformed' } | { problem: 'version'; version: number };

/** The token's languages, in the order of their 2-bit code: part of the format, whatever else reorders. */
const LANGUAGE_CODES: readonly LanguagePrefix[] = ['uz', 'uz-cyrl', 'ru'];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const NUMERIC_ID = /^(0|[1-9]\d{0,14})$/;
const TAG_BITS = 4;

class Malformed extends Error {}

class BitWriter {
  readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bits(value: number, count: number): void {
    for (let bit = count - 1; bit >= 0; bit -= 1) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** bit) % 2);
      this.used += 1;
      if (this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  varint(value: number): void {
    let rest = value;
    do {
      const group = rest % 16;
      rest = Math.floor(rest / 16);
      this.bits(group, 4);
      this.bits(rest > 0 ? 1 : 0, 1);
    } while (rest > 0);
  }

  /** Zero bits up to the byte. */
  finish(): number[] {
    if (this.used > 0) this.bits(0, 8 - this.used);
    return this.bytes;
  }
}

class BitReader {
  private position = 0;

  constructor(private readonly bytes: readonly number[]) {}

  bits(count: number): number {
    let value = 0;
    for (let index = 0; index < count; index += 1) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) throw new Malformed();
      value = value * 2 + ((byte >> (7 - (this.position & 7))) & 1);
      this.position += 1;
    }
    return value;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let groups = 0; ; groups += 1) {
      if (groups > 13) throw new Malformed();
      const group = this.bits(4);
      value += group * scale;
      scale *= 16;
      if (this.bits(1) === 0) {
        // One way to write each number: no empty top group.
        if (groups > 0 && group === 0) throw new Malformed();
        return value;
      }
    }
  }

  /** Only zero bits to the end of the byte, and the stream ends there. */
  end(): void {
    while ((this.position & 7) !== 0) if (this.bits(1) !== 0) throw new Malformed();
    if (this.position >> 3 !== this.bytes.length) throw new Malformed();
  }
}

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

/** Tonnes as a whole number and its decimals (0-3): 20 is (20, 0), 7.5 is (75, 1). */
function writeTonnes(writer: BitWriter, tonnes: number): void {
  for (let decimals = 0; decimals <= 3; decimals += 1) {
    const whole = Math.round(tonnes * 10 ** decimals);
    if (Math.abs(whole / 10 ** decimals - tonnes) < 1e-9) {
      writer.bits(decimals, 2);
      writer.varint(whole);
      return;
    }
  }
  throw new RangeError('tonnes');
}

function readTonnes(reader: BitReader): number {
  const decimals = reader.bits(2);
  const whole = reader.varint();
  // One way to write each weight: no decimal that is a trailing zero.
  if (decimals > 0 && whole % 10 === 0) throw new Malformed();
  return whole / 10 ** decimals;
}

function dayNumberOf(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(time)) throw new RangeError('day');
  return Math.round(time / DAY_MS);
}

function dayOf(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `today`, zigzag so a few days either way stay small. */
function writeDay(writer: BitWriter, day: string, today: number): void {
  const offset = dayNumberOf(day) - today;
  writer.varint(offset >= 0 ? offset * 2 : -offset * 2 - 1);
}

function readDay(reader: BitReader, today: number): string {
  const zigzag = reader.varint();
  return dayOf(today + (zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2));
}

function writeVehicleId(writer: BitWriter, id: string): void {
  if (NUMERIC_ID.test(id) && Number(id) <= Number.MAX_SAFE_INTEGER / 2) {
    writer.varint(Number(id) * 2);
    return;
  }
  const bytes = new TextEncoder().encode(id);
  if (bytes.length === 0) throw new RangeError('vehicle id');
  writer.varint(bytes.length * 2 + 1);
  for (const byte of bytes) writer.bits(byte, 8);
}

function readVehicleId(reader: BitReader): string {
  const head = reader.varint();
  if (head % 2 === 0) return String(head / 2);
  const length = (head - 1) / 2;
  if (length === 0) throw new Malformed();
  const bytes = Array.from({ length }, () => reader.bits(8));
  try {
    const id = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
    // A numeric id is always written as a number: text that reads as one is not ours.
    if (NUMERIC_ID.test(id)) throw new Malformed();
    return id;
  } catch {
    throw new Malformed();
  }
}

/** One filter: whether a search has it, and its value's codec. A new filter is one more entry. */
interface FieldCodec {
  tag: number;
  has(search: AlertSearch): boolean;
  write(writer: BitWriter, search: AlertSearch, today: number): void;
  read(reader: BitReader, search: AlertSearch, today: number): void;
}

const FIELDS: readonly FieldCodec[] = [
  {
    tag: 1,
    has: (search) => search.vehicleIds.length > 0,
    write: (writer, search) => {
      writer.varint(search.vehicleIds.length - 1);
      for (const id of search.vehicleIds) writeVehicleId(writer, id);
    },
    read: (reader, search) => {
      const count = reader.varint() + 1;
      search.vehicleIds = Array.from({ length: count }, () => readVehicleId(reader));
    },
  },
  {
    tag: 2,
    has: (search) => search.weightMin !== null,
    write: (writer, search) => writeTonnes(writer, search.weightMin ?? 0),
    read: (reader, search) => void (search.weightMin = readTonnes(reader)),
  },
  {
    tag: 3,
    has: (search) => search.weightMax !== null,
    write: (writer, search) => writeTonnes(writer, search.weightMax ?? 0),
    read: (reader, search) => void (search.weightMax = readTonnes(reader)),
  },
  {
    tag: 4,
    has: (search) => search.loadingFrom !== null,
    write: (writer, search, today) => writeDay(writer, search.loadingFrom ?? '', today),
    read: (reader, search, today) => void (search.loadingFrom = readDay(reader, today)),
  },
  {
    tag: 5,
    has: (search) => search.loadingTo !== null,
    write: (writer, search, today) => writeDay(writer, search.loadingTo ?? '', today),
    read: (reader, search, today) => void (search.loadingTo = readDay(reader, today)),
  },
  {
    tag: 6,
    has: (search) => search.sort === 'loading',
    write: () => undefined,
    read: (_reader, search) => void (search.sort = 'loading'),
  },
  {
    tag: 7,
    has: (search) => search.near !== null,
    write: (writer, search) => writer.varint(search.near ?? 0),
    read: (reader, search) => {
      const km = reader.varint();
      if (km < 1 || km > NEAR_MAX_KM) throw new Malformed();
      search.near = km;
    },
  },
];

/**
 * Whether a search read from a token is one the board could hold for a driver: weights up to
 * MAX_ALERT_TONNES, loading days within MAX_ALERT_WINDOW_DAYS of `today`, each range in order. A token
 * that passes its check and still says otherwise was made by hand, and is refused as a broken one is.
 */
function possible(search: AlertSearch, today: number): boolean {
  const { weightMin, weightMax, loadingFrom, loadingTo } = search;
  const weights = [weightMin, weightMax].filter((tonnes): tonnes is number => tonnes !== null);
  const days = [loadingFrom, loadingTo].filter((day): day is string => day !== null).map(dayNumberOf);
  return (
    weights.every((tonnes) => tonnes <= MAX_ALERT_TONNES) &&
    (weightMin === null || weightMax === null || weightMin <= weightMax) &&
    days.every((day) => Math.abs(day - today) <= MAX_ALERT_WINDOW_DAYS) &&
    (loadingFrom === null || loadingTo === null || loadingFrom <= loadingTo)
  );
}

/** CRC-8 (polynomial 0x07) of the bytes. */
function crc8(bytes: readonly number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function toBase64Url(bytes: readonly number[]): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(index, index + 3);
    const chunk = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let char = 0; char < chars; char += 1) text += BASE64URL[(chunk >> (18 - 6 * char)) & 63];
  }
  return text;
}

function fromBase64Url(text: string): number[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = ((buffer << 6) | BASE64URL.indexOf(char)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  // The bits left over must be zero, as the writer leaves them.
  return (buffer & ((1 << bits) - 1)) === 0 ? bytes : null;
}

/**
 * The token of a kept search made on the Tashkent day `today` (`YYYY-MM-DD`); `tooLong` when it would
 * pass Telegram's 64 characters, `badValue` for a value no board query holds (a slug of other letters,
 * a weight with more than three decimals).
 */
export function encodeAlertToken(search: AlertSearch, today: string): EncodeResult {
  const writer = new BitWriter();
  try {
    const base = dayNumberOf(today);
    const language = LANGUAGE_CODES.indexOf(search.language);
    const { from, to } = search.scope;
    const slugs = [from, to, search.place].filter((slug): slug is string => slug !== undefined && slug !== null);
    if (language < 0 || slugs.some((slug) => !SLUG.test(slug))) return { problem: 'badValue' };
    writer.bits(ALERT_TOKEN_VERSION, 8);
    writer.bits(language, 2);
    writer.bits((from !== undefined ? 1 : 0) + (to !== undefined ? 2 : 0), 2);
    if (from !== undefined) writeSlug(writer, from);
    if (to !== undefined) writeSlug(writer, to);
    writer.bits(search.place === null ? 0 : 1, 1);
    if (search.place !== null) writeSlug(writer, search.place);
    for (const field of FIELDS) {
      if (!field.has(search)) continue;
      writer.bits(field.tag, TAG_BITS);
      field.write(writer, search, base);
    }
    writer.bits(0, TAG_BITS);
  } catch (error) {
    if (error instanceof RangeError) return { problem: 'badValue' };
    throw error;
  }
  const bytes = writer.finish();
  const token = toBase64Url([...bytes, crc8(bytes)]);
  return token.length > MAX_ALERT_TOKEN_CHARS ? { problem: 'tooLong' } : { token };
}

/**
 * The kept search a token holds, its loading days re-based on `today` (the reader's Tashkent day).
 * `malformed`: not a token of ours, one cut short, or one whose values no search can have (possible);
 * `version`: ours, of a shape this reader cannot read.
 */
export function decodeAlertToken(token: string, today: string): DecodeResult {
  const bytes = token.length <= MAX_ALERT_TOKEN_CHARS ? fromBase64Url(token) : null;
  if (!bytes || bytes.length < 3) return { problem: 'malformed' };
  const check = bytes.pop();
  if (check !== crc8(bytes)) return { problem: 'malformed' };
  const version = bytes[0] ?? 0;
  if (version !== ALERT_TOKEN_VERSION) return { problem: 'version', version };
  const reader = new BitReader(bytes);
  try {
    const base = dayNumberOf(today);
    reader.bits(8);
    const language = LANGUAGE_CODES[reader.bits(2)];
    if (!language) throw new Malformed();
    const kind = reader.bits(2);
    const scope: AlertSearch['scope'] = {};
    if (kind & 1) scope.from = readSlug(reader);
    if (kind & 2) scope.to = readSlug(reader);
    const place = reader.bits(1) === 1 ? readSlug(reader) : null;
    const search: AlertSearch = {
      language,
      scope,
      place,
      vehicleIds: [],
      weightMin: null,
      weightMax: null,
      loadingFrom: null,
      loadingTo: null,
      near: null,
      sort: 'newest',
    };
    let lastTag = 0;
    for (;;) {
      const tag = reader.bits(TAG_BITS);
      if (tag === 0) break;
      const field = FIELDS.find((candidate) => candidate.tag === tag);
      if (!field || tag <= lastTag) throw new Malformed();
      field.read(reader, search, base);
      lastTag = tag;
    }
    reader.end();
    if (!possible(search, base)) throw new Malformed();
    return { search };
  } catch (error) {
    if (error instanceof Malformed || error instanceof RangeError) return { problem: 'malformed' };
    throw error;
  }
}
