import { navigate } from 'gatsby';
import type { Language } from '../config/languages';
import { listPathOf, type ListPath } from '../config/routes';
import { boardHref, type BoardQuery } from '../search/query';
import { loadPlaces, type PlaceFileEntry } from './sources/places-on-demand';

/**
 * Where the board's search form leads (CONTRACT.md, "Trips"): the From and To fields, each a place in
 * any script and case with its own radius, lead to the city page or the route page with the filters
 * kept; a search naming two places ("Самарканд - Ташкент") is that route, and one place with its
 * direction ("из Самарканда", "Toshkentga") that city's page. Anything else stays the board's search.
 * The place file and its reading (places/trip-text.ts) are fetched on demand, as the suggestions are.
 */

export interface TripForm {
  search: string;
  from: string;
  to: string;
  /** Each field's radius in km; null: the place alone. */
  fromKm: number | null;
  toKm: number | null;
}

/** A page to open; a field whose text names no place the site knows (it stays as typed); or the board's own search. */
export type TripTarget = { href: string } | { unknown: 'from' | 'to'; text: string } | null;

function listOf(from: PlaceFileEntry | null, to: PlaceFileEntry | null): ListPath | null {
  if (from && to) return from.slug === to.slug ? { kind: 'from', from: from.slug } : { kind: 'route', from: from.slug, to: to.slug };
  if (from) return { kind: 'from', from: from.slug };
  return to ? { kind: 'to', to: to.slug } : null;
}

/** The radii a list of these ends takes: `near` the origin's (or a city's), `nearTo` a route's destination's where it differs. */
function radii(list: ListPath, fromKm: number | null, toKm: number | null): Pick<BoardQuery, 'near' | 'nearTo'> {
  if (list.kind === 'to') return { near: toKm, nearTo: null };
  if (list.kind !== 'route' || fromKm === toKm) return { near: fromKm, nearTo: null };
  return { near: fromKm, nearTo: toKm ?? 0 };
}

export async function tripTarget(
  form: TripForm,
  query: BoardQuery,
  placeFilePath: string,
  language: Language,
  bare: boolean,
): Promise<TripTarget> {
  const fields = Boolean(form.from || form.to);
  const places = await loadPlaces(placeFilePath);
  // Without the place file (offline, no path) the fields cannot be read: the board searches the text.
  if (!places) return null;
  const { module, file } = places;
  let from: PlaceFileEntry | null = null;
  let to: PlaceFileEntry | null = null;
  let fromKm = form.fromKm;
  let toKm = form.toKm;
  if (fields) {
    from = form.from ? module.fieldPlace(file, form.from) : null;
    if (form.from && !from) return { unknown: 'from', text: form.from };
    to = form.to ? module.fieldPlace(file, form.to) : null;
    if (form.to && !to) return { unknown: 'to', text: form.to };
  } else {
    const reading = module.readTrip(file, form.search);
    if (reading.kind === 'trip') ({ from, to } = reading);
    else if (reading.kind === 'place' && reading.role === 'from') from = reading.entry;
    else if (reading.kind === 'place' && reading.role === 'to') to = reading.entry;
    // A search's radius (the board's `near`) widens both ends of the trip it names.
    fromKm = toKm = query.near;
  }
  const list = listOf(from, to);
  if (!list) return null;
  const next: BoardQuery = { ...query, page: 1, search: fields ? form.search : '', ...radii(list, fromKm, toKm) };
  return { href: boardHref(language, next, { scope: { path: listPathOf(list), builtPages: 1 }, bare }) };
}

/**
 * Opens the page `form` names, if it names one, and says what it found. `replace`: a board URL whose
 * search names a trip gives way to the trip's page, so Back skips it.
 */
export async function openTrip(
  form: TripForm,
  query: BoardQuery,
  placeFilePath: string,
  language: Language,
  bare: boolean,
  replace = false,
): Promise<TripTarget> {
  const target = await tripTarget(form, query, placeFilePath, language, bare).catch(() => null);
  if (target && 'href' in target) void navigate(target.href, { replace });
  return target;
}
