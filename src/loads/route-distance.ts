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
 * The one rule for a price per km, which always stands on an estimated distance (town centre to town
 * centre, src/places/road-distance.ts): two significant figures, since "5 161" would claim a precision
 * the distance does not have, and shown as an estimate ("≈", and a word a screen reader says: the
 * Approximately component; `approximately` in plain text). The cards, the going rates, the feeds and
 * the channel all write it through perKmFormatter.
 */
export function roundPerKm(value: number): number {
  return Number(value.toPrecision(2));
}

/**
 * Price per kilometre in the price's own currency, to two significant figures. Null without a price or
 * a distance, and under MIN_PRICE_PER_KM_DISTANCE_KM.
 */
export function pricePerKm(price: number | null, distance: { readonly km: number; readonly known?: boolean } | null): number | null {
  if (price === null || !Number.isFinite(price) || price <= 0 || !distance) return null;
  if (!(distance.km >= MIN_PRICE_PER_KM_DISTANCE_KM)) return null;
  return roundPerKm(price / distance.km);
}

/** The amount of a price per km, rounded by roundPerKm and written with the decimals it keeps: "5 200 UZS", "0,73 USD". */
export function formatPerKmAmount(value: number, currency: string): string {
  const rounded = roundPerKm(value);
  const decimals = rounded === 0 || !Number.isFinite(rounded) ? 0 : Math.max(0, 1 - Math.floor(Math.log10(Math.abs(rounded))));
  return formatPrice(rounded, currency, decimals);
}

/** Slot a text is looked up with once and filled per value: the feeds write tens of thousands. */
const SLOT = '\u0000';
// A function, so a `$&` in a text is not read as a replacement pattern.
const fill = (template: string, value: string) => template.replace(SLOT, () => value);

/**
 * Writes a price per km as "5 200 UZS/km" in one language, without the "≈" it is shown with: `t`
 * reaches the `loads` namespace (by the `loads:` prefix). Made once per list, page or feed.
 */
export function perKmFormatter(t: TFunction): (value: number, currency: string) => string {
  const perKmText = t('loads:distance.perKm', { price: SLOT });
  return (value, currency) => fill(perKmText, formatPerKmAmount(value, currency));
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
  const kmText = t('loads:distance.km', { km: SLOT });
  const perKmText = perKmFormatter(t);
  return (km, price, currency) => {
    if (km === null) return null;
    const perKm = pricePerKm(price, { km });
    return {
      distance: fill(kmText, formatNumber(km)),
      perKm: perKm === null ? '' : perKmText(perKm, currency),
    };
  };
}

/** The estimate said as a symbol, where a text has no room for words: "≈ 310 km". */
export function approximately(text: string): string {
  return text ? `≈\u00a0${text}` : '';
}
