import type { TFunction } from 'i18next';
import { formatNumber, formatPrice } from '../../loads/format';
import { formatPerKmAmount, perKmFormatter } from '../../loads/route-distance';
import type { Spread } from '../../rates/going-rate';

/**
 * An asking price per trip or a count in the site's number format: whole from 100 on (a median of
 * 4 733,33 UZS claims a precision an asking price does not have), to two decimals below it (1,35 USD).
 * A price per km never goes through here: it follows the estimate's rule (src/loads/route-distance.ts).
 */
export function formatRate(value: number): string {
  return Math.abs(value) >= 100 ? formatPrice(value, '') : formatNumber(value);
}

/** With its currency, as the cards write prices ("1 500 000 UZS"). */
export function formatRatePrice(value: number, currency: string): string {
  return `${formatRate(value)}\u00a0${currency}`;
}

/** The texts a rate block or the rates page writes its figures with, looked up once per language. */
export interface RateTexts {
  t: TFunction;
  /** A text without values (a heading, a label), looked up once: the build writes 600 blocks a language. */
  label: (key: string) => string;
  /** "5 200 UZS/km", to two significant figures, without its "≈". */
  perKm: (value: number, currency: string) => string;
  /** A bare per-km amount for a table whose header names the unit: "5 200". */
  perKmAmount: (value: number) => string;
  /** Said to a screen reader for "≈". */
  about: string;
}

const made = new WeakMap<TFunction, RateTexts>();

export function rateTexts(t: TFunction): RateTexts {
  let texts = made.get(t);
  if (!texts) {
    const labels = new Map<string, string>();
    const label = (key: string) => {
      let text = labels.get(key);
      if (text === undefined) labels.set(key, (text = t(key)));
      return text;
    };
    texts = { t, label, perKm: perKmFormatter(t), perKmAmount: (value) => formatPerKmAmount(value, ''), about: t('loads:distance.about') };
    made.set(t, texts);
  }
  return texts;
}

/** "Oʻrtadagi yarmi: 2 500 000 UZS – 3 000 000 UZS": a per-trip middle half. */
export function tripMiddleHalf(texts: RateTexts, spread: Spread, currency: string): string {
  return texts.t('places:rates.range', { low: formatRatePrice(spread.p25, currency), high: formatRatePrice(spread.p75, currency) });
}

/**
 * A per-km middle half split where its "≈" goes: the text before the low value, and the values with
 * the rest, so the page renders `before` + Approximately(`rest`).
 */
export function perKmMiddleHalf(texts: RateTexts, spread: Spread, currency: string): { before: string; rest: string } {
  const slot = '\u0000';
  const text = texts.t('places:rates.range', { low: slot, high: texts.perKm(spread.p75, currency) });
  const at = text.indexOf(slot);
  return { before: text.slice(0, at), rest: `${texts.perKm(spread.p25, currency)}${text.slice(at + slot.length)}` };
}
