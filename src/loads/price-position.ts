import { currencyCode } from './currency';
import { loadClassOf, type LoadClass } from './load-class';

/**
 * Where a card's asking price sits against its route's usual range for its class of load. Apart from
 * going-rate.ts because the live board's cards run it in the browser, which needs none of the figures'
 * arithmetic.
 */

/**
 * The middle half of one class's asking prices per trip in one currency (its `currencyCode`) on a route:
 * what a card of that class and currency is compared with.
 */
export type PriceRange = readonly [currency: string, loadClass: LoadClass, p25: number, p75: number];

/**
 * `wellAbove`: above WELL_ABOVE_FACTOR times the upper quartile, where a price is too good to be a
 * cargo owner's and the card warns of the two-sided scam.
 */
export type PricePosition = 'below' | 'within' | 'above' | 'wellAbove';

/** How far above the class's upper quartile a price is "well above the usual": 1.5 times, the edge itself still only above. */
export const WELL_ABOVE_FACTOR = 1.5;

/** What pricePosition reads of a load. */
export interface PricedLoad {
  price: number | null;
  currency: string;
  weight: number | null;
}

export function pricePosition(load: PricedLoad, ranges: readonly PriceRange[] | undefined): PricePosition | null {
  const { price } = load;
  if (price === null || !Number.isFinite(price) || price <= 0 || !ranges) return null;
  const loadClass = loadClassOf(load.weight);
  if (!loadClass) return null;
  const code = currencyCode(load.currency);
  const range = ranges.find(([currency, rangeClass]) => currency === code && rangeClass === loadClass);
  if (!range) return null;
  const [, , p25, p75] = range;
  if (price < p25) return 'below';
  if (price <= p75) return 'within';
  return price > p75 * WELL_ABOVE_FACTOR ? 'wellAbove' : 'above';
}
