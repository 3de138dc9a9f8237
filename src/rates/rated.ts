/**
 * Whether any class of a route has a figure. A module of its own: the pages' views ask it in the browser,
 * where the build's page data (page-data.ts, with the gazetteer and the figures' arithmetic) must not come.
 */
export function isRated(rate: { classes: ReadonlyArray<{ figures: readonly unknown[] }> }): boolean {
  return rate.classes.some((one) => one.figures.length > 0);
}
