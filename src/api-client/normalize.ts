/**
 * The only module that knows the API's response shapes (SPEC.md section 3, CONTRACT.md "The API as the
 * site calls it"). Everything it returns is complete and safe to render: strings are strings (trimmed,
 * length-capped, without invisible controls: `publishableText`), numbers are finite or null. Text is
 * kept as text; React escapes it, and escaping here would double-escape. Every text the site publishes
 * from the API (pages, meta tags, JSON-LD, feeds, the published board and the channel's posts made from
 * it, the filter index and its cards) comes through here, so it is cleaned once, where it enters.
 *
 * A response that is not any accepted shape raises `ApiShapeError`; a single unusable item in an
 * otherwise good list is skipped, so one bad load never takes the load board down.
 */
import { PAGE_SIZE } from '../config/constants';
import type { ContactSource, Load, LoadContact, LoadList, VehicleType } from './types';

export class ApiShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiShapeError';
  }
}

/** Caps so a hostile or broken API cannot blow up page size or metadata. */
export const TEXT_LIMITS = {
  id: 200,
  title: 300,
  additionalInfo: 2000,
  place: 200,
  vehicleType: 100,
  name: 200,
  phone: 50,
  telegram: 100,
  currency: 10,
} as const;

type Dict = Record<string, unknown>;

export function normalizeLoad(raw: unknown): Load {
  if (!isDict(raw)) throw new ApiShapeError(`Load is not an object (received ${describeValue(raw)})`);
  return {
    id: loadId(raw),
    title: text(field(raw, 'title'), TEXT_LIMITS.title),
    weight: nonNegative(field(raw, 'weight')),
    volume: nonNegative(field(raw, 'volume')),
    trucksNeeded: positiveInteger(field(raw, 'trucksNeeded')),
    price: nonNegative(field(raw, 'price')),
    currency: text(field(raw, 'currency'), TEXT_LIMITS.currency).toUpperCase(),
    loadingDate: isoDate(field(raw, 'loadingDate')),
    createdAt: isoDate(field(raw, 'createdAt')),
    additionalInfo: text(field(raw, 'additionalInfo'), TEXT_LIMITS.additionalInfo),
    vehicleType: nameOf(field(raw, 'vehicleType'), TEXT_LIMITS.vehicleType),
    from: placeName(raw, 'fromLocation', 'fromLocationName'),
    to: placeName(raw, 'toLocation', 'toLocationName'),
    contactSource: contactSourceOf(raw),
    contact: chooseContact(raw),
    ...ownerPhoneOf(field(raw, 'user')),
  };
}

/** The owning account's phone (`user.phoneNumber`), when the load names one. */
function ownerPhoneOf(user: unknown): Pick<Load, 'ownerPhone'> {
  const phone = isDict(user) ? userPerson(user)?.phone : undefined;
  return phone ? { ownerPhone: phone } : {};
}

/**
 * The person to contact about a load: the stored contact or the owning user, as `contactSource`
 * says (missing or unknown means 'contact'). When the chosen one is absent or empty, the other is used.
 */
export function chooseContact(raw: unknown): LoadContact | null {
  if (!isDict(raw)) return null;
  const contact = contactPerson(field(raw, 'contact'));
  const user = userPerson(field(raw, 'user'));
  return contactSourceOf(raw) === 'user' ? (user ?? contact) : (contact ?? user);
}

export function normalizeLoadList(raw: unknown, requested: { page?: number; limit?: number } = {}): LoadList {
  const items = listItems(raw);
  const loads = normalizeItems(items);
  const meta = isDict(raw) ? paginationOf(raw) : {};
  const page = meta.page ?? (positiveSafeInteger(requested.page) ? requested.page : undefined) ?? 1;
  const limit = meta.limit ?? (positiveSafeInteger(requested.limit) ? requested.limit : undefined) ?? PAGE_SIZE;
  // Without a reported total, the loads seen so far are all we can vouch for.
  const total = meta.total ?? Math.min(Number.MAX_SAFE_INTEGER, (page - 1) * limit + loads.length);
  return { loads, total, page, limit };
}

/**
 * The total the list response reported, or null when it reported none (a bare array, or no usable
 * total field). A walker over all pages needs this: without a total it must read until an empty page.
 */
