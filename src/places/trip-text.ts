import { placeWords } from './key';
import { stemsWithEndings } from './named-places';

/** What the reading needs of a place file's entry (place-file.ts, which reads with this module). */
interface KeyedPlace {
  slug: string;
  keys: readonly string[];
}

interface KeyedFile<E extends KeyedPlace> {
  places: readonly E[];
}

/**
 * What a driver types for where from and where to, read the way the Telegram cargo groups write it:
 * "Самарканд - Ташкент", "Toshkent Samarqand", "из Самарканда в Ташкент", "Samarqanddan Toshkentga",
 * "Самарқанддан", one letter off ("Samarkant"). The board's search field and its From and To fields read
 * their text here, with the place file (place-file.ts), so the phone needs no gazetteer. It ships with
 * the place file's code (browser-places.ts), never with a page's first script.
 */

export type TripRole = 'from' | 'to';

/** A place the text names, and the way it was written (a case ending or a preposition) when that says which end. */
export interface NamedPlace<E extends KeyedPlace = KeyedPlace> {
  entry: E;
  role: TripRole | null;
}

export interface PlaceReading<E extends KeyedPlace = KeyedPlace> {
  places: Array<NamedPlace<E>>;
  /** Words that are neither a place nor a word saying from or to: free text. */
  otherWords: number;
}

/** Longer texts are not a trip: reading stops here, so a hostile text stays cheap. */
const MAX_TRIP_CHARS = 200;
const MAX_NAME_WORDS = 3;
/** A word this short is never read one letter off: "Оше" is not "Уше". */
const MIN_FUZZY_CHARS = 5;
/** A field or a search holds a place and little else, so "Oshdan" is read; a title's longer stems (named-places.ts) are safer there. */
const MIN_STEM_CHARS = 3;

/** Endings that say the place is where the load leaves (ablative) or goes (dative, "as far as"). */
const ENDING_ROLE: Readonly<Record<string, TripRole>> = {
  dan: 'from',
  дан: 'from',
  ga: 'to',
  ka: 'to',
  qa: 'to',
  gacha: 'to',
  га: 'to',
  ка: 'to',
  қа: 'to',
  гача: 'to',
};

/** Words before a place that say which end it is (Russian prepositions, Uzbek Latin and Cyrillic postpositions read as words). */
const WORD_ROLE: Readonly<Record<string, TripRole>> = {
  из: 'from',
  от: 'from',
  с: 'from',
  со: 'from',
  в: 'to',
  во: 'to',
  до: 'to',
  на: 'to',
  к: 'to',
  ко: 'to',
};

/** Words that join two places and name none ("Toshkent va Samarqand" is not a trip, but "→", "-" are dropped as marks). */
const JOINING_WORDS = new Set(['и', 'va', 'ва', 'через', 'orqali', 'орқали', 'yuk', 'юк', 'груз', 'грузы', 'yuklar', 'юклар']);

interface KeyIndex<E extends KeyedPlace> {
  exact: Map<string, E>;
  all: Array<[string, E]>;
}

const INDEXES = new WeakMap<object, KeyIndex<KeyedPlace>>();

function keyIndex<E extends KeyedPlace>(file: KeyedFile<E>): KeyIndex<E> {
  let index = INDEXES.get(file) as KeyIndex<E> | undefined;
  if (!index) {
    const exact = new Map<string, E>();
    for (const entry of file.places) for (const key of entry.keys) if (!exact.has(key)) exact.set(key, entry);
    index = { exact, all: [...exact] };
    INDEXES.set(file, index);
  }
  return index;
}

