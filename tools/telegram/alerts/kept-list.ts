import { DEFAULT_LANGUAGE, type Language, languageByPrefix } from '../../../src/config/languages';
import { decodeAlertToken, type KeptSearch } from '../../../src/search/alert-token';
import { placeBySlug } from '../../../src/places/gazetteer';

/**
 * A subscription's search as a run reads it: its token (src/search/alert-token.ts) decoded on the run's
 * Tashkent day into the board's own filters (src/search/filter-table.ts), its vehicle types named by the
 * dictionary the build published, its places checked against the gazetteer. What the alerts match,
 * describe and link is made from this (board-match.ts).
 */
export interface KeptList extends Omit<KeptSearch, 'language'> {
  language: Language;
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
  const decoded = decodeAlertToken(token, today, vehicleNames);
  if (!('search' in decoded)) return { problem: decoded.problem };
  const { search, unknownVehicles } = decoded;
  const slugs = [search.scope.from, search.scope.to, search.place].filter((slug): slug is string => typeof slug === 'string');
  if (slugs.some((slug) => !placeBySlug(slug))) return { problem: 'malformed' };
  return { ...search, language: languageByPrefix(search.language) ?? DEFAULT_LANGUAGE, unknownVehicles };
}

/** The list's place names in the reader's script (the gazetteer's), by slug. */
export function placeName(slug: string, language: Language): string {
  return placeBySlug(slug)?.names[language.code] ?? slug;
}
