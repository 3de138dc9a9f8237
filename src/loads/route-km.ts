/*
 * The km the build worked out for a page's cards, looked up by their place texts: a module of its own,
 * so the board's first script has it without route-distance.ts's writers of distances and prices (they
 * come with a card the browser renders).
 */

/** Km of each route of a page's pre-rendered cards, by cardRouteKey of its place texts; 0 when unknown. */
export type RouteDistances = Readonly<Record<string, number>>;

/** One key per pair of place texts, whatever characters the API's texts hold. */
export function cardRouteKey(from: string, to: string): string {
  return JSON.stringify([from, to]);
}

/** The km `distances` holds for a route: null when it has no distance, undefined when it is not there. */
export function routeKmIn(distances: RouteDistances, from: string, to: string): number | null | undefined {
  const key = cardRouteKey(from, to);
  if (!Object.prototype.hasOwnProperty.call(distances, key)) return undefined;
  const km = distances[key];
  return typeof km === 'number' && km > 0 ? km : null;
}