/** Whether `a` becomes `b` by one letter changed, added, dropped, or two neighbours swapped. */
export function oneLetterOff(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/** The one place a single word names one letter off, or undefined (none, or two places as near). */
function nearestPlace<E extends KeyedPlace>(index: KeyIndex<E>, word: string): E | undefined {
  if (word.length < MIN_FUZZY_CHARS || /\d/.test(word)) return undefined;
  let found: E | undefined;
  for (const [key, entry] of index.all) {
    if (!oneLetterOff(word, key)) continue;
    if (found && found !== entry) return undefined;
    found = entry;
  }
  return found;
}

/** The place a phrase names exactly, with its ending's role, or undefined. */
function exactPlace<E extends KeyedPlace>(index: KeyIndex<E>, phrase: readonly string[]): NamedPlace<E> | undefined {
  const whole = index.exact.get(phrase.join(' '));
  if (whole) return { entry: whole, role: null };
  const last = phrase[phrase.length - 1] ?? '';
  const head = phrase.slice(0, -1);
  for (const [stem, ending] of stemsWithEndings(last, MIN_STEM_CHARS)) {
    const entry = index.exact.get([...head, stem].join(' '));
    if (entry) return { entry, role: ENDING_ROLE[ending] ?? null };
  }
  return undefined;
}

/** The place one word names one letter off, itself or its stem with an ending ("Samarkantdan"). */
function fuzzyPlace<E extends KeyedPlace>(index: KeyIndex<E>, word: string): NamedPlace<E> | undefined {
  const whole = nearestPlace(index, word);
  if (whole) return { entry: whole, role: null };
  for (const [stem, ending] of stemsWithEndings(word)) {
    const entry = nearestPlace(index, stem);
    if (entry) return { entry, role: ENDING_ROLE[ending] ?? null };
  }
  return undefined;
}

/**
 * The places a text names, in order, each with the end its ending or preposition says, and how many
 * other words it holds. Exact names first (three words down to one), then one letter off.
 */
export function readPlaces<E extends KeyedPlace>(file: KeyedFile<E>, text: string): PlaceReading<E> {
  const index = keyIndex(file);
  const words = placeWords(String(text ?? '').slice(0, MAX_TRIP_CHARS));
  const places: Array<NamedPlace<E>> = [];
  let otherWords = 0;
  let pending: TripRole | null = null;
  for (let start = 0; start < words.length; start += 1) {
    const word = words[start] as string;
    let found: NamedPlace<E> | undefined;
    for (let length = Math.min(MAX_NAME_WORDS, words.length - start); length >= 1; length -= 1) {
      found = exactPlace(index, words.slice(start, start + length));
      if (found) {
        start += length - 1;
        break;
      }
    }
    found = found ?? fuzzyPlace(index, word);
    if (found) {
      places.push({ entry: found.entry, role: found.role ?? pending });
      pending = null;
    } else if (WORD_ROLE[word]) pending = WORD_ROLE[word] ?? null;
    else if (!JOINING_WORDS.has(word)) otherWords += 1;
  }
  return { places, otherWords };
}

/** What a search text asks for: one place (an end, or either), a trip of two, or neither (free text). */
export type TripReading<E extends KeyedPlace = KeyedPlace> =
  { kind: 'place'; entry: E; role: TripRole | null } | { kind: 'trip'; from: E; to: E } | { kind: 'text' };

/**
 * Reads a search text: a text naming one known place and nothing else is that place (from it when it
 * says "из", "-dan"; to it when it says "в", "-ga"); two places and nothing else are a trip, the first
 * the origin unless their endings say otherwise ("Toshkentga Samarqanddan"). Anything else is free text.
 */
export function readTrip<E extends KeyedPlace>(file: KeyedFile<E>, text: string): TripReading<E> {
  const { places, otherWords } = readPlaces(file, text);
  if (otherWords > 0) return { kind: 'text' };
  const [first, second] = places;
  if (places.length === 1 && first) return { kind: 'place', entry: first.entry, role: first.role };
  if (places.length !== 2 || !first || !second || first.entry === second.entry) return { kind: 'text' };
  if (first.role === second.role && first.role !== null) return { kind: 'text' };
  const reversed = first.role === 'to' || second.role === 'from';
  return reversed ? { kind: 'trip', from: second.entry, to: first.entry } : { kind: 'trip', from: first.entry, to: second.entry };
}

/** The one place a From or To field names (its own ending or preposition aside), or null. */
export function fieldPlace<E extends KeyedPlace>(file: KeyedFile<E>, text: string): E | null {
  const reading = readTrip(file, text);
  return reading.kind === 'place' ? reading.entry : null;
}
