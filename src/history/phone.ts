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
 * - Anything else of that length: its digits as written (a number this rule cannot place is still one
 *   poster as long as it is written the same way).
 *
 * Returns the digits without `+`; null when the field holds no such number.
 */
export function internationalNumber(phone: string): string | null {
  const text = asciiDigits(phone);
  const number = firstNumber(text.split(NUMBER_SEPARATOR)) ?? firstNumber(text.split(NUMBER_SEPARATOR_BUT_SLASH));
  return number === null ? null : dialled(number);
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

/** The first piece that holds a number of a phone's length, trimmed. */
function firstNumber(pieces: readonly string[]): string | null {
  for (const piece of pieces) {
    const digits = piece.replace(/\D/g, '').length;
    if (digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS) return piece.trim();
  }
  return null;
}

/** The international number one written number dials. */
function dialled(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return withoutZeroAfterUzbekCode(digits);
  if (digits.startsWith('00') && digits.length > 9) return withoutZeroAfterUzbekCode(digits.slice(2));
  if (digits.startsWith('810') && digits.length > 12) return withoutZeroAfterUzbekCode(digits.slice(3));
  if (digits.length === UZBEK_NATIONAL_DIGITS) return UZBEKISTAN + digits;
  if (digits.length === UZBEK_NATIONAL_DIGITS + 1 && (digits.startsWith('8') || digits.startsWith('0')))
    return UZBEKISTAN + digits.slice(1);
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return withoutZeroAfterUzbekCode(digits);
}

const UZBEKISTAN = '998';
const UZBEK_NATIONAL_DIGITS = 9;

/** `+998 (0)90 123 45 67`: the trunk 0 some people keep after the country code. */
function withoutZeroAfterUzbekCode(digits: string): string {
  return digits.length === 13 && digits.startsWith(`${UZBEKISTAN}0`) ? UZBEKISTAN + digits.slice(4) : digits;
}

/**
 * Decimal digits of other scripts (fullwidth `９０`, Arabic-Indic `٩٠`, Persian `۹۰`) as ASCII digits;
 * everything else as it is.
 */
export function asciiDigits(text: string): string {
  return text.normalize('NFKC').replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
}
