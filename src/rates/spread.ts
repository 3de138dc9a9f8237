import { RATE_MAX_POSTER_SHARE } from '../config/constants';

/**
 * Percentiles of asking prices, with each load weighed so that no poster's loads weigh more than
 * RATE_MAX_POSTER_SHARE of a figure (docs/rates.md, "Going rates"). Pure arithmetic on numbers.
 *
 * The method, stated once: each of n prices in ascending order, x1 … xn with weights w1 … wn, stands at
 * the middle of its weight, ci = w1 + … + w(i-1) + wi / 2; the first at position 0, the last at 1, the
 * others at (ci − c1) / (cn − c1); the percentile p is read on the straight line between the two prices
 * whose positions enclose p. With equal weights this is Hyndman & Fan's type 7 (R's default, Excel's
 * PERCENTILE.INC, d3-array's quantile): h = (n − 1)p, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋ + 1] − x[⌊h⌋]), so the
 * median is the middle price of an odd count and the mean of the two middle prices of an even count.
 */

export interface Spread {
  median: number;
  /** The middle half: the 25th to the 75th percentile. */
  p25: number;
  p75: number;
}

/**
 * The percentiles `ps` (ascending) of ascending `sorted` weighed by `weights` (positive, same order), in
 * one pass; NaN each for no prices.
 */
export function weightedPercentiles(sorted: ArrayLike<number>, weights: ArrayLike<number>, ps: readonly number[]): number[] {
  const n = sorted.length;
  if (n === 0) return ps.map(() => NaN);
  if (n === 1) return ps.map(() => sorted[0] as number);
  const first = (weights[0] as number) / 2;
  let total = 0;
  for (let i = 0; i < n; i++) total += weights[i] as number;
  const last = total - (weights[n - 1] as number) / 2;
  const results: number[] = [];
  // The middle of price i's weight (ci) and of price i + 1's, walked once for every p.
  let i = 0;
  let here = first;
  let next = here + (weights[0] as number) / 2 + (weights[1] as number) / 2;
  for (const p of ps) {
    const target = first + p * (last - first);
    while (i < n - 2 && next < target) {
      i += 1;
      here = next;
      next = here + (weights[i] as number) / 2 + (weights[i + 1] as number) / 2;
    }
    const low = sorted[i] as number;
    const high = sorted[i + 1] as number;
    const along = next > here ? Math.min(1, Math.max(0, (target - here) / (next - here))) : 0;
    results.push(along >= 1 ? high : low + along * (high - low));
  }
  return results;
}

export function spreadOf(sorted: ArrayLike<number>, weights: ArrayLike<number>): Spread {
  const [p25 = NaN, median = NaN, p75 = NaN] = weightedPercentiles(sorted, weights, [0.25, 0.5, 0.75]);
  return { median, p25, p75 };
}

/** What posterWeights gives: how many posters there are, and each load's weight. */
export interface PosterWeights {
  /** Distinct posters, loads without a phone counting together as one. */
  posters: number;
  /** Null when no weights can keep every poster to the share: fewer than 1 / share posters. */
  weights: Float64Array | null;
}

/**
 * One weight per load such that no poster's loads together weigh more than RATE_MAX_POSTER_SHARE of
 * all: every poster's loads weigh 1 each, except that a poster whose count is above a cap C has its
 * loads weigh C / count each, C being the one value at which the capped posters hold exactly that share
 * (C = share × (loads of the others) / (1 − share × capped posters), for the fewest posters capped).
 * `posters[i]` is load i's poster; null, a load without a phone, is one poster with every other such
 * load.
 */
export function posterWeights(posters: ArrayLike<string | number | null>): PosterWeights {
  const counts = new Map<string | number | null, number>();
  for (let i = 0; i < posters.length; i++) {
    const poster = posters[i] as string | number | null;
    counts.set(poster, (counts.get(poster) ?? 0) + 1);
  }
  const cap = posterCap(
    [...counts.values()].sort((a, b) => b - a),
    RATE_MAX_POSTER_SHARE,
  );
  if (cap === null) return { posters: counts.size, weights: null };
  const weights = new Float64Array(posters.length).fill(1);
  if (cap < Infinity) {
    for (let i = 0; i < posters.length; i++) {
      const count = counts.get(posters[i] as string | number | null) as number;
      if (count > cap) weights[i] = cap / count;
    }
  }
  return { posters: counts.size, weights };
}

/** The cap of `posterWeights` for posters' counts in descending order; Infinity when none is over the share. */
function posterCap(counts: readonly number[], share: number): number | null {
  // Counts are whole numbers and the share a fraction such as 1/3: a count exactly at the share is
  // not over it, whatever the last bit of a floating-point product says.
  const atMost = (count: number, limit: number) => count <= limit * (1 + 1e-12);
  let others = counts.reduce((sum, count) => sum + count, 0);
  for (let capped = 0; capped < counts.length && capped * share < 1; capped++) {
    const biggestLeft = counts[capped] as number;
    if (capped === 0) {
      if (atMost(biggestLeft, share * others)) return Infinity;
    } else {
      const cap = (share * others) / (1 - share * capped);
      if (atMost(biggestLeft, cap) && !atMost(counts[capped - 1] as number, cap)) return cap;
    }
    others -= biggestLeft;
  }
  return null;
}
