import type { Load } from '../api-client/types';
import type { Place } from '../places/gazetteer';
import { matchPlace } from '../places/match';
import { groupLoadsByPlace, type PlaceGroups } from './place-groups';

/**
 * The loads grouped by the gazetteer's places, as the build makes its city and route lists and the tools
 * (the alerts, the benches) read the build's output. Apart from place-groups.ts, which the phone runs with
 * a place file's matcher, so the gazetteer stays out of the phone's script.
 */
export function groupBuildLoads(loads: readonly Load[]): PlaceGroups<Place> {
  return groupLoadsByPlace(loads, matchPlace);
}
