import type { Load } from '../api-client/types';

/**
 * Formatting of load fields (SPEC.md section 9): prices as the currency with no decimals, dates as a
 * short English month and day. Dates are read in Tashkent time so the build's HTML and the browser's
 * render agree whatever the machine's time zone.
 */
export const SITE_TIME_ZONE = 'Asia/Tashkent';

// Building an Intl formatter costs far more than using one, and the build formats tens of thousands
// of loads: keep one per currency and kind.
const currencyFormats = new Map<string, Intl.NumberFormat>();
const plainNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimalNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: SITE_TIME_ZONE });
const dayDate = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE });

function currencyFormat(code: string): Intl.NumberFormat {
  let format = currencyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'code',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    currencyFormats.set(code, format);
  }
  return format;
}

export function formatPrice(price: number | null, currency: string): string {
  if (price === null || !Number.isFinite(price)) return '';
  const code = currency.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(code)) {
    try {
      return currencyFormat(code).format(price).replace(/\u00a0/g, ' ');
    } catch {
      // An unknown code falls through to the plain form below.
    }
  }
  const amount = plainNumber.format(price);
  return code ? `${code} ${amount}` : amount;
}

export function formatShortDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return shortDate.format(date);
}

/** ISO date (YYYY-MM-DD) in Tashkent time, for structured data. */
export function isoDay(iso: string | null): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return dayDate.format(date);
}

export function formatNumber(value: number): string {
  return decimalNumber.format(value);
}

export type Age = { unit: 'minute' | 'hour' | 'day'; count: number } | null;

/** How long ago a load was posted, coarse enough to stay true between build and view. */
export function postedAge(createdAt: string | null, now: number): Age {
  if (!createdAt) return null;
  const time = new Date(createdAt).getTime();
  if (Number.isNaN(time)) return null;
  const minutes = Math.max(0, Math.floor((now - time) / 60000));
  if (minutes < 60) return { unit: 'minute', count: Math.max(1, minutes) };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hour', count: hours };
  return { unit: 'day', count: Math.floor(hours / 24) };
}

export function routeLabel(load: Pick<Load, 'from' | 'to'>, unknownPlace: string): string {
  return `${load.from || unknownPlace} → ${load.to || unknownPlace}`;
}
