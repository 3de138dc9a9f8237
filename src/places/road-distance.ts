/**
 * The road distance between two places from their coordinates: the build's (distance.ts, through the
 * gazetteer) and the browser's (browser-places.ts, through the place file, which carries each place's
 * coordinates) are this one function, so a card refreshed in the browser says what the build said.
 * No gazetteer here: this ships to the phone in the place file's lazy chunk.
 */

/**
 * A road distance in km, always an estimate as far as the visitor is told ("≈"): `known` when it comes
 * from KNOWN_ROAD_KM (a published road figure), otherwise the great-circle distance times ROAD_FACTOR.
 * Either way it runs from town centre to town centre.
 */
export interface RoadDistance {
  km: number;
  known: boolean;
}

/** What the estimate needs of a place: the gazetteer's slug and coordinates. */
export interface RoadPoint {
  slug: string;
  lat: number;
  lon: number;
}

/**
 * Road distance over great-circle distance ("circuity", "detour index", "route factor"). Measured
 * national road networks come out at about 1.2 to 1.35: Newell (1980) about 1.2 for random points on a
 * road network; Ballou, Rahardja & Sakai (2002, "Selected country circuity factors for road and rail
 * network design", Transportation Research Part A 36(9)) give per-country factors of that order; Kim,
 * Shin, Lee & Suh (2015, "Calculation of regional circuity factors using road network distance in South
 * Korea", J. Korean Society of Agricultural Engineers 57(4) 39-49) measure 1.26 for South Korea,
 * "higher than USA and smaller than Japan or EU", with up to 1.435 in its mountainous Gangwon province.
 * Uzbekistan's trunk roads bend round the Qurama and Turkestan ranges, the Kyzylkum and the Fergana
 * valley's borders, so this takes the upper part of that range: published road distances of the
 * routes in __tests__/places-distance.test.ts measure 1.19 (Buxoro–Xiva) to 1.48 (Xiva–Nukus) on the
 * gazetteer's coordinates, and the estimate stays within 15 % of each.
 */
export const ROAD_FACTOR = 1.3;

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * Published road distances of busy routes, which override the estimate in both directions. Keys are the
 * two slugs in alphabetical order joined by a space. Only figures with a source named here;
 * a route without one is estimated.
 */
const KNOWN_ROAD_KM: Readonly<Record<string, number>> = {
  // The M39 through Guliston and Jizzax; the estimate would say 350. Source: promenter.ru, "Расстояние и
  // время пути … от Ташкента до Самарканда": about 300 km by road (docs/rates.md).
  'samarqand toshkent': 300,
  // Through Samarqand, Buxoro and Urganch; the estimate would say 1 050. Source: Humo Magazine
  // (mag.humodoc.com, 19 June 2025, on intercity taxis): "От Ташкента до столицы Каракалпакстана —
  // 1091 километр".
  'nukus toshkent': 1090,
};

export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = Math.PI / 180;
  const halfChord =
    Math.sin(((b.lat - a.lat) * radians) / 2) ** 2 +
    Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(((b.lon - a.lon) * radians) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(halfChord)));
}

/** An estimate claims no more than it knows: to 10 km above 100 km, to 5 km below, never 0. */
export function roundEstimateKm(km: number): number {
  const step = km > 100 ? 10 : 5;
  return Math.max(step, Math.round(km / step) * step);
}

/** Null for the same place twice or coordinates that are not numbers (a broken place file). */
export function roadDistanceBetween(from: RoadPoint, to: RoadPoint): RoadDistance | null {
  if (from.slug === to.slug) return null;
  const key = from.slug < to.slug ? `${from.slug} ${to.slug}` : `${to.slug} ${from.slug}`;
  const known = Object.prototype.hasOwnProperty.call(KNOWN_ROAD_KM, key) ? KNOWN_ROAD_KM[key] : undefined;
  if (known !== undefined) return { km: known, known: true };
  const km = greatCircleKm(from, to) * ROAD_FACTOR;
  return Number.isFinite(km) ? { km: roundEstimateKm(km), known: false } : null;
}
