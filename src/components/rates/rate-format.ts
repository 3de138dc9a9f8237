import { formatNumber, formatPrice } from '../../loads/format';

/**
 * An asking price or a count in the site's number format: whole from 100 on (a median of 4 733,33 UZS
 * claims a precision an asking price does not have), to two decimals below it (1,35 USD/km).
 */
export function formatRate(value: number): string {
  return Math.abs(value) >= 100 ? formatPrice(value, '') : formatNumber(value);
}

/** With its currency, as the cards write prices ("1 500 000 UZS"). */
export function formatRatePrice(value: number, currency: string): string {
  return `${formatRate(value)}\u00a0${currency}`;
}
