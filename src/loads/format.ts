import type { Load } from '../api-client/types';
import { tashkentWallClock } from '../config/time';

/**
 * Formatting of load fields (SPEC.md section 9; LANGUAGE-REVIEW.md items 32-33): numbers the way people
 * in Uzbekistan write them in Uzbek and Russian alike, a decimal comma and groups of three joined by a
 * no-break space ("1 250,5"); prices as that number, no decimals, then the currency code ("1 500 000
 * UZS"); dates as a short English month and day (the spec), in Tashkent time so the build's HTML and the
 * browser's render agree whatever the machine's time zone.
 *
 * Written out instead of with Intl, for two reasons. The browser's Intl does not give what the build's
 * does: Chromium's ICU data (checked in Chromium 156) has no Uzbek Latin numbers, so
 * `Intl.NumberFormat('uz')` prints "1,250.5" there and "1 250,5" in Node, and the board would not
 * hydrate. And the first Intl.NumberFormat a page builds loads the browser's number data, 13-35 ms of
 * main thread on this machine and four times that on a slow phone, in the middle of hydrating the load
 * board. The output is what Node's Intl gives for `ru`, which is also what it gives for `uz` and
 * `uz-Cyrl` (property-tested against all three in __tests__/loads.test.ts).
 */
/** Between groups of digits, and between a number and its unit or currency. */
const NO_BREAK_SPACE = '\u00a0';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Digits of a finite number, rounded half away from zero to at most `maxFraction` decimals, grouped as above. */
function formatDecimal(value: number, maxFraction: number): string {
  // toExponential() gives the shortest digits that read back as the same number, which is also what
  // Intl rounds from (so 1.005 rounds to 1.01, not to the 1.00 that its binary value would give).
  const [mantissa = '0', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const significant = mantissa.replace('.', '');
  const pointAt = Number(exponentText) + 1;
  const padded = pointAt <= 0 ? '0'.repeat(1 - pointAt) + significant : significant.padEnd(pointAt, '0');
  const point = Math.max(pointAt, 1);
  let digits = padded.slice(0, point + maxFraction).padEnd(point + maxFraction, '0');
  if ((padded[point + maxFraction] ?? '0') >= '5') digits = incrementDigits(digits);
  const integerLength = digits.length - maxFraction;
  const integer = digits.slice(0, integerLength).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(integerLength).replace(/0+$/, '');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
  const text = fraction ? `${grouped},${fraction}` : grouped;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
}

/** `maxFraction`: 0 for a price, more for a rate such as a price per km ("3,9 USD"). */
export function formatPrice(price: number | null, currency: string, maxFraction = 0): string {
  if (price === null || !Number.isFinite(price)) return '';
  const code = currency.trim().toUpperCase();
  const amount = formatDecimal(price, maxFraction);
  return code ? `${amount}${NO_BREAK_SPACE}${code}` : amount;
}

function tashkentDate(iso: string | null): Date | null {
  if (!iso) return null;
  // Read with the UTC getters, this date shows Tashkent's wall clock.
  return tashkentWallClock(new Date(iso).getTime());
}

/** The month (0-11) and day of the month of an instant, in Tashkent; null for no date or a bad one. */
export function tashkentMonthDay(iso: string | null): { month: number; day: number } | null {
  const date = tashkentDate(iso);
  return date ? { month: date.getUTCMonth(), day: date.getUTCDate() } : null;
}

/** The board list's date (SPEC.md pins an English short date for the list); posts and feeds use reader-date.ts. */
export function formatShortDate(iso: string | null): string {
  const date = tashkentDate(iso);
  return date ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}` : '';
}

/** ISO date (YYYY-MM-DD) in Tashkent time, for structured data. */
export function isoDay(iso: string | null): string | undefined {
  const date = tashkentDate(iso);
  if (!date) return undefined;
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) return undefined;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function formatNumber(value: number): string {
  return Number.isFinite(value) ? formatDecimal(value, 2) : '';
}

export { postedAge, type Age } from './posted-age';

/**
 * "From → To", each place named by `placeName` (the page language's name: placeLabel at build time,
 * the place file in the browser, which carries no gazetteer).
 */
export function routeLabel(load: Pick<Load, 'from' | 'to'>, unknownPlace: string, placeName: (apiText: string) => string): string {
  return `${placeName(load.from) || unknownPlace} → ${placeName(load.to) || unknownPlace}`;
}
