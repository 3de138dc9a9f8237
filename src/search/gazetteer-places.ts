import { matchPlace, placeSlugOfKey } from '../places/match';
import type { PlaceReader } from './rows';

/**
 * The build's and the tools' reading of places: the gazetteer, each place text matched once. The phone
 * reads places from its place file instead (places-on-demand.ts), so nothing it runs imports this module
 * and the gazetteer stays out of its script.
 */
export function gazetteerPlaces(): PlaceReader {
  const slugs = new Map<string, string | null>();
  return {
    slugOf: (text) => {
      if (!slugs.has(text)) slugs.set(text, matchPlace(text)?.slug ?? null);
      return slugs.get(text) ?? null;
    },
    slugOfKey: placeSlugOfKey,
  };
}
