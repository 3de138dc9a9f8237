/**
 * Free text the history keeps, and the build publishes again from it (titles, places the gazetteer does
 * not know, vehicle types, currencies), without the ways people write who they are and how to reach
 * them: phone numbers, messenger handles and links, e-mail addresses, messenger mentions, and a name
 * called by its honorific (`Ali aka`). CONTRACT.md, "Where state is kept": the history never holds a
 * phone, a name or a handle.
 *
 * The rule, for a person who wants to check it:
 * 1. Contacts are found in the whole text: phone numbers (seven digits or more, with the separators
 *    people type: spaces, dashes of every length, slashes, dots, brackets, digits of other scripts, a
 *    letter O for a zero); `@handles`; links (`https://…`, `www.…`, `t.me/…`, `wa.me/…`, `tg://…`);
 *    e-mail addresses (also `name(at)mail.ru`); and the messengers' names (Telegram, `tg:`, WhatsApp,
 *    Viber, in Latin, Cyrillic or a mix of both).
 * 2. The text is cut into clauses at commas, semicolons, bars, bullets, line and sentence ends and spaced
 *    dashes. A clause after the first that holds a contact is dropped whole: it is where people write
 *    their name next to their number (`Sement 20 t, Alisher 90 123 45 67`). In the first clause, which is
 *    usually the cargo, what comes before the first contact stays.
 * 3. A name with an honorific (`Ali aka`, `Дилноза опа`) goes wherever it is, and words that only
 *    announce a contact (`tel.`, `телефон`, `aloqa uchun`, `звоните`) go from the end of what stays.
 * 4. When that leaves nothing (the text began with its contact), the contacts alone are taken out.
 *
 * Numbers that are not phones stay: `20 t`, `1000 qop`, a price grouped by thousands (`5 000 000`) or
 * ending in five zeros, a date (`12.05.2026`). A name written alone, with no contact and no honorific,
 * cannot be told from a word and stays; the contact fields the API sends are never kept.
 */

const DIGIT = '[0-9\\uFF10-\\uFF19\\u0660-\\u0669\\u06F0-\\u06F9]';
/** What people put between the digits of a phone number. */
const PHONE_SEPARATOR = '[\\s().\\-\\u2010-\\u2015\\u2212/\\u00a0\\u202f]';
/** A letter O typed for a zero, in Latin or Cyrillic. */
const LETTER_ZERO = '[OoОо]';
const PHONE_RUN = new RegExp(`(?:[+\\uFF0B]\\s*)?\\(?${DIGIT}(?:${PHONE_SEPARATOR}*(?:${DIGIT}|${LETTER_ZERO}))*`, 'gu');
const MIN_PHONE_DIGITS = 7;

/** Latin and Cyrillic letters that look alike: a word written with some of each is still that word. */
const LOOKALIKES: ReadonlyArray<readonly [string, string]> = [
  ['a', 'а'],
  ['e', 'е'],
  ['o', 'о'],
  ['p', 'р'],
  ['c', 'с'],
  ['x', 'х'],
  ['y', 'у'],
  ['k', 'к'],
  ['m', 'м'],
  ['t', 'т'],
  ['h', 'н'],
  ['b', 'в'],
  ['i', 'і'],
];

/** A word as a pattern that also matches it spelled with lookalike letters of the other script. */
function anyScript(word: string): string {
  return [...word]
    .map((letter) => {
      const pair = LOOKALIKES.find(([latin, cyrillic]) => letter === latin || letter === cyrillic);
      return pair ? `[${pair[0]}${pair[1]}]` : letter;
    })
    .join('');
}

const NOT_LETTER_BEFORE = '(?<![\\p{L}\\p{N}_])';
const NOT_LETTER_AFTER = '(?![\\p{L}])';
const words = (list: readonly string[]) => `(?:${list.map(anyScript).join('|')})`;

const MESSENGERS = words([
  'telegramm',
  'telegram',
  'телеграмм',
  'телеграм',
  'телега',
  'whatsapp',
  'whats app',
  'watsapp',
  'watsap',
  'вацап',
  'ватсап',
  'вотсап',
  'вотсапп',
  'viber',
  'вайбер',
  'вибер',
]);

/** Contacts, each a pattern over the whole text (phone numbers are found apart, see phoneSpans). */
const CONTACTS: readonly RegExp[] = [
  /(?:https?:\/\/|www\.)[^\s,;]+/giu,
  new RegExp(
    `${NOT_LETTER_BEFORE}(?:t\\.me|telegram\\.(?:me|dog)|wa\\.me|api\\.whatsapp\\.com|chat\\.whatsapp\\.com|viber\\.click|invite\\.viber\\.com|instagram\\.com|facebook\\.com|fb\\.me|vk\\.com|ok\\.ru)/[^\\s,;]*`,
    'giu',
  ),
  /(?<![\p{L}])(?:tg|viber|whatsapp):\/\/[^\s,;]*/giu,
  // E-mail addresses before handles: `ali@mail.ru` is one contact, not a name and a handle.
  /[\p{L}\p{N}._%+-]+(?:@|\s?[[(](?:at|собака)[\])]\s?)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu,
  /(?<![\p{L}\p{N}_])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?/giu,
  new RegExp(`${NOT_LETTER_BEFORE}${MESSENGERS}${NOT_LETTER_AFTER}`, 'giu'),
  // `tg: ali_driver`, `тг @ali`: the short name only where a handle follows.
  new RegExp(`${NOT_LETTER_BEFORE}${words(['tg', 'тг'])}(?=\\s*[:@]|\\s+[A-Za-z_][\\w.]{3,})`, 'giu'),
];

