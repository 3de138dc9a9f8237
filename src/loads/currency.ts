/**
 * The currency a price is asked in, whatever way the poster spelled it: posters write the sum as `UZS`,
 * `so'm`, `soʻm`, `сум`, `sum` or `сўм`, and all of them are one currency, so the going rates count them
 * together and a card asking "сум" is compared with its route's UZS figure (docs/rates.md, "Going rates").
 * Only spellings of one currency are joined; nothing is ever converted from one currency into another.
 * `som`/`сом` is no currency here: it is also the Kyrgyz som's name. Only the currencies below are
 * currencies at all: any other text (`Ali`, a look-alike of UZS with a Greek Ζ or a Cyrillic С) is what a
 * poster typed, and is never kept, counted as a currency or published. Small on purpose: the board ships it.
 */

/** Spellings of a currency, written as `spellingKey` leaves them, and the code each stands for. */
const SPELLINGS: Readonly<Record<string, string>> = {
  UZS: 'UZS',
  SUM: 'UZS',
  СУМ: 'UZS',
  СЎМ: 'UZS',
  SOʻM: 'UZS',
  USD: 'USD',
  $: 'USD',
  US$: 'USD',
  RUB: 'RUB',
  RUR: 'RUB',
  РУБ: 'RUB',
  '₽': 'RUB',
  // The codes of the other currencies the board's routes are priced in, as themselves.
  EUR: 'EUR',
  KZT: 'KZT',
  KGS: 'KGS',
  TJS: 'TJS',
  TMT: 'TMT',
  CNY: 'CNY',
  TRY: 'TRY',
};

/**
 * Upper case, without spaces and a closing dot ("сум.", "so 'm"), and every apostrophe Uzbek Latin is
 * typed with (ASCII ', ʻ U+02BB, ʼ U+02BC, ‘ ’, `) written as U+02BB, so "so'm" and "soʻm" meet.
 */
function spellingKey(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\s.]+/g, '')
    .replace(/['ʻʼ‘’`]/g, 'ʻ');
}

/** The code of the currency `text` names (`UZS` for every spelling of the sum), or '' for any other text. */
export function currencyCode(text: string): string {
  const key = spellingKey(text);
  return (Object.prototype.hasOwnProperty.call(SPELLINGS, key) ? SPELLINGS[key] : undefined) ?? '';
}
