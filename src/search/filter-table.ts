/**
 * The board's filters, one entry each (CONTRACT.md, "Filters"): the URL parameters it owns, how it is
 * read and written in a URL and in a kept search's Telegram token, when it is set and what its chips are.
 * Everything that walks the filters (the query's reading and writing, the chips, "which filters are
 * set", the kept searches, their tokens and the alerts run that reads them) loops over this table.
 * Each entry's row test and count live in the matcher's MATCH_TABLE (matcher.ts), keyed the same way:
 * they come with the filters' code, not with the board's first script, which this file is part of; each
 * entry's token codec is in FILTER_TOKENS (filter-tokens.ts), keyed the same way, for the same reason.
 * docs/board.md, "Adding a filter", is the checklist.
 */

export type BoardSort = 'newest' | 'loading';

/** Tonnes, inclusive at both ends; null is open. */
export interface TonnesRange {
  min: number | null;
  max: number | null;
}

/** Loading days `YYYY-MM-DD` (the load's loading day in Tashkent), inclusive at both ends; null is open. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** What every filter holds; unset is each entry's `unset`. */
export interface FilterValues {
  /** Vehicle types as the API spells them, matched whatever their case; a load matches any of them. */
  vehicle: readonly string[];
  weight: TonnesRange;
  loading: DayRange;
  /** Kilometres around the list's place (the searched place, a city, both ends of a route); null: the place alone. */
  near: number | null;
  sort: BoardSort;
  /** A route's destination's own kilometres, where they differ from `near`'s; 0: the destination alone; null: as `near`. */
  nearTo: number | null;
}

export type FilterKey = keyof FilterValues;

/** What reading a URL may check a value against: the vehicle types the page offers, and whether the list has a place. */
export interface ReadContext {
  /** Names the board knows (the dictionary and the types its loads name); absent: any well-formed name. */
  vehicleTypes?: readonly string[];
  /** The list is a city or route page's, whose place `near` widens; a board list has one only with a search. */
  placeList?: boolean;
  /** The query's search text (read before the filters): a board search is the place `near` widens. */
  search?: string;
  /** The list is a route page's, whose destination may have a radius of its own (`nearTo`). */
  routeList?: boolean;
}

/** One chip: the part of a filter's value one tap removes, and the value left after the tap. */
export interface Chip<K extends FilterKey = FilterKey> {
  key: K;
  value: FilterValues[K];
  without: FilterValues[K];
}

export interface FilterEntry<K extends FilterKey> {
  /** The URL parameters it owns, written in this order. */
  params: readonly string[];
  unset: FilterValues[K];
  read(params: URLSearchParams, context: ReadContext): FilterValues[K];
  write(value: FilterValues[K], params: URLSearchParams): void;
  isSet(value: FilterValues[K]): boolean;
  same(a: FilterValues[K], b: FilterValues[K]): boolean;
  chips(value: FilterValues[K]): Array<Chip<K>>;
}

/** Heavier than any road vehicle: a larger number is a typo, not a filter. */
export const MAX_TONNES = 1000;
/** A vehicle type's name is at most what the API's names are cut to (api-client/normalize.ts). */
const MAX_VEHICLE_CHARS = 100;
/** More types than any board offers: a URL repeating the parameter a thousand times costs nothing. */
export const MAX_VEHICLES = 30;
/** `near` takes whole kilometres in this range (CONTRACT.md); the board offers NEAR_OPTIONS. */
export const NEAR_MAX_KM = 300;
export const NEAR_OPTIONS = [25, 50, 100] as const;
/** The build publishes the loads around each place to this distance (the largest option); past it, the board's whole index serves. */
export const NEAR_INDEX_KM = 100;

/**
 * A weight in tonnes as a person or a URL writes it: `20`, `7.5`, `7,5`, `20 t`, `20t`, `20 т`, `20 tonna`.
 * Null for anything else, and for more than MAX_TONNES. The one reading of a typed tonnage: the URL and
 * the weight fields both come here.
 */