/** A name called by its honorific, with the case endings Uzbek gives it (`Ali akaga`). */
const HONORIFIC_NAME = new RegExp(
  `${NOT_LETTER_BEFORE}[\\p{L}ʻʼ'’\`-]{2,}\\s+${words(['aka', 'opa', 'uka', 'ака', 'опа', 'ука'])}(?:ga|dan|ni|ning|га|дан|ни|нинг)?${NOT_LETTER_AFTER}`,
  'giu',
);

const HAS_HONORIFIC_NAME = new RegExp(HONORIFIC_NAME.source, 'iu');

/** Words that only announce a contact, taken from the end of what stays, with the punctuation around them. */
const ANNOUNCING_WORDS = words([
  'tel',
  'тел',
  'telefon',
  'телефон',
  'tlf',
  'тлф',
  'phone',
  'mob',
  'моб',
  'mobil',
  'aloqa uchun',
  'aloqa',
  'murojaat uchun',
  'связь',
  'для связи',
  'звонить',
  'звоните',
  'звонок',
  'nomer',
  'номер',
  'raqam',
  'e-mail',
  'email',
  'почта',
  'kontakt',
  'контакт',
  'контакты',
]);
/** "Call": qoʻngʻiroq (qiling), with whichever apostrophe the keyboard gave. */
const CALL = "qo[ʻ'‘’`]?ng[ʻ'‘’`]?iroq(?:\\s+qiling(?:lar)?)?";
const TRAILING_ANNOUNCEMENT = new RegExp(
  `(?:[\\s:.,;()\\-\\u2010-\\u2015/]|${NOT_LETTER_BEFORE}(?:${ANNOUNCING_WORDS}|${CALL})${NOT_LETTER_AFTER})+$`,
  'iu',
);
const EDGE_PUNCTUATION = /^[\s,;:|•·.\-\u2010-\u2015/]+|[\s,;:|•·\-\u2010-\u2015/(]+$/gu;

/** Where the text breaks into clauses: the separator itself is kept to join the clauses that stay. */
const CLAUSE_BREAK = /[,;|\n\r•·]+\s*|[.!?]+\s+|\s[-\u2013\u2014]\s/gu;

interface Span {
  start: number;
  end: number;
}

export function scrubText(text: string): string {
  if (!text) return text;
  const contacts = contactSpans(text);
  if (contacts.length === 0 && !HAS_HONORIFIC_NAME.test(text)) return text;
  const clauses = clausesOf(text, contacts);
  const kept: string[] = [];
  for (const [index, clause] of clauses.entries()) {
    const first = contacts.find((span) => span.start >= clause.start && span.start < clause.end);
    if (first && index > 0) continue;
    const part = tidy(text.slice(clause.start, first ? first.start : clause.end));
    if (part) kept.push(`${kept.length > 0 ? clause.separator : ''}${part}`);
  }
  const result = tidy(kept.join(''));
  // The text began with its contact: only the contacts go.
  return result || tidy(removeSpans(text, contacts));
}

/** Without honorific names, announcing words at the end, doubled spaces and stray punctuation at the edges. */
function tidy(part: string): string {
  return part.replace(HONORIFIC_NAME, ' ').replace(TRAILING_ANNOUNCEMENT, '').replace(/\s+/g, ' ').replace(EDGE_PUNCTUATION, '').trim();
}

function contactSpans(text: string): Span[] {
  const found: Span[] = [...phoneSpans(text)];
  for (const pattern of CONTACTS) {
    for (const match of text.matchAll(pattern)) found.push({ start: match.index, end: match.index + match[0].length });
  }
  // Overlapping finds are one contact (`wa.me/998901234567` is a link and a phone number).
  const merged: Span[] = [];
  for (const span of found.sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

const THOUSANDS = /^\d{1,3}(?:([ \u00a0\u202f.,])\d{3})(?:\1\d{3})*$/;
const DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})$/;

function phoneSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(PHONE_RUN)) {
    // A run ends on a digit: a letter O or a separator after the last digit is not part of the number.
    const run = match[0].replace(new RegExp(`(?:${PHONE_SEPARATOR}|${LETTER_ZERO})+$`, 'u'), '');
    const digits = run.replace(new RegExp(LETTER_ZERO, 'gu'), '0').replace(/[^\d\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9]/g, '');
    if (digits.length < MIN_PHONE_DIGITS || !looksLikePhone(run.trim(), digits)) continue;
    spans.push({ start: match.index, end: match.index + run.length });
  }
  return spans;
}

/** Prices and dates are long numbers too; a `+` makes anything a phone number. */
function looksLikePhone(run: string, digits: string): boolean {
  if (/^[+\uFF0B]/.test(run)) return true;
  if (DATE.test(run)) return false;
  if (THOUSANDS.test(run) && digits.endsWith('000')) return false;
  return !digits.endsWith('00000');
}

function clausesOf(text: string, contacts: readonly Span[]): Array<Span & { separator: string }> {
  const clauses: Array<Span & { separator: string }> = [];
  let start = 0;
  let separator = '';
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    const at = match.index;
    // A break inside a contact (`90 - 123 - 45 - 67`, `tel. 90…` aside) does not split it.
    if (contacts.some((span) => at < span.end && span.start < at + match[0].length)) continue;
    clauses.push({ start, end: at, separator });
    start = at + match[0].length;
    separator = match[0];
  }
  clauses.push({ start, end: text.length, separator });
  return clauses;
}

/** The text without its contacts, each with the words that announce it (`ТЕЛ:` before the number). */
function removeSpans(text: string, spans: readonly Span[]): string {
  let result = '';
  let at = 0;
  for (const span of spans) {
    const before = text.slice(at, span.start);
    const announced = before.search(TRAILING_ANNOUNCEMENT);
    result += `${announced < 0 ? before : before.slice(0, announced)} `;
    at = span.end;
  }
  return result + text.slice(at);
}
