import type { VehicleType } from '../api-client/types';

/**
 * The API dictionary's id of each vehicle type, by its name in lower case, as the filters match names:
 * the board's Telegram alerts link names a type by its id (src/board/saved/alert-link.ts). A type only the
 * loads name has no id, and a search for it gets no link. Of two names that differ only in case, the
 * first listed keeps its id.
 */
export function vehicleTypeIds(types: readonly VehicleType[]): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const type of types) {
    const key = type.name.trim().toLowerCase();
    if (key && type.id && !Object.prototype.hasOwnProperty.call(ids, key)) ids[key] = type.id;
  }
  return ids;
}
