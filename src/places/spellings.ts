/**
 * Which spellings of a place the board must send the API's `search`, a case-insensitive substring
 * match (the sample API's, which speaks the API's contract): a spelling that contains another one
 * ("г. Ташкент" contains "Ташкент", "Toshkent sh." contains "Toshkent", "NUKUS" is "Nukus") finds
 * nothing the shorter one does not, so it would cost a request for nothing, and its duplicates would
 * swell the total the board can tell before the end of the list (spelling-search.ts). Were the API to
 * tell case apart, `fold` is the one line to change.
 */

const fold = (text: string) => text.toLowerCase();

/**
 * `counted`: each spelling with how often the build saw it. Returns the spellings worth a request, the
 * most used first (a dropped spelling's count goes to the one that finds it; ties in sort order), at
 * most `max`. Free of the gazetteer: the build uses it for the place file.
 */
export function searchableSpellings(counted: ReadonlyArray<readonly [string, number]>, max: number): string[] {
  const totals = new Map<string, number>();
  for (const [raw, count] of counted) {
    const spelling = raw.trim();
    if (spelling) totals.set(spelling, (totals.get(spelling) ?? 0) + count);
  }
  const all = [...totals.keys()];
  const finds = (shorter: string, longer: string) => fold(longer).includes(fold(shorter));
  // Of two spellings equal but for case, the one that sorts first stays.
  const covers = (other: string, spelling: string) =>
    other !== spelling && finds(other, spelling) && (fold(other) !== fold(spelling) || other < spelling);
  const kept = all.filter((spelling) => !all.some((other) => covers(other, spelling)));
  const weight = new Map(kept.map((spelling) => [spelling, 0]));
  totals.forEach((count, spelling) => {
    // Credited to the shortest kept spelling that finds it (itself when kept).
    const finder = kept.filter((k) => finds(k, spelling)).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
    if (finder !== undefined) weight.set(finder, (weight.get(finder) ?? 0) + count);
  });
  return kept.sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, Math.max(0, max));
}
