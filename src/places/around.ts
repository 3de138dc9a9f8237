import { greatCircleKm } from './road-distance';

/**
 * The places within a straight-line distance of a place, by the gazetteer's coordinates: what `near`
 * widens a searched place, a city or a route's ends to (CONTRACT.md, "Filters"). One function for the
 * build, the phone (whose place file carries every place's coordinates) and the Telegram alerts. No
 * gazetteer here: it ships to the phone with the filters' code.
 */

export interface PlacePoint {
  slug: string;
  lat: number;
  lon: number;
}

/**
 * The slugs of `places` within `km` of the place `slug` (itself included). A place whose coordinates are
 * not known (not among `places`) widens to nothing: it stays the place alone.
 */
export function placesAround(slug: string, km: number, places: readonly PlacePoint[]): Set<string> {
  const around = new Set([slug]);
  const centre = places.find((place) => place.slug === slug);
  if (!centre || !(km > 0)) return around;
  for (const place of places)
    if (Number.isFinite(place.lat) && Number.isFinite(place.lon) && greatCircleKm(centre, place) <= km) around.add(place.slug);
  return around;
}
