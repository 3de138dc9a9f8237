import { readFileSync } from 'fs';
import path from 'path';
import { PLACES } from '../places/gazetteer';
import { mesh } from 'topojson-client';
import { pieceOf, tripMapSvg as drawTripMap, type MapPoint, type Piece } from '../places/trip-map-svg';

export { MAP_HEIGHT, MAP_PLACES, MAP_WIDTH, mapPlaces, type MapPoint } from '../places/trip-map-svg';

/** A Natural Earth topology of countries, as the world-atlas package has it. */
interface CountriesTopology {
  objects: { countries: unknown };
}

/** Points per piece: small enough that a map projects little beyond its region. */
const PIECE_POINTS = 24;

/** The borders and coasts of the world's countries (each shared border once), cut into pieces with their boxes. */
function outlinePiecesOf(topology: CountriesTopology): Piece[] {
  const pieces: Piece[] = [];
  for (const line of mesh(topology, topology.objects.countries).coordinates)
    for (let start = 0; start < line.length - 1; start += PIECE_POINTS) pieces.push(pieceOf(line.slice(start, start + PIECE_POINTS + 1)));
  return pieces;
}

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

/** Degrees around the gazetteer's places whose outlines a map in the browser may show. */
const REGION_MARGIN = 8;

/**
 * The coarse outlines (1:110m) of the region every trip of known places lies in, rounded to 0.01°, as
 * the JSON of their lines: what the 404 page's fallback draws a route's map from (about 9 KB gzip,
 * against 38 KB for the world's file), so a phone fetches no more than its maps can show.
 */
export function regionOutlinesJson(): string {
  const lons = PLACES.map((place) => place.lon);
  const lats = PLACES.map((place) => place.lat);
  const [west, south, east, north] = [
    Math.min(...lons) - REGION_MARGIN,
    Math.min(...lats) - REGION_MARGIN,
    Math.max(...lons) + REGION_MARGIN,
    Math.max(...lats) + REGION_MARGIN,
  ];
  const round = (value: number) => Math.round(value * 100) / 100;
  const shown = outlinePieces('110m').filter(({ box }) => box[0] <= east && box[2] >= west && box[1] <= north && box[3] >= south);
  return JSON.stringify(shown.map(({ line }) => line.map(([lon, lat]) => [round(lon), round(lat)])));
}