export function parseTonnes(text: string | null | undefined): number | null {
  const match = /^(\d{1,4})(?:[.,](\d{1,3}))?\s*(?:t|tn|tonna|tonnes?|tons?|т|тн|тонна|тонн[аы]?)?\.?$/iu.exec(String(text ?? '').trim());
  if (!match) return null;
  const tonnes = Number(`${match[1]}.${match[2] ?? '0'}`);
  return tonnes <= MAX_TONNES ? tonnes : null;
}

/** A tonnage as a URL writes it: `20`, `7.5`. */
export function tonnesText(tonnes: number): string {
  return String(Number(tonnes.toFixed(3)));
}

/** A calendar day `YYYY-MM-DD` that exists (no 30 February); anything else is null. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value ? value : null;
}

/** Letters, digits and the marks a type's name uses ("Fura 20t", "Konteyner 40ft", "Yarim-pritsep"). */
const VEHICLE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .,'ʻʼ/()+-]*$/u;

/**
 * The vehicle types of a URL: each once whatever its case, in the order given. With the page's types
 * known, a name it does not know is left out (a type no load can match would empty the list) and a known
 * one takes the page's spelling; markup never passes.
 */
export function vehicleList(values: readonly string[], known?: readonly string[]): string[] {
  const byKey = known ? new Map(known.map((name) => [name.trim().toLowerCase(), name.trim()])) : null;
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of values) {
    const typed = raw.trim().slice(0, MAX_VEHICLE_CHARS);
    const key = typed.toLowerCase();
    if (!typed || !VEHICLE_NAME.test(typed) || seen.has(key)) continue;
    const name = byKey ? byKey.get(key) : typed;
    if (!name) continue;
    seen.add(key);
    kept.push(name);
    if (kept.length === MAX_VEHICLES) break;
  }
  return kept;
}

/** Both ends of a range in order: a range written backwards (`weightMin=30&weightMax=10`) means 10 to 30. */
function ordered<T extends number | string>(a: T | null, b: T | null): [T | null, T | null] {
  return a !== null && b !== null && a > b ? [b, a] : [a, b];
}

const vehicle: FilterEntry<'vehicle'> = {
  params: ['vehicle'],
  unset: [],
  read: (params, { vehicleTypes }) => vehicleList(params.getAll('vehicle'), vehicleTypes),
  // Values come from `read` (a URL, a kept search's query string) or from the panel's own list, so
  // writing only drops repeats: the name check's Unicode classes cost a cheap phone a compile the first
  // time they run, and a tick would pay it before it is drawn.
  write: (value, params) => {
    const seen = new Set<string>();
    for (const name of value) {
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      params.append('vehicle', name);
    }
  },
  isSet: (value) => value.length > 0,
  same: (a, b) => {
    const key = (list: readonly string[]) =>
      list
        .map((name) => name.toLowerCase())
        .sort()
        .join('\u0000');
    return key(a) === key(b);
  },
  chips: (value) =>
    value.map((name) => ({ key: 'vehicle', value: [name], without: value.filter((other) => other.toLowerCase() !== name.toLowerCase()) })),
};

const weight: FilterEntry<'weight'> = {
  params: ['weightMin', 'weightMax'],
  unset: { min: null, max: null },
  read: (params) => {
    const [min, max] = ordered(parseTonnes(params.get('weightMin')), parseTonnes(params.get('weightMax')));
    return { min, max };
  },
  write: ({ min, max }, params) => {
    if (min !== null) params.set('weightMin', tonnesText(min));
    if (max !== null) params.set('weightMax', tonnesText(max));
  },
  isSet: ({ min, max }) => min !== null || max !== null,
  same: (a, b) => a.min === b.min && a.max === b.max,
  chips: (value) => (weight.isSet(value) ? [{ key: 'weight', value, without: weight.unset }] : []),
};

