import { DEFAULT_LANGUAGE, type Language, languageByPrefix } from '../../../src/config/languages';
import { decodeAlertToken } from '../../../src/search/alert-token';
import type { FilterValues } from '../../../src/search/filter-table';
import { placeBySlug } from '../../../src/places/gazetteer';

/**
 * A subscription's search as a run reads it: its token (src/search/alert-token.ts) decoded on the run's
 * Tashkent day, its vehicle types named by the dictionary the build published, its places checked
 * against the gazetteer. What the alerts match, describe and link is made from this (board-match.ts).
 */
export interface KeptList {
  language: Language;
  /** The list, by place slugs: the board ({}), from a place, to a place, or a route. */
  scope: { from?: string; to?: string };
  /** The known place the search names, by slug; null: no search. */
  place: string | null;
  /** Its filters, as the board's table holds them (src/search/filter-table.ts), vehicle types by the dictionary's names. */
  filters: FilterValues;
  /**
   * Types the token names by an id the dictionary no longer lists: no load has them. A list of such
   * types alone matches nothing (rather than every load, as no type at all would).
   */
  unknownVehicles: number;
}

/** Why a token is no search: not ours or cut short, of another version, or naming a place we do not know. */
export type TokenProblem = 'malformed' | 'version';

/** The names of the dictionary's types, by id (feeds/board.json's `vehicleTypes`). */
export function vehicleNamesById(types: ReadonlyArray<{ id: string; name: string }> | undefined): Map<string, string> {
  return new Map((types ?? []).map((type) => [type.id, type.name]));
}

export function keptList(token: string, today: string, vehicleNames: ReadonlyMap<string, string>): KeptList | { problem: TokenProblem } {
  const decoded = decodeAlertToken(token, today);
  if (!('search' in decoded)) return { problem: decoded.problem };
  const { search } = decoded;
  const slugs = [search.scope.from, search.scope.to, search.place].filter((slug): slug is string => typeof slug === 'string');
  if (slugs.some((slug) => !placeBySlug(slug))) return { problem: 'malformed' };
  const vehicles = search.vehicleIds.map((id) => vehicleNames.get(id)).filter((name): name is string => name !== undefined);
  return {
    language: languageByPrefix(search.language) ?? DEFAULT_LANGUAGE,
    scope: search.scope,
    place: search.place,
    filters: {
      vehicle: vehicles,
      weight: { min: search.weightMin, max: search.weightMax },
      loading: { from: search.loadingFrom, to: search.loadingTo },
      near: search.near,
      sort: search.sort,
      // The token holds one radius for a list's places (alert-link.ts refuses a route with two).
      nearTo: null,
    },
    unknownVehicles: search.vehicleIds.length - vehicles.length,
  };
}

/** The list's place names in the reader's script (the gazetteer's), by slug. */
export function placeName(slug: string, language: Language): string {
  return placeBySlug(slug)?.names[language.code] ?? slug;
}
