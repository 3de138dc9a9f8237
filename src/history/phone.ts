/**
 * A phone number as the international number it dials, so that one phone written in different ways is
 * one poster (CONTRACT.md, "Distance and rates"). The board is Uzbek: a number written the way people
 * dial it inside Uzbekistan is an Uzbek one; a number with its country code keeps it, whatever country.
 *
 * - A contact field can hold several numbers (`90 123 45 67 / 91 …`, `… va …`, `… и …`, `… yoki …`, a
 *   new line): it is cut at `,` `;` `&` `/` `\` `|`, line ends and the words yoki, или, or, va, ва, и,
 *   and the poster is its first piece with MIN_PHONE_DIGITS to MAX_PHONE_DIGITS digits. A number written
 *   with slashes between its groups (`90/123/45/67`) has no such piece once cut at slashes, so it is
 *   read as one number.
 * - Fewer than MIN_PHONE_DIGITS digits is no phone (`0`, `00`, a stray digit in markup): no number in
 *   Uzbekistan or beside it is that short, and such a "poster" would stand for anyone.
 * - With its code: `+998 90 123 45 67`, `998901234567`, `00998 90 …`, `8 10 998 90 …` (the old
 *   international prefix), and the neighbours' `+7 701 …` (Kazakhstan, Russia), `+996 …` (Kyrgyzstan),
 *   `+992 …` (Tajikistan), `+993 …` (Turkmenistan): as written, digits only.
 * - Uzbek national forms: nine digits (`90 123 45 67`, `(90) 123-45-67`), or nine digits after the trunk
 *   prefix 8 or 0 (`8 90 123 45 67`): 998 and the nine digits.
 * - Eleven digits from 8 (`8 701 123 45 67`): a Kazakh or Russian number dialled at home, 7 and the ten.
 * - A number is its digits up to its full length, whatever follows (`… (1)`, `… доб. 2`, `… 24/7`,
 *   `… (2 ta mashina)`): with its code, the code and the national number's length (nine digits after
 *   998); written at home, the groups of digits that make nine (an Uzbek number's first group, its
 *   area code, has two digits or more, so `7 701 …` is not read as one).
 * - Anything else of that length: its digits as written (a number this rule cannot place is still one
 *   poster as long as it is written the same way).
 *
 * Returns the digits without `+`; null when the field holds no such number.
 */
export function internationalNumber(phone: string): string | null {
  const text = asciiDigits(phone);
  return firstNumber(text.split(NUMBER_SEPARATOR)) ?? firstNumber(text.split(NUMBER_SEPARATOR_BUT_SLASH));
}

/** Nine digits is the shortest number the rule below reads (an Uzbek one without its code). */
export const MIN_PHONE_DIGITS = 9;
/** E.164: no international number has more. */
export const MAX_PHONE_DIGITS = 15;

/** Where a field with several numbers is cut: punctuation, line ends, and "or" and "and" in the board's languages. */
const separator = (punctuation: string) =>
  new RegExp(`[${punctuation}\\n\\r\\u2028\\u2029]|(?<![\\p{L}\\p{N}])(?:yoki|или|or|va|ва|и)(?![\\p{L}\\p{N}])`, 'iu');
const NUMBER_SEPARATOR = separator(',;&/\\\\|');
const NUMBER_SEPARATOR_BUT_SLASH = separator(',;&\\\\|');

/** The number the first piece with a phone's digits dials. */
function firstNumber(pieces: readonly string[]): string | null {
  for (const piece of pieces) {
    if (piece.replace(/\D/g, '').length < MIN_PHONE_DIGITS) continue;
    const number = dialled(piece.trim());
    if (number.length <= MAX_PHONE_DIGITS) return number;
  }
  return null;
}

const UZBEKISTAN = '998';
const UZBEK_NATIONAL_DIGITS = 9;

/** The country codes the board meets, and the length of a national number after each. */
const NATIONAL_DIGITS: ReadonlyArray<readonly [string, number]> = [
  [UZBEKISTAN, UZBEK_NATIONAL_DIGITS],
  ['996', 9],
  ['992', 9],
  ['993', 8],
  ['7', 10],
];

