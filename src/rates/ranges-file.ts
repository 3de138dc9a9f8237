import { lookUpPlaceText } from '../places/key';
import type { Load } from '../api-client/types';
import { pricePosition, type PriceRange, type PricePosition } from '../loads/price-position';

/**
 * The one small file the build publishes for the cards the live board renders after the build
 * (docs/rates.md, "Going rates"): the middle half of each rated route's asking prices per trip, per class of
 * load and currency, and the
 * place keys (normalizePlaceKey of every spelling the gazetteer gives those places) that find them,
 * so the browser needs no gazetteer. Language-independent: one file for all pages.
 */
export interface RangesFile {
  /** Place key -> index into `places`. */
  keys: Record<string, number>;
  /** One entry per route: from and to (indexes of places), then its ranges, each naming its class. */
  routes: Array<[from: number, to: number, ranges: PriceRange[]]>;
}

function placeOf(file: RangesFile, text: string): number | undefined {
  return lookUpPlaceText(text, (key) => (Object.prototype.hasOwnProperty.call(file.keys, key) ? file.keys[key] : undefined));
}

/** A range as the file should hold it: a file of an older build (ranges without a class) compares nothing. */
function isRange(range: unknown): range is PriceRange {
  return Array.isArray(range) && range.length === 4 && (range[1] === 'light' || range[1] === 'heavy');
}

/** Positions of the loads' prices against their routes' ranges, by load id. */
export function positionsFromFile(file: RangesFile, loads: readonly Load[]): Record<string, PricePosition> {
  const byRoute = new Map<string, PriceRange[]>();
  for (const route of file.routes) {
    // A damaged file names no route rather than breaking the board.
    if (Array.isArray(route) && Array.isArray(route[2])) byRoute.set(`${route[0]} ${route[1]}`, route[2].filter(isRange));
  }
  const positions: Record<string, PricePosition> = {};
  for (const load of loads) {
    const from = placeOf(file, load.from);
    const to = placeOf(file, load.to);
    if (from === undefined || to === undefined) continue;
    const position = pricePosition(load, byRoute.get(`${from} ${to}`));
    if (position) positions[load.id] = position;
  }
  return positions;
}

/** The file's content read from JSON, or null when it is not one: the cards then say nothing of their prices. */
export function rangesFileOf(json: unknown): RangesFile | null {
  if (!json || typeof json !== 'object') return null;
  const { keys, routes } = json as Partial<RangesFile>;
  return Boolean(keys) && typeof keys === 'object' && Array.isArray(routes) ? (json as RangesFile) : null;
}