export function reportedTotal(raw: unknown): number | null {
  return isDict(raw) ? (paginationOf(raw).total ?? null) : null;
}

/**
 * How many items the list response held before normalizing dropped the broken ones and the repeats: a
 * page of 20 with one item without an id is still a full page of the API's pagination.
 */
export function receivedItems(raw: unknown): number {
  return listItems(raw).length;
}

export function normalizeLoadResponse(raw: unknown): Load {
  if (isDict(raw)) {
    const data = field(raw, 'data');
    if (isDict(data)) return normalizeLoad(data);
  }
  if (!isDict(raw)) {
    throw new ApiShapeError(`Unexpected load response: expected an object, received ${describeValue(raw)}`);
  }
  return normalizeLoad(raw);
}

export function normalizeVehicleTypes(raw: unknown): VehicleType[] {
  const items = Array.isArray(raw) ? raw : isDict(raw) ? field(raw, 'data') : undefined;
  if (!Array.isArray(items)) {
    throw new ApiShapeError(`Unexpected vehicle types response: expected an array, received ${describeValue(raw)}`);
  }
  const types: VehicleType[] = [];
  for (const item of items) {
    const name = nameOf(item, TEXT_LIMITS.vehicleType);
    if (!name) continue;
    const id = isDict(item) ? text(field(item, 'id'), TEXT_LIMITS.id) : '';
    types.push({ id: id || name, name });
  }
  return types;
}

// ---- list shape ----

function listItems(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (isDict(raw)) {
    const data = field(raw, 'data');
    if (Array.isArray(data)) return data;
    const loads = field(raw, 'loads');
    if (Array.isArray(loads)) return loads;
  }
  throw new ApiShapeError(
    `Unexpected load list response: expected an array or an object with a "data" or "loads" array, received ${describeValue(raw)}`,
  );
}

function normalizeItems(items: unknown[]): Load[] {
  const loads: Load[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    let load: Load;
    try {
      load = normalizeLoad(item);
    } catch (error) {
      if (error instanceof ApiShapeError) continue;
      throw error;
    }
    // A duplicate id would collide as a React key and as a page path.
    if (seen.has(load.id)) continue;
    seen.add(load.id);
    loads.push(load);
  }
  return loads;
}

interface Pagination {
  total?: number;
  page?: number;
  limit?: number;
}

/** Nested `pagination` wins field by field over top-level total/page/limit. */
function paginationOf(raw: Dict): Pagination {
  const nested = field(raw, 'pagination');
  const sources = isDict(nested) ? [nested, raw] : [raw];
  const pick = (key: string, min: number): number | undefined => {
    for (const source of sources) {
      const value = num(field(source, key));
      if (value !== null && Number.isSafeInteger(value) && value >= min) return value;
    }
    return undefined;
  };
  return { total: pick('total', 0), page: pick('page', 1), limit: pick('limit', 1) };
}

// ---- fields ----

function loadId(raw: Dict): string {
  const id = field(raw, 'id');
  if (id === undefined || id === null) throw new ApiShapeError('Load has no id');
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id === 'string') {
    const trimmed = id.trim();
    // An id is a page's path and the API's own key: one with controls in it cannot be either, cleaned.
    if (trimmed && trimmed.length <= TEXT_LIMITS.id && !ANY_CONTROL.test(trimmed)) return trimmed;
  }
  throw new ApiShapeError(`Load has no usable id (received ${describeValue(id)})`);
}

function contactSourceOf(raw: Dict): ContactSource {
  const value = field(raw, 'contactSource');
  return typeof value === 'string' && value.trim().toLowerCase() === 'user' ? 'user' : 'contact';
}

function contactPerson(value: unknown): LoadContact | null {
  if (!isDict(value)) return null;
  return person(field(value, 'name'), field(value, 'phoneNumber'), field(value, 'telegramUsername'));
}

function userPerson(value: unknown): LoadContact | null {
  if (!isDict(value)) return null;
  const first = text(field(value, 'firstName'), TEXT_LIMITS.name);
  const last = text(field(value, 'lastName'), TEXT_LIMITS.name);
  return person(`${first} ${last}`, field(value, 'phoneNumber'), field(value, 'username'));
}

