import type { LanguageCode } from '../config/languages';
import { lookUpPlaceText, normalizePlaceKey } from './key';
import { readTrip } from './trip-text';

/**
 * What the browser gets for place suggestions and search: per language, every known place with its
 * label in that language, the keys of all its spellings, and the spelling the API uses for it.
 * Built at build time from the loads read (`placeFilesFromLoads` in place-file-from-loads.ts), shipped as one static JSON file per
 * language, loaded once by `loadPlaceFile`.
 */
export interface PlaceFileEntry {
  slug: string;
  label: string;
  /** normalizePlaceKey of every name and alias and of every spelling the build saw, all scripts; none another place shares. */
  keys: string[];
  /** Loads from or to this place in the build. */
  count: number;
  /** The gazetteer's coordinates: the road distance of a route first seen in the browser, and `near`. */
  lat: number;
  lon: number;
  /** The filter index of the loads around the place (filter-files.ts): a search for it, `near`. Absent: no loads. */
  around?: string;
}

export interface PlaceFile {
  lang: LanguageCode;
  places: PlaceFileEntry[];
}

/**
 * Places whose name in any script starts with what was typed, or has a word that does; places with
 * more loads first, whole-name prefixes before word prefixes.
 */
export function suggestPlaces(file: PlaceFile, typed: string, max: number): PlaceFileEntry[] {
  const query = normalizePlaceKey(typed);
  if (!query || max <= 0) return [];
  const scored: Array<[PlaceFileEntry, number]> = [];
  for (const entry of file.places) {
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

const KEY_LOOKUPS = new WeakMap<PlaceFile, Map<string, PlaceFileEntry>>();

function keyLookup(file: PlaceFile): Map<string, PlaceFileEntry> {
  let lookup = KEY_LOOKUPS.get(file);
  if (!lookup) {
    lookup = new Map();
    for (const entry of file.places) for (const key of entry.keys) if (!lookup.has(key)) lookup.set(key, entry);
    KEY_LOOKUPS.set(file, lookup);
  }
  return lookup;
}

/** The slug of the place a normalized key names, for reading titles (named-places.ts). */
export function slugOfKeyIn(file: PlaceFile): (key: string) => string | undefined {
  const lookup = keyLookup(file);
  return (key) => lookup.get(key)?.slug;
}

/**
 * The index entry a place text names: by its whole key, else by its first part ("Samarqand, Samarqand
 * viloyati" is Samarqand), as matchPlace does against the gazetteer. The index holds every spelling
 * of every known place, so the browser needs no gazetteer of its own.
 */
export function findEntry(file: PlaceFile, text: string): PlaceFileEntry | undefined {
  const lookup = keyLookup(file);
  return lookUpPlaceText(text, (key) => lookup.get(key));
}

/**
 * The known place the visitor's text names, in any script, alias or apostrophe: the whole text,
 * "City, region" whose parts all name that place, or the place with the ending or preposition a driver
 * types, or one letter off ("из Самарканда", "Samarqanddan", "Samarkant": trip-text.ts). Null for
 * anything else (free text, two places, a place and other words).
 */
export function searchedPlace(file: PlaceFile, typed: string): PlaceFileEntry | null {
  const lookup = keyLookup(file);
  const parts = typed.split(',').map(normalizePlaceKey).filter(Boolean);
  const entries = new Set(parts.map((key) => lookup.get(key)));
  const [entry] = entries;
  if (entries.size === 1 && entry) return entry;
  const reading = readTrip(file, typed);
  return reading.kind === 'place' ? reading.entry : null;
}

const LOADED = new Map<string, Promise<PlaceFile>>();

/**
 * The index at `path` (from the page's context, see placeFilePath), fetched once per page view from
 * the site's own origin. A failed fetch is forgotten so the next call tries again.
 */
export function loadPlaceFile(path: string): Promise<PlaceFile> {
  let pending = LOADED.get(path);
  if (!pending) {
    pending = fetch(path, { credentials: 'omit', headers: { Accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`Place list ${path}: HTTP ${response.status}`);
      return (await response.json()) as PlaceFile;
    });
    pending.catch(() => LOADED.delete(path));
    LOADED.set(path, pending);
  }
  return pending;
}
