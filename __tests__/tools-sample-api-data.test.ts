/**
 * The sample data's busy corridors (docs/sample-api.md): the route pages a newcomer opens first show loads
 * on the way, worked out by the build's own trips (src/gatsby/trips.ts) over the data the sample API serves.
 */
import { normalizeLoad } from '../src/api-client/normalize';
import { DEFAULT_SAMPLE_LOADS } from '../src/config/constants';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { buildTrips } from '../src/gatsby/trips';
import { matchPlace } from '../src/places/match';
import { PINNED_SAMPLE_DAY, generateLoads, sampleDayStart } from '../tools/sample-api/data';

const loads = generateLoads(DEFAULT_SAMPLE_LOADS).map((raw) => normalizeLoad(raw));
const groups = groupBuildLoads(loads);
const tripOf = buildTrips(groups, (sampleDayStart(PINNED_SAMPLE_DAY) as number) + 3_600_000);
const slug = (text: string) => matchPlace(text)?.slug ?? null;

function onTheWayOf(from: string, to: string): string[] {
  const route = groups.routes.get(`${from}/${to}`);
  if (!route) throw new Error(`no route page ${from} → ${to}`);
  return tripOf(route.from, route.to).onTheWay.map(({ load }) => `${slug(load.from)} → ${slug(load.to)}`);
}

describe('the sample data’s loads on the way', () => {
  it('fills Toshkent → Samarqand with its legs through Jizzax', () => {
    expect(onTheWayOf('toshkent', 'samarqand')).toEqual(expect.arrayContaining(['toshkent → jizzax', 'jizzax → samarqand']));
  });

  it('fills Toshkent → Buxoro with the legs to and from Navoiy', () => {
    expect(onTheWayOf('toshkent', 'buxoro')).toEqual(expect.arrayContaining(['toshkent → navoiy', 'navoiy → buxoro']));
  });

  it('shows loads on the way on every busiest route from Toshkent, and on most of the six busiest', () => {
    const busiest = [...groups.routes.values()].sort((a, b) => b.loads.length - a.loads.length).slice(0, 6);
    const empty = busiest.filter((route) => tripOf(route.from, route.to).total === 0).map((route) => `${route.from.slug}/${route.to.slug}`);
    expect(empty.length).toBeLessThanOrEqual(2);
    expect(busiest.filter((route) => route.from.slug === 'toshkent').every((route) => tripOf(route.from, route.to).total > 0)).toBe(true);
  });
});
