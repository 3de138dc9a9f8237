import { MAX_SEARCH_SPELLINGS } from '../config/constants';
import { LANGUAGES, type LanguageCode } from '../config/languages';
import { PLACES, type Place } from './gazetteer';
import { matchPlace, normalizePlaceKey, placeKeys } from './match';
import type { PlaceFile, PlaceFileEntry } from './place-file';
import { searchableSpellings } from './spellings';

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

/** Most frequent spelling; ties go to the one that sorts first, so the output is stable. */
function mostFrequent(spellings: Map<string, number>): string | undefined {
  let best: [string, number] | undefined;
  spellings.forEach((count, spelling) => {
    if (!best || count > best[1] || (count === best[1] && spelling < best[0])) best = [spelling, count];
  });
  return best?.[0];
}

/** `placeTexts`: the from and to text of every load the build read, as the API sent it. */
export function placeFilesFromLoads(placeTexts: Iterable<string>): Record<LanguageCode, PlaceFile> {
  const tallies = tallyPlaces(placeTexts);
  const entries = (lang: LanguageCode): PlaceFileEntry[] =>
    PLACES.map((place) => {
      const tally = tallies.get(place);
      const spellings = tally ? Array.from(tally.spellings.keys()) : [];
      const keys = new Set([...placeKeys(place), ...spellings.map(normalizePlaceKey).filter(Boolean)]);
      const searched = tally ? searchableSpellings(Array.from(tally.spellings), MAX_SEARCH_SPELLINGS) : [];
      return {
        slug: place.slug,
        label: place.names[lang],
        keys: Array.from(keys),
        apiSpelling: (tally && mostFrequent(tally.spellings)) ?? place.names.uz,
        spellings: searched.length > 0 ? searched : [place.names.uz],
        count: tally?.count ?? 0,
        lat: place.lat,
        lon: place.lon,
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
