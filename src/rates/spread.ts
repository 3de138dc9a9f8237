/**
 * A figure's median and middle half from its posters' voices (docs/rates.md, "Going rates"). Pure
 * arithmetic on numbers.
 *
 * Each poster has one voice, whatever prices it posts and however many loads: its voice is the median
 * of its own prices, and loads without a phone are one poster together. The figure's median is the
 * median of the voices and its middle half their 25th to 75th percentile. So one poster can move the
 * median only within the range of the other posters' own medians: with k ≥ 3 voices the median sits
 * between the 2nd lowest and the 2nd highest voice, and whichever voice is one poster's, the others
 * hold a voice at or below the 2nd lowest and one at or above the 2nd highest. The middle half holds
 * the same only from 5 voices (its ranks are then the 2nd lowest or higher and the 2nd highest or
 * lower); from 3 or 4, one poster can draw an end of it toward its own voice by up to half (3 voices)
 * or a quarter (4) of the way.
 *
 * Percentiles are Hyndman & Fan's type 7 (R's default, Excel's PERCENTILE.INC, d3-array's quantile):
 * h = (n − 1)p, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋ + 1] − x[⌊h⌋]), so the median is the middle value of an odd
 * count and the mean of the two middle values of an even count.
 */

export interface Spread {
  median: number;
  /** The middle half: the 25th to the 75th percentile. */
  p25: number;
  p75: number;
}

/** The percentiles `ps` of ascending `sorted` (type 7); NaN each for no values. */
export function percentiles(sorted: ArrayLike<number>, ps: readonly number[]): number[] {
  const n = sorted.length;
  return ps.map((p) => {
    if (n === 0) return NaN;
    const h = (n - 1) * p;
    const low = Math.floor(h);
    const lowValue = sorted[low] as number;
    return low + 1 < n ? lowValue + (h - low) * ((sorted[low + 1] as number) - lowValue) : lowValue;
  });
}

/** The median and middle half of ascending `voices`. */
export function spreadOf(voices: ArrayLike<number>): Spread {
  const [p25 = NaN, median = NaN, p75 = NaN] = percentiles(voices, [0.25, 0.5, 0.75]);
  return { median, p25, p75 };
}

/** Who posted a load: a poster's key, or null for a load without a phone (one poster with every other). */
export type PosterKey = string | number | null;

/**
 * Each poster's voice, the median of its own prices, in ascending order: `prices` ascending, `posters[i]`
 * the poster of price i.
 */
export function voicesOf(prices: ArrayLike<number>, posters: ArrayLike<PosterKey>): Float64Array {
  const own = new Map<PosterKey, number[]>();
  for (let i = 0; i < prices.length; i++) {
    const poster = posters[i] as PosterKey;
    const list = own.get(poster);
    if (list) list.push(prices[i] as number);
    else own.set(poster, [prices[i] as number]);
  }
  const voices = new Float64Array(own.size);
  let index = 0;
  // Each poster's prices keep the ascending order they were met in.
  for (const list of own.values()) voices[index++] = percentiles(list, [0.5])[0] as number;
  return voices.sort();
}
