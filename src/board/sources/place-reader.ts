import type { PlaceReader } from '../../search/rows';
import type { loadPlaces } from './places-on-demand';

type Places = NonNullable<Awaited<ReturnType<typeof loadPlaces>>>;

/**
 * How the phone reads a load's places: the page language's place file, or nothing without it. A module of
 * its own, so the trip's chunk reads places as the worked lists do without taking their code with it.
 */
export function placeReader(places: Places | null): PlaceReader {
  if (!places) return { slugOf: () => null, slugOfKey: () => undefined };
  const slugOfKey = places.module.slugOfKeyIn(places.file);
  return { slugOf: (text) => places.module.findEntry(places.file, text)?.slug ?? null, slugOfKey };
}
