import type { Load } from '../src/api-client/types';
import { tashkentDay } from '../src/config/time';
import { newestFirst } from '../src/loads/posting-time';
import { placeBySlug } from '../src/places/gazetteer';
import { matchPlace, placeSlugOfKey } from '../src/places/match';
import { placesNamedIn } from '../src/places/named-places';
import { greatCircleKm } from '../src/places/road-distance';

/**
 * What a list should show, worked out plainly from the sample API's loads by CONTRACT.md's rules
 * ("Filters"), apart from the board's own query reading, rows and matcher: a browser test that compares
 * the page with it tests the matcher as well as the wiring. Only the places' reading (the gazetteer and
 * the place names a title holds) and the site's one posting order are shared with the site.
 */

/** A list's own places by slug: a city page's `from` or `to`, a route's two. */
export interface ListEnds {
  from?: string;
  to?: string;
}

interface Wanted {
  vehicles: Set<string>;
  weight: { min: number | null; max: number | null };
  days: { from: string | null; to: string | null };
  near: number | null;
  searchPlace: string | null;
  loadingFirst: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function tonnes(value: string | null): number | null {
  const parsed = value === null || value.trim() === '' ? NaN : Number(value.trim());
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

function day(value: string | null): string | null {
  return value && DAY.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`)) ? value : null;
}

function wantedOf(search: string): Wanted {
  const params = new URLSearchParams(search);
  const text = params.get('search')?.trim() ?? '';
  const searchPlace = text ? (matchPlace(text)?.slug ?? null) : null;
  // Free text is searched by the API, whose answer the board filters; these tests search places only.
  if (text && !searchPlace) throw new Error(`expected-list reads place searches only, not "${text}"`);
  let [min, max] = [tonnes(params.get('weightMin')), tonnes(params.get('weightMax'))];
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const near = Number(params.get('near'));
  return {
    vehicles: new Set(
      params
        .getAll('vehicle')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    ),
    weight: { min, max },
    days: { from: day(params.get('loadingFrom')), to: day(params.get('loadingTo')) },
    near: Number.isInteger(near) && near >= 1 && near <= 300 ? near : null,
    searchPlace,
    loadingFirst: params.get('sort') === 'loading',
  };
}

/** Whether the place `slug` is `centre` or, with a radius, within `km` of it in a straight line. */
function isAt(slug: string | null, centre: string, km: number | null): boolean {
  if (slug === null) return false;
  if (slug === centre) return true;
  const [a, b] = [placeBySlug(slug), placeBySlug(centre)];
  return km !== null && a !== undefined && b !== undefined && greatCircleKm(a, b) <= km;
}

const slugOf = (text: string) => (text ? (matchPlace(text)?.slug ?? null) : null);
const loadingDay = (load: Load) => (load.loadingDate ? tashkentDay(Date.parse(load.loadingDate)) : null);

function isListed(load: Load, wanted: Wanted, ends: ListEnds): boolean {
  const [from, to] = [slugOf(load.from), slugOf(load.to)];
  const near = ends.from || ends.to || wanted.searchPlace ? wanted.near : null;
  if (ends.from && !isAt(from, ends.from, near)) return false;
  if (ends.to && !isAt(to, ends.to, near)) return false;
  if (wanted.searchPlace) {
    const place = wanted.searchPlace;
    const named = load.title ? placesNamedIn(load.title, placeSlugOfKey) : [];
    if (!isAt(from, place, near) && !isAt(to, place, near) && !named.some((slug) => isAt(slug, place, near))) return false;
  }
  if (wanted.vehicles.size > 0 && !wanted.vehicles.has(load.vehicleType.trim().toLowerCase())) return false;
  const { min, max } = wanted.weight;
  if (
    (min !== null || max !== null) &&
    (load.weight === null || (min !== null && load.weight < min) || (max !== null && load.weight > max))
  )
    return false;
  const { from: first, to: last } = wanted.days;
  const loads = loadingDay(load);
  if ((first || last) && (loads === null || (first !== null && loads < first) || (last !== null && loads > last))) return false;
  return true;
}

/** Today and later first, soonest first; then the days gone by, the latest first; then loads without a day. */
function soonestLoadingFirst(today: string): (a: Load, b: Load) => number {
  const rank = (value: string | null) => (value === null ? 2 : value >= today ? 0 : 1);
  return (a, b) => {
    const [dayA, dayB] = [loadingDay(a), loadingDay(b)];
    if (rank(dayA) !== rank(dayB)) return rank(dayA) - rank(dayB);
    if (dayA !== null && dayB !== null && dayA !== dayB) return (dayA < dayB ? -1 : 1) * (rank(dayA) === 0 ? 1 : -1);
    return newestFirst(a, b);
  };
}

/** The ids of the loads the list with the query `search` shows, in its order, today in Tashkent. */
export function expectedIds(loads: readonly Load[], search: string, ends: ListEnds = {}): string[] {
  const wanted = wantedOf(search);
  const order = wanted.loadingFirst ? soonestLoadingFirst(tashkentDay(Date.now()) ?? '') : newestFirst;
  return loads
    .filter((load) => isListed(load, wanted, ends))
    .sort(order)
    .map((load) => load.id);
}
