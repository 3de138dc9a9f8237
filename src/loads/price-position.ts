import { currencyCode } from './currency';

/**
 * Where a card's asking price sits against its route's usual range. Apart from going-rate.ts because
 * the live board's cards run it in the browser, which needs none of the figures' arithmetic.
 */
/** The middle half of one currency's asking prices per trip on a route (its `currencyCode`): what a card is compared with. */
export type PriceRange = readonly [currency: string, p25: number, p75: number];

export type PricePosition = 'below' | 'within' | 'above';

export function pricePosition(price: number | null, currency: string, ranges: readonly PriceRange[] | undefined): PricePosition | null {
  if (price === null || !Number.isFinite(price) || price <= 0 || !ranges) return null;
  const code = currencyCode(currency);
  const range = ranges.find(([rangeCurrency]) => rangeCurrency === code);
  if (!range) return null;
  if (price < range[1]) return 'below';
  return price > range[2] ? 'above' : 'within';
}
