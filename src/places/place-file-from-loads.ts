import { LANGUAGES, type LanguageCode } from '../config/languages';
import { PLACES, type Place } from './gazetteer';
import { matchPlace, normalizePlaceKey, placeKeys } from './match';
import type { PlaceFile, PlaceFileEntry } from './place-file';

/** The build's side of the place file (place-file.ts is the browser's): made from the loads read. */

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

/**
 * A place's keys, less those another place shares: the gazetteer names neither by such a key
 * (match.ts), and the phone must read a title (named-places.ts) as the build does.
 */
function ownKeys(keysOf: ReadonlyMap<Place, Set<string>>): Map<Place, string[]> {
  const owners = new Map<string, number>();
  for (const keys of keysOf.values()) for (const key of keys) owners.set(key, (owners.get(key) ?? 0) + 1);
  return new Map([...keysOf].map(([place, keys]) => [place, [...keys].filter((key) => owners.get(key) === 1)]));
}

/**
 * `placeTexts`: the from and to text of every load the build read, as the API sent it. `around`: the
 * filter index of the loads around each place (src/gatsby/filter-files.ts), by slug.
 */
export function placeFilesFromLoads(
  placeTexts: Iterable<string>,
  around: ReadonlyMap<string, string> = new Map(),
): Record<LanguageCode, PlaceFile> {
  const tallies = tallyPlaces(placeTexts);
  const keys = ownKeys(
    new Map(
      PLACES.map((place) => {
        const spellings = [...(tallies.get(place)?.spellings.keys() ?? [])];
        return [place, new Set([...placeKeys(place), ...spellings.map(normalizePlaceKey).filter(Boolean)])];
      }),
    ),
  );
  const entries = (lang: LanguageCode): PlaceFileEntry[] =>
    PLACES.map((place) => {
      const index = around.get(place.slug);
      return {
        slug: place.slug,
        label: place.names[lang],
        keys: keys.get(place) ?? [],
        count: tallies.get(place)?.count ?? 0,
        lat: place.lat,
        lon: place.lon,
        ...(index ? { around: index } : {}),
      };
    }).sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  const indexes = {} as Record<LanguageCode, PlaceFile>;
  for (const { code } of LANGUAGES) indexes[code] = { lang: code, places: entries(code) };
  return indexes;
}

/** Public path of a language's index file; the hash changes with the content, so a CDN may cache it forever. */
export function placeFilePath(lang: LanguageCode, contentHash: string): string {
  const prefix = LANGUAGES.find((language) => language.code === lang)?.prefix ?? lang;
  return `/places/${prefix}.${contentHash}.json`;
}
