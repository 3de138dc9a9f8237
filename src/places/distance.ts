import { MIN_PRICE_PER_KM_DISTANCE_KM } from '../config/constants';
import { placeBySlug } from './gazetteer';

/**
 * Road distance between two gazetteer places, as an estimate (README, "Distance and price per
 * kilometre"). `known` says it comes from KNOWN_ROAD_KM (a published road figure); otherwise it is the
 * great-circle distance times ROAD_FACTOR. Either way it is a figure for a town centre to a town
 * centre, so the site always says it as "≈".
 */
export interface RoadDistance {
  km: number;
  known: boolean;
}

/**
 * Road distance over straight-line distance. National road networks measure about 1.2 to 1.35: Newell
 * (1980) about 1.2 for random points on a road network; Ballou, Rahardja & Sakai (2002) give country
 * circuity factors of the same order; Kim, Shin, Lee & Suh (2015, J. Korean Soc. Agric. Eng. 57(4)
 * 39-49) measure 1.26 for South Korea, "higher than USA and smaller than Japan or EU". Uzbekistan's
 * trunk roads bend round the Qurama and Turkestan ranges, the desert and the Fergana valley's borders,
 * so the upper part of that range: the busiest routes below measure 1.13 (Samarqand) to 1.45 (Termiz).
 */
export const ROAD_FACTOR = 1.3;

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * Published road distances of the busiest routes, town centre to town centre, which override the
 * estimate in both directions. Keys are the two slugs in alphabetical order joined by a space.
 */
const KNOWN_ROAD_KM: Readonly<Record<string, { km: number; source: string }>> = {
  // The M39 through Jizzax and Guliston; the estimate would say 350.
  'samarqand toshkent': {
    km: 300,
    source: 'promenter.ru, "Расстояние и время пути … от Ташкента до Самарканда" (about 300 km by road)',
  },
};

function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = Math.PI / 180;
  const halfChord =
    Math.sin(((b.lat - a.lat) * radians) / 2) ** 2 +
    Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(((b.lon - a.lon) * radians) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(halfChord)));
}

/** An estimate claims no more than it knows: to 10 km above 100 km, to 5 km below. */
export function roundEstimateKm(km: number): number {
  const step = km > 100 ? 10 : 5;
  return Math.max(step, Math.round(km / step) * step);
}

export function roadDistanceKm(fromSlug: string, toSlug: string): RoadDistance | null {
  if (fromSlug === toSlug) return null;
  const from = placeBySlug(fromSlug);
  const to = placeBySlug(toSlug);
  if (!from || !to) return null;
  const known = KNOWN_ROAD_KM[pairKey(from.slug, to.slug)];
  if (known) return { km: known.km, known: true };
  return { km: roundEstimateKm(greatCircleKm(from, to) * ROAD_FACTOR), known: false };
}

/**
 * Price per kilometre in the price's own currency, to two significant figures (the distance is an
 * estimate: "5 161" would claim a precision it does not have). Null without a price or distance, and
 * under MIN_PRICE_PER_KM_DISTANCE_KM.
 */
export function pricePerKm(price: number | null, distance: RoadDistance | null): number | null {
  if (price === null || !Number.isFinite(price) || price <= 0 || !distance) return null;
  if (!(distance.km >= MIN_PRICE_PER_KM_DISTANCE_KM)) return null;
  return Number((price / distance.km).toPrecision(2));
}
