/**
 * Light and heavy loads, the two classes a going rate and a card's price words compare within. A module
 * of its own: the rates page names the classes without the cards' price comparison, which the board's
 * script carries.
 */

/** A class of load (src/rates/weight-class.ts): light up to LIGHT_MAX_TONNES, heavy above. */
export type LoadClass = 'light' | 'heavy';

/** The heaviest light load in tonnes; src/rates/weight-class.ts classes the history's loads by the same number. */
export const LIGHT_MAX_TONNES = 3.5;

/** A load's class by its weight in tonnes; null without a weight (or with one no load has): it counts in neither. */
export function loadClassOf(weight: number | null | undefined): LoadClass | null {
  if (weight === null || weight === undefined || !Number.isFinite(weight) || weight <= 0) return null;
  return weight <= LIGHT_MAX_TONNES ? 'light' : 'heavy';
}