function person(name: unknown, phone: unknown, telegram: unknown): LoadContact | null {
  const contact: LoadContact = {
    name: text(name, TEXT_LIMITS.name),
    // Numbers on lines of their own stay apart: the history's poster is the first (src/history/phone.ts).
    phone: text(typeof phone === 'string' ? phone.replace(LINE_ENDS, ', ') : phone, TEXT_LIMITS.phone),
    // Usernames arrive with and without '@'; links and display want one form.
    telegram: text(telegram, TEXT_LIMITS.telegram).replace(/^@+/, ''),
  };
  return contact.name || contact.phone || contact.telegram ? contact : null;
}

function placeName(raw: Dict, objectKey: string, fallbackKey: string): string {
  return nameOf(field(raw, objectKey), TEXT_LIMITS.place) || text(field(raw, fallbackKey), TEXT_LIMITS.place);
}

/** `{name}` objects; a plain string is accepted as the name itself. */
function nameOf(value: unknown, max: number): string {
  if (isDict(value)) return text(field(value, 'name'), max);
  return typeof value === 'string' ? text(value, max) : '';
}

// ---- primitives ----

/** Line and page breaks, tabs and the Unicode line and paragraph separators: a space in a one-line text. */
const BREAKS = '\\t\\n\\v\\f\\r\\u0085\\u2028\\u2029';
/**
 * What no published text carries: the other C0 and C1 controls (NUL, ESC, DEL, …), the byte order mark,
 * the interlinear annotation marks, and every bidirectional formatting character: the embeddings and
 * overrides U+202A–U+202E (U+202E reverses how a title reads, in the page, its title and its meta tags),
 * the isolates U+2066–U+2069, and the marks U+200E, U+200F and U+061C. The site's three languages are
 * written left to right and need none of them; a mark only moves the neutral characters around it.
 */
const INVISIBLE_CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\ufeff\\ufff9-\\ufffb';
const BREAK = new RegExp(`[${BREAKS}]`, 'g');
const LINE_ENDS = /[\n\r\u0085\u2028\u2029]+/g;
const CONTROL = new RegExp(`[${INVISIBLE_CONTROLS}]`, 'g');
/** Any character `publishableText` changes (the breaks are controls too, but for the two separators). */
const ANY_CONTROL = new RegExp(`[${BREAKS}${INVISIBLE_CONTROLS}]`);

/** `text` as the site may publish it: breaks as spaces, invisible controls removed. */
export function publishableText(text: string): string {
  return text.replace(BREAK, ' ').replace(CONTROL, '');
}

/** Strings cleaned, trimmed and capped; finite numbers as their text (phone numbers do arrive as numbers); else ''. */
function text(value: unknown, max: number): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  return cap(publishableText(value).trim(), max);
}

function cap(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = value.slice(0, max - 1);
  // Never leave half of a surrogate pair at the cut.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Numbers, or numeric strings ("12.5", " 2 500 000 "); anything else or non-finite is null. */
function num(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const compact = value.replace(/[\s_]/g, '');
    if (!compact || compact.length > 40) return null;
    n = Number(compact);
  } else return null;
  return Number.isFinite(n) ? n + 0 : null; // + 0 turns -0 into 0
}

function nonNegative(value: unknown): number | null {
  const n = num(value);
  return n !== null && n >= 0 ? n : null;
}

function positiveInteger(value: unknown): number | null {
  const n = num(value);
  return n !== null && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

function positiveSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function isoDate(value: unknown): string | null {
  let time: number;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed || trimmed.length > 100) return null;
    time = Date.parse(trimmed);
  } else if (typeof value === 'number') {
    time = value;
  } else return null;
  // new Date() of a finite number can still be out of range; toISOString would throw.
  const date = new Date(time);
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own properties only: a key like "constructor" must not resolve to Object.prototype's. */
function field(obj: Dict, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** A short, one-line rendering of a received value for error messages. */
export function describeValue(value: unknown): string {
  let shown: string;
  try {
    if (value === undefined) shown = 'undefined';
    else if (typeof value === 'string') shown = JSON.stringify(value.length > 200 ? value.slice(0, 200) : value);
    else shown = JSON.stringify(value) ?? String(value);
  } catch {
    shown = Object.prototype.toString.call(value);
  }
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const oneLine = shown.replace(/\s+/g, ' ');
  return `${kind} ${oneLine.length > 100 ? `${oneLine.slice(0, 99)}…` : oneLine}`;
}
