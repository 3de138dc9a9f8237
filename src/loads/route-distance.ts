import type { TFunction } from 'i18next';
import { MIN_PRICE_PER_KM_DISTANCE_KM } from '../config/constants';
import { formatNumber, formatPrice } from './format';

/**
 * A load's road distance and price per km as the site shows them, on the build and on the phone alike
 * (the distance itself: src/places/road-distance.ts). Small on purpose: it ships with the board.
 */

/** Km of each route of a page's pre-rendered cards, by cardRouteKey of its place texts; 0 when unknown. */
export type RouteDistances = Readonly<Record<string, number>>;

/** One key per pair of place texts, whatever characters the API's texts hold. */
export function cardRouteKey(from: string, to: string): string {
  return JSON.stringify([from, to]);
}

/** The km `distances` holds for a route: null when it has no distance, undefined when it is not there. */
export function routeKmIn(distances: RouteDistances, from: string, to: string): number | null | undefined {
  const key = cardRouteKey(from, to);
  if (!Object.prototype.hasOwnProperty.call(distances, key)) return undefined;
  const km = distances[key];
  return typeof km === 'number' && km > 0 ? km : null;
}

/**
 * Price per kilometre in the price's own currency, to two significant figures (the distance is an
 * estimate: "5 161" would claim a precision it does not have). Null without a price or a distance, and
 * under MIN_PRICE_PER_KM_DISTANCE_KM.
 */
export function pricePerKm(price: number | null, distance: { readonly km: number; readonly known?: boolean } | null): number | null {
  if (price === null || !Number.isFinite(price) || price <= 0 || !distance) return null;
  if (!(distance.km >= MIN_PRICE_PER_KM_DISTANCE_KM)) return null;
  return Number((price / distance.km).toPrecision(2));
}

/** "310 km" and "5 200 UZS/km" in the page's language, without the "≈" each is shown with. */
export interface DistanceTexts {
  distance: string;
  perKm: string;
}

/**
 * Writes DistanceTexts in one language: `t` reaches the `loads` namespace (by the `loads:` prefix).
 * Made once per list, page or feed; each text is looked up once with a slot, filled per load (the
 * feeds write tens of thousands of entries).
 */
export function distanceFormatter(t: TFunction): (km: number | null, price: number | null, currency: string) => DistanceTexts | null {
  const SLOT = '\u0000';
  const kmText = t('loads:distance.km', { km: SLOT });
  const perKmText = t('loads:distance.perKm', { price: SLOT });
  // A function, so a `$&` in a text is not read as a replacement pattern.
  const fill = (template: string, value: string) => template.replace(SLOT, () => value);
  return (km, price, currency) => {
    if (km === null) return null;
    const perKm = pricePerKm(price, { km });
    return {
      distance: fill(kmText, formatNumber(km)),
      perKm: perKm === null ? '' : fill(perKmText, formatPrice(perKm, currency, 3)),
    };
  };
}

/** The estimate said as a symbol, where a text has no room for words: "≈ 310 km". */
export function approximately(text: string): string {
  return text ? `≈\u00a0${text}` : '';
}