/** The international number one written number dials. */
function dialled(text: string): string {
  const groups = text.match(/\d+/g) ?? [];
  const digits = groups.join('');
  const [first = '', second = ''] = groups;
  if (text.startsWith('+')) return withCode(digits);
  if (digits.startsWith('00') && digits.length > 9) return withCode(digits.slice(2));
  if (digits.startsWith('810') && digits.length > 12) return withCode(digits.slice(3));
  // `0 998 90 …`: a trunk digit before the code.
  if ((first === '0' || first === '8') && second.startsWith(UZBEKISTAN) && digits.length > 12) return withCode(digits.slice(1));
  // `998 90 …`, `998901234567`; `99 812 34 56` is a number of the area code 99 written at home.
  if (digits.startsWith(UZBEKISTAN) && first.length !== 2 && digits.length >= 12) return withCode(digits);
  return atHome(groups, digits);
}

/** A number with its country code: the code and its national number, without the digits after it. */
function withCode(digits: string): string {
  for (const [code, length] of NATIONAL_DIGITS) {
    if (!digits.startsWith(code)) continue;
    let national = digits.slice(code.length);
    // `+998 (0)90 123 45 67`: the trunk 0 some people keep after the country code.
    if (code === UZBEKISTAN && national.startsWith('0') && national.length > length) national = national.slice(1);
    return national.length >= length ? code + national.slice(0, length) : digits;
  }
  return digits;
}

/** A number written as dialled inside the country: Uzbek, or Kazakh or Russian after the trunk 8. */
function atHome(groups: readonly string[], digits: string): string {
  const [first = ''] = groups;
  if (first === '8' || first === '0') {
    const uzbek = leadingGroups(groups.slice(1), UZBEK_NATIONAL_DIGITS);
    if (uzbek) return UZBEKISTAN + uzbek;
    const neighbour = first === '8' ? leadingGroups(groups.slice(1), 10) : null;
    if (neighbour) return `7${neighbour}`;
  }
  if (first.length >= 2) {
    const uzbek = leadingGroups(groups, UZBEK_NATIONAL_DIGITS);
    if (uzbek) return UZBEKISTAN + uzbek;
  }
  if (digits.length === UZBEK_NATIONAL_DIGITS + 1 && (digits.startsWith('8') || digits.startsWith('0')))
    return UZBEKISTAN + digits.slice(1);
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}

/** The digits of the first groups when they make exactly `count`, else null. */
function leadingGroups(groups: readonly string[], count: number): string | null {
  let digits = '';
  for (const group of groups) {
    digits += group;
    if (digits.length >= count) break;
  }
  return digits.length === count ? digits : null;
}

/** A decimal digit of any script (Unicode's Nd: Devanagari `९`, Bengali `৯`, Arabic-Indic `٩`, Thai `๙`, …). */
const DECIMAL_DIGIT = /\p{Nd}/u;
const digitValues = new Map<string, string>();

/**
 * A decimal digit's value. Unicode gives every script's digits as a run of ten code points from zero
 * to nine (some runs side by side, each from its own zero), so the value is how far the digit is from
 * the start of its run, modulo ten.
 */
function digitValue(digit: string): string {
  let value = digitValues.get(digit);
  if (value === undefined) {
    let code = digit.codePointAt(0) as number;
    let steps = 0;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(code - 1))) {
      code -= 1;
      steps += 1;
    }
    value = String(steps % 10);
    digitValues.set(digit, value);
  }
  return value;
}

/** Decimal digits of every script (fullwidth `９０`, Arabic-Indic `٩٠`, Devanagari `९०`) as ASCII digits; everything else as it is. */
export function asciiDigits(text: string): string {
  return text.normalize('NFKC').replace(/\p{Nd}/gu, (digit) => (digit >= '0' && digit <= '9' ? digit : digitValue(digit)));
}