const loading: FilterEntry<'loading'> = {
  params: ['loadingFrom', 'loadingTo'],
  unset: { from: null, to: null },
  read: (params) => {
    const [from, to] = ordered(parseDay(params.get('loadingFrom')), parseDay(params.get('loadingTo')));
    return { from, to };
  },
  write: ({ from, to }, params) => {
    if (from) params.set('loadingFrom', from);
    if (to) params.set('loadingTo', to);
  },
  isSet: ({ from, to }) => from !== null || to !== null,
  same: (a, b) => a.from === b.from && a.to === b.to,
  chips: (value) => (loading.isSet(value) ? [{ key: 'loading', value, without: loading.unset }] : []),
};

/** Whole kilometres 1..NEAR_MAX_KM; anything else is null. */
export function parseNear(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,3}$/.test(value)) return null;
  const km = Number(value);
  return km >= 1 && km <= NEAR_MAX_KM ? km : null;
}

const near: FilterEntry<'near'> = {
  params: ['near'],
  unset: null,
  // Only a list with a place has anything to widen: on the board, a search.
  read: (params, { placeList = false, search = '' }) => (placeList || search ? parseNear(params.get('near')) : null),
  write: (value, params) => {
    if (value !== null) params.set('near', String(value));
  },
  isSet: (value) => value !== null,
  same: (a, b) => a === b,
  chips: (value) => (value === null ? [] : [{ key: 'near', value, without: null }]),
};

const sort: FilterEntry<'sort'> = {
  params: ['sort'],
  unset: 'newest',
  read: (params) => (params.get('sort') === 'loading' ? 'loading' : 'newest'),
  write: (value, params) => {
    if (value !== 'newest') params.set('sort', value);
  },
  isSet: (value) => value !== 'newest',
  same: (a, b) => a === b,
  chips: (value) => (value === 'newest' ? [] : [{ key: 'sort', value, without: 'newest' }]),
};

/** Whole kilometres 0..NEAR_MAX_KM, 0 being the place alone; anything else is null. */
export function parseNearTo(value: string | null | undefined): number | null {
  return value === '0' ? 0 : parseNear(value);
}

const nearTo: FilterEntry<'nearTo'> = {
  ...near,
  params: ['nearTo'],
  // Only a route has a destination of its own beside its origin.
  read: (params, { routeList = false }) => (routeList ? parseNearTo(params.get('nearTo')) : null),
  write: (value, params) => {
    if (value !== null) params.set('nearTo', String(value));
  },
  chips: (value) => (value === null ? [] : [{ key: 'nearTo', value, without: null }]),
};

/** The table: its order is the URL's order and the chips' order. */
export const FILTERS: { readonly [K in FilterKey]: FilterEntry<K> } = { vehicle, weight, loading, near, sort, nearTo };

export const FILTER_KEYS = Object.keys(FILTERS) as FilterKey[];

/** Every filter unset. */
export const NO_FILTERS: FilterValues = {
  vehicle: [],
  weight: weight.unset,
  loading: loading.unset,
  near: null,
  sort: 'newest',
  nearTo: null,
};

/** Only the filters of a query (or of anything that holds them and more). */
export function filtersOf(values: FilterValues): FilterValues {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, values[key]])) as unknown as FilterValues;
}

/** Calls `each` with every entry and its value in `values`, keeping the key and value types together. */
export function eachFilter<R>(
  values: FilterValues,
  each: <K extends FilterKey>(key: K, entry: FilterEntry<K>, value: FilterValues[K]) => R,
): R[] {
  return FILTER_KEYS.map((key) => each(key, FILTERS[key] as FilterEntry<typeof key>, values[key]));
}

/** The chips of every set filter, in the table's order. */
export function filterChips(values: FilterValues): Chip[] {
  return eachFilter(values, (_key, entry, value) => entry.chips(value) as Chip[]).flat();
}

/** The values with one chip taken away. */
export function withoutChip<V extends FilterValues>(values: V, chip: Chip): V {
  return { ...values, [chip.key]: chip.without };
}
