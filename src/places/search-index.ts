import { LANGUAGES, type LanguageCode } from '../config/languages';
import { PLACES, type Place } from './gazetteer';
import { matchPlace, normalizePlaceKey, placeKeys } from './match';

/**
 * What the browser gets for place suggestions and search: per language, every known place with its
 * label in that language, the keys of all its spellings, and the spelling the API uses for it.
 * Built at build time from the loads read (`buildPlaceIndexes`), shipped as one static JSON file per
 * language, loaded once by `loadPlaceIndex`.
 */
export interface PlaceIndexEntry {
  slug: string;
  label: string;
  /** normalizePlaceKey of every name and alias, all scripts. */
  keys: string[];
  /** The spelling the API used most for this place in the build's loads; the Uzbek name if none. */
  apiSpelling: string;
  /** Loads from or to this place in the build. */
  count: number;
}

export interface PlaceIndex {
  lang: LanguageCode;
  places: PlaceIndexEntry[];
}

/** The city part of an API place text: "Samarqand, Samarqand viloyati" -> "Samarqand". */
function citySpelling(text: string): string {
  return text.split(',')[0]?.trim() ?? '';
}

interface Tally {
  count: number;
  spellings: Map<string, number>;
}

function tallyPlaces(placeTexts: Iterable<string>): Map<Place, Tally> {
  const tallies = new Map<Place, Tally>();
  for (const text of placeTexts) {
    const place = matchPlace(text);
    if (!place) continue;
    let tally = tallies.get(place);
    if (!tally) tallies.set(place, (tally = { count: 0, spellings: new Map() }));
    tally.count += 1;
    const spelling = citySpelling(text);
    if (spelling) tally.spellings.set(spelling, (tally.spellings.get(spelling) ?? 0) + 1);
  }
  return tallies;
}

/** Most frequent spelling; ties go to the one that sorts first, so the output is stable. */
function mostFrequent(spellings: Map<string, number>): string | undefined {
  let best: [string, number] | undefined;
  spellings.forEach((count, spelling) => {
    if (!best || count > best[1] || (count === best[1] && spelling < best[0])) best = [spelling, count];
  });
  return best?.[0];
}

/** `placeTexts`: the from and to text of every load the build read, as the API sent it. */
export function buildPlaceIndexes(placeTexts: Iterable<string>): Record<LanguageCode, PlaceIndex> {
  const tallies = tallyPlaces(placeTexts);
  const entries = (lang: LanguageCode): PlaceIndexEntry[] =>
    PLACES.map((place) => {
      const tally = tallies.get(place);
      const spellings = tally ? Array.from(tally.spellings.keys()) : [];
      const keys = new Set([...placeKeys(place), ...spellings.map(normalizePlaceKey).filter(Boolean)]);
      return {
        slug: place.slug,
        label: place.names[lang],
        keys: Array.from(keys),
        apiSpelling: (tally && mostFrequent(tally.spellings)) ?? place.names.uz,
        count: tally?.count ?? 0,
      };
    }).sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  const indexes = {} as Record<LanguageCode, PlaceIndex>;
  for (const { code } of LANGUAGES) indexes[code] = { lang: code, places: entries(code) };
  return indexes;
}

/**
 * Places whose name in any script starts with what was typed, or has a word that does; places with
 * more loads first, whole-name prefixes before word prefixes.
 */
export function suggestPlaces(index: PlaceIndex, typed: string, max: number): PlaceIndexEntry[] {
  const query = normalizePlaceKey(typed);
  if (!query || max <= 0) return [];
  const scored: Array<[PlaceIndexEntry, number]> = [];
  for (const entry of index.places) {
    let score = 0;
    for (const key of entry.keys) {
      if (key.startsWith(query)) score = Math.max(score, 2);
      else if (key.includes(` ${query}`)) score = Math.max(score, 1);
    }
    if (score) scored.push([entry, score]);
  }
  return scored
    .sort(([a, sa], [b, sb]) => sb - sa || b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, max)
    .map(([entry]) => entry);
}

const KEY_LOOKUPS = new WeakMap<PlaceIndex, Map<string, PlaceIndexEntry>>();

function keyLookup(index: PlaceIndex): Map<string, PlaceIndexEntry> {
  let lookup = KEY_LOOKUPS.get(index);
  if (!lookup) {
    lookup = new Map();
    for (const entry of index.places) for (const key of entry.keys) if (!lookup.has(key)) lookup.set(key, entry);
    KEY_LOOKUPS.set(index, lookup);
  }
  return lookup;
}

/**
 * What to send the API's `search` for what the visitor typed: a recognised place, in any script,
 * becomes the spelling the API itself uses for it; anything else goes as typed.
 */
export function apiSearchFor(index: PlaceIndex, typed: string): string {
  const key = normalizePlaceKey(typed);
  const entry = key ? keyLookup(index).get(key) : undefined;
  if (entry) return entry.apiSpelling;
  const place = matchPlace(typed);
  const bySlug = place && index.places.find((candidate) => candidate.slug === place.slug);
  return bySlug ? bySlug.apiSpelling : typed;
}

/** Public path of a language's index file; the hash changes with the content, so a CDN may cache it forever. */
export function placeIndexPath(lang: LanguageCode, contentHash: string): string {
  const prefix = LANGUAGES.find((language) => language.code === lang)?.prefix ?? lang;
  return `/places/${prefix}.${contentHash}.json`;
}

const LOADED = new Map<string, Promise<PlaceIndex>>();

/**
 * The index at `path` (from the page's context, see placeIndexPath), fetched once per page view from
 * the site's own origin. A failed fetch is forgotten so the next call tries again.
 */
export function loadPlaceIndex(path: string): Promise<PlaceIndex> {
  let pending = LOADED.get(path);
  if (!pending) {
    pending = fetch(path, { credentials: 'omit', headers: { Accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`Place list ${path}: HTTP ${response.status}`);
      return (await response.json()) as PlaceIndex;
    });
    pending.catch(() => LOADED.delete(path));
    LOADED.set(path, pending);
  }
  return pending;
}
