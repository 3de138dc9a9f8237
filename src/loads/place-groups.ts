import type { Load } from '../api-client/types';
import { newestFirst } from './posting-time';

/** What grouping needs of a place: its stable slug (the gazetteer's `Place` satisfies this). */
export interface SluggedPlace {
  slug: string;
}

export type PlaceMatcher<P extends SluggedPlace> = (text: string) => P | undefined;

export interface PlaceGroup<P extends SluggedPlace> {
  place: P;
  /** Newest first. */
  loads: Load[];
}

export interface RouteGroup<P extends SluggedPlace> {
  from: P;
  to: P;
  /** Newest first. */
  loads: Load[];
}

export interface PlaceGroups<P extends SluggedPlace> {
  from: Map<string, PlaceGroup<P>>;
  to: Map<string, PlaceGroup<P>>;
  /** Keyed by `routeKey(from, to)`. */
  routes: Map<string, RouteGroup<P>>;
}

export function routeKey(fromSlug: string, toSlug: string): string {
  return `${fromSlug}/${toSlug}`;
}

function addTo<G extends { loads: Load[] }>(map: Map<string, G>, key: string, create: () => G, load: Load): void {
  const group = map.get(key) ?? create();
  if (!map.has(key)) map.set(key, group);
  group.loads.push(load);
}

/**
 * Groups loads by the places they leave from and go to, whatever script or spelling the API used: a
 * place is known by its slug. A load whose place the matcher does not know gets no place page for
 * that end (it still appears on the board and on the page of its other, known end).
 */
export function groupLoadsByPlace<P extends SluggedPlace>(loads: readonly Load[], match: PlaceMatcher<P>): PlaceGroups<P> {
  const groups: PlaceGroups<P> = { from: new Map(), to: new Map(), routes: new Map() };
  const cache = new Map<string, P | undefined>();
  const lookup = (text: string): P | undefined => {
    if (!cache.has(text)) cache.set(text, text ? match(text) : undefined);
    return cache.get(text);
  };
  for (const load of [...loads].sort(newestFirst)) {
    const from = lookup(load.from);
    const to = lookup(load.to);
    if (from) addTo(groups.from, from.slug, () => ({ place: from, loads: [] }), load);
    if (to) addTo(groups.to, to.slug, () => ({ place: to, loads: [] }), load);
    if (from && to) addTo(groups.routes, routeKey(from.slug, to.slug), () => ({ from, to, loads: [] }), load);
  }
  return groups;
}

/** Routes with the most loads first (ties by slug, so the order is stable between builds). */
export function busiestRoutes<P extends SluggedPlace>(groups: PlaceGroups<P>, limit: number): RouteGroup<P>[] {
  return [...groups.routes.values()]
    .sort((a, b) => b.loads.length - a.loads.length || routeKey(a.from.slug, a.to.slug).localeCompare(routeKey(b.from.slug, b.to.slug)))
    .slice(0, limit);
}

/** Routes sharing an end with the given one: onward from its destination and other ways to it. */
export function neighbourRoutes<P extends SluggedPlace>(
  groups: PlaceGroups<P>,
  fromSlug: string | null,
  toSlug: string | null,
  limit: number,
): RouteGroup<P>[] {
  const self = fromSlug && toSlug ? routeKey(fromSlug, toSlug) : '';
  const reverse = fromSlug && toSlug ? routeKey(toSlug, fromSlug) : '';
  return [...groups.routes.values()]
    .filter((route) => {
      const key = routeKey(route.from.slug, route.to.slug);
      if (key === self || key === reverse) return false;
      return route.from.slug === fromSlug || route.to.slug === toSlug || route.from.slug === toSlug || route.to.slug === fromSlug;
    })
    .sort((a, b) => b.loads.length - a.loads.length || routeKey(a.from.slug, a.to.slug).localeCompare(routeKey(b.from.slug, b.to.slug)))
    .slice(0, limit);
}
