import type { Language } from '../config/languages';
import { ROUTES, listPagePath } from '../config/routes';
import { localizedPath } from '../i18n/paths';
import { parsePageParam } from '../loads/pagination';

export type BoardSort = 'newest' | 'loading';

/**
 * What the load board (or a city or route page) shows, as kept in the URL query so it can be shared,
 * survives a reload and Back returns to it (CONTRACT.md, "Filters"): `?search=…&vehicle=Tent&page=2`.
 */
export interface BoardQuery {
  page: number;
  search: string;
  /** Vehicle types as the API spells them, matched case-insensitively; a load matches any of them. */
  vehicles: readonly string[];
  /** Tonnes, inclusive. */
  weightMin: number | null;
  weightMax: number | null;
  /** `YYYY-MM-DD`, inclusive: the load's loading day in Tashkent. */
  loadingFrom: string | null;
  loadingTo: string | null;
  sort: BoardSort;
}

export const FIRST_PAGE: BoardQuery = {
  page: 1,
  search: '',
  vehicles: [],
  weightMin: null,
  weightMax: null,
  loadingFrom: null,
  loadingTo: null,
  sort: 'newest',
};

/** Search text is free (SPEC.md section 5); only surrounding space is dropped, and absurd lengths cut. */
const MAX_SEARCH_CHARS = 200;
/** A vehicle type's name is at most what the API's names are cut to (api-client/normalize.ts). */
const MAX_VEHICLE_CHARS = 100;
/** More types than any board offers: a URL repeating the parameter a thousand times costs nothing. */
const MAX_VEHICLES = 30;
/** Heavier than any road vehicle: a larger number is a typo, not a filter. */
const MAX_TONNES = 1000;

/** A weight in tonnes from the URL: a plain decimal (a comma as its point too); anything else is ignored. */
function parseTonnes(value: string | null): number | null {
  if (value === null || !/^\d{1,4}([.,]\d{1,3})?$/.test(value.trim())) return null;
  const tonnes = Number(value.trim().replace(',', '.'));
  return Number.isFinite(tonnes) && tonnes <= MAX_TONNES ? tonnes : null;
}

/** A calendar day `YYYY-MM-DD` that exists (no 30 February); anything else is ignored. */
export function parseDay(value: string | null): string | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value ? value : null;
}

/** The vehicle types of a query, trimmed, each once whatever its case, in the order given. */
function vehicleList(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of values) {
    const name = raw.trim().slice(0, MAX_VEHICLE_CHARS);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
    if (kept.length === MAX_VEHICLES) break;
  }
  return kept;
}

/** Reads a query string; a malformed value is left out, never an error (CONTRACT.md, "Filters"). */
export function parseBoardQuery(search: string): BoardQuery {
  const params = new URLSearchParams(search);
  return {
    page: parsePageParam(params.get('page')),
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_CHARS),
    vehicles: vehicleList(params.getAll('vehicle')),
    weightMin: parseTonnes(params.get('weightMin')),
    weightMax: parseTonnes(params.get('weightMax')),
    loadingFrom: parseDay(params.get('loadingFrom')),
    loadingTo: parseDay(params.get('loadingTo')),
    sort: params.get('sort') === 'loading' ? 'loading' : 'newest',
  };
}

/** A tonnage as a URL writes it: `20`, `7.5`. */
function tonnesText(tonnes: number): string {
  return String(Number(tonnes.toFixed(3)));
}

/** The query string for a board state; what is at its default (page 1, no search, newest first) is left out. */
export function boardSearchString(query: Partial<BoardQuery>): string {
  const full: BoardQuery = { ...FIRST_PAGE, ...query };
  const params = new URLSearchParams();
  if (full.search) params.set('search', full.search);
  for (const vehicle of vehicleList(full.vehicles)) params.append('vehicle', vehicle);
  if (full.weightMin !== null) params.set('weightMin', tonnesText(full.weightMin));
  if (full.weightMax !== null) params.set('weightMax', tonnesText(full.weightMax));
  if (full.loadingFrom) params.set('loadingFrom', full.loadingFrom);
  if (full.loadingTo) params.set('loadingTo', full.loadingTo);
  if (full.sort !== 'newest') params.set('sort', full.sort);
  if (full.page > 1) params.set('page', String(full.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether a filter or an order other than the default is chosen (a search alone is not a filter). */
export function isFiltered(query: BoardQuery): boolean {
  return (
    query.vehicles.length > 0 ||
    query.weightMin !== null ||
    query.weightMax !== null ||
    query.loadingFrom !== null ||
    query.loadingTo !== null ||
    query.sort !== 'newest'
  );
}

/** The same list: vehicle types compared whatever their case and order. */
export function sameList(a: BoardQuery, b: BoardQuery): boolean {
  const types = (query: BoardQuery) => query.vehicles.map((name) => name.toLowerCase()).sort();
  const [left, right] = [types(a), types(b)];
  return (
    a.search === b.search &&
    left.length === right.length &&
    left.every((name, index) => name === right[index]) &&
    a.weightMin === b.weightMin &&
    a.weightMax === b.weightMax &&
    a.loadingFrom === b.loadingFrom &&
    a.loadingTo === b.loadingTo &&
    a.sort === b.sort
  );
}

export function sameQuery(a: BoardQuery, b: BoardQuery): boolean {
  return a.page === b.page && sameList(a, b);
}

/** One key per query, for effects that must run once per query. */
export function queryKey(query: BoardQuery): string {
  return boardSearchString(query);
}

/** A list of loads a query applies to: the live board, or a city or route page. */
export interface ListScope {
  /** The list's unprefixed path on its first page (`/loads`, `/loads/from/toshkent`). */
  path: string;
  /** Pages of the plain list the build made at paths of their own (`/loads/from/toshkent/2`). */
  builtPages: number;
}

export const BOARD_SCOPE: ListScope = { path: ROUTES.loads, builtPages: 1 };

export interface BoardHrefOptions {
  /** Default: the live board. */
  scope?: ListScope;
  /** The link is on a bare alias of an Uzbek Latin page and keeps to bare paths. */
  bare?: boolean;
}

/**
 * The one way to write a link to a state of the board (or of a city or route page): every part of the
 * query goes into the URL, so no link drops what the visitor chose. A page of the plain list that the
 * build made has its own path.
 */
export function boardHref(
  language: Language,
  query: Partial<BoardQuery>,
  { scope = BOARD_SCOPE, bare = false }: BoardHrefOptions = {},
): string {
  const full: BoardQuery = { ...FIRST_PAGE, ...query };
  const plain = !full.search && !isFiltered(full);
  const ownPath = plain && full.page > 1 && full.page <= scope.builtPages;
  const path = ownPath ? listPagePath(scope.path, full.page) : scope.path;
  const where = bare ? path : localizedPath(path, language);
  return `${where}${boardSearchString(ownPath ? FIRST_PAGE : full)}`;
}

/** How many chips the query's filters make (the search too where `withSearch`): board/chips.ts lists them. */
export function filterCount(query: BoardQuery, withSearch = false): number {
  return (
    (withSearch && query.search ? 1 : 0) +
    query.vehicles.length +
    (query.weightMin !== null || query.weightMax !== null ? 1 : 0) +
    (query.loadingFrom || query.loadingTo ? 1 : 0) +
    (query.sort !== 'newest' ? 1 : 0)
  );
}
