import { readFileSync } from 'fs';
import path from 'path';
import { outlinePiecesOf, tripMapSvg as drawTripMap, type CountriesTopology, type MapPoint, type Piece } from '../places/trip-map-svg';

export { MAP_HEIGHT, MAP_PLACES, MAP_WIDTH, mapPlaces, type MapPoint } from '../places/trip-map-svg';

const outlines = new Map<string, Piece[]>();

/** The outlines at a scale, read from the world-atlas package and cut once per build. */
function outlinePieces(scale: '50m' | '110m'): Piece[] {
  const known = outlines.get(scale);
  if (known) return known;
  // From the project's node_modules by path, as webpack.ts finds i18next: the build's bundler of
  // gatsby-node cannot follow a require.resolve whose name is made at run time.
  const file = path.resolve(process.cwd(), 'node_modules', 'world-atlas', `countries-${scale}.json`);
  const pieces = outlinePiecesOf(JSON.parse(readFileSync(file, 'utf8')) as CountriesTopology);
  outlines.set(scale, pieces);
  return pieces;
}

/** A route page's trip drawn at build time (src/places/trip-map-svg.ts), with both scales of outlines. */
export function tripMapSvg(from: MapPoint, to: MapPoint, onTheWay: readonly MapPoint[], title: string): string {
  return drawTripMap(from, to, onTheWay, title, outlinePieces);
}
