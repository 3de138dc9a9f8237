import type { Language } from '../config/languages';
import { WAY_BACK_NEAR_KM } from '../config/constants';
import { localizedPath } from '../i18n/paths';
import { boardSearchString } from './query';

/**
 * The link to a way back (CONTRACT.md, "Trips"): the reversed route's page widened around both ends by
 * `near`, keeping the list's vehicle filter. One writer for the route page's own line, its cards and the
 * loads on the way, so they never disagree on the query.
 */
export function wayBackHref(
  path: string,
  language: Language,
  options: { vehicle?: readonly string[]; near?: number; bare?: boolean } = {},
): string {
  const { vehicle = [], near = WAY_BACK_NEAR_KM, bare = false } = options;
  return `${bare ? path : localizedPath(path, language)}${boardSearchString({ near, vehicle: [...vehicle] })}`;
}

/** A card's way back by its load's id, from the build's table of them; null when the build made no such page. */
export function wayBackPathOf(wayBacks: Readonly<Record<string, string>> | undefined, id: string): string | null {
  return wayBacks && Object.prototype.hasOwnProperty.call(wayBacks, id) ? (wayBacks[id] ?? null) : null;
}
