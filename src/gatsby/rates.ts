import type { Reporter } from 'gatsby';
import { RATE_WINDOW_DAYS } from '../config/constants';
import type { RateSample } from '../history/types';
import { placeBySlug } from '../places/gazetteer';
import { matchPlace, placeKeys } from '../places/match';
import { buildRates, rangesOf, type BuildRates } from '../rates/page-data';
import type { RangesFile } from '../rates/ranges-file';
import { rateWindow } from '../rates/window';
import { contentHash, replaceContentNamedFiles, type JsonFile } from './public-files';

const RATES_DIR = 'rates';

/** What the build needs of the history: its loads on the board over a window, as the rates read them. */
export interface RatesSource {
  rateSamples(start: number, end: number): RateSample[];
}

export interface RatesOfBuild {
  rates: BuildRates;
  /** public/rates/ranges.{hash}.json */
  ranges: JsonFile;
}

/** The ranges file's content: the rated routes' middle halves and the keys of their places. */
export function rangesFile(rates: BuildRates): RangesFile {
  const file: RangesFile = { keys: {}, routes: [] };
  const indexes = new Map<string, number>();
  const indexOf = (slug: string): number => {
    const known = indexes.get(slug);
    if (known !== undefined) return known;
    const index = indexes.size;
    indexes.set(slug, index);
    const place = placeBySlug(slug);
    // Only keys that find this place: a key two places share names neither (src/places/match.ts).
    for (const key of place ? placeKeys(place) : []) if (matchPlace(key)?.slug === slug) file.keys[key] = index;
    return index;
  };
  for (const rate of rates.rated) file.routes.push([indexOf(rate.from), indexOf(rate.to), rangesOf(rate) ?? []]);
  return file;
}

/**
 * The going rates of this build (docs/rates.md, "Going rates"), from the history's loads on the board in the
 * window of `now` (rateWindow), and the ranges file the live board reads, named by its content.
 */
export function ratesOfBuild(history: RatesSource, now: number, reporter?: Pick<Reporter, 'info'>): RatesOfBuild {
  const started = performance.now();
  const window = rateWindow(now);
  const loads = history.rateSamples(window.start, window.end);
  const read = performance.now();
  const rates = buildRates(loads, window);
  const json = JSON.stringify(rangesFile(rates));
  reporter?.info(
    `Going rates: ${rates.rated.length} of ${rates.routes.size} routes have one, from ${loads.length} loads between known places in the last ${RATE_WINDOW_DAYS} days (read ${((read - started) / 1000).toFixed(2)} s, figures ${((performance.now() - read) / 1000).toFixed(2)} s)`,
  );
  return { rates, ranges: { path: `/${RATES_DIR}/ranges.${contentHash(json)}.json`, json } };
}

/** Writes public/rates/ranges.{hash}.json in place of earlier builds'. */
export function writeRangesFile(publicDir: string, ranges: JsonFile): void {
  replaceContentNamedFiles(publicDir, RATES_DIR, [ranges]);
}
