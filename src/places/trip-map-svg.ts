import { geoMercator, geoPath, type GeoProjection } from 'd3-geo';

/**
 * A route page's trip drawn (CONTRACT.md, "Trips"): the region's country outlines (Natural Earth at
 * 1:50m, through the world-atlas package), both ends, a gently curved line between them and the places
 * of the loads on the way, as inline SVG. The build writes it into a route page's HTML (no script, no
 * tile server, nothing fetched: src/gatsby/trip-map.ts); the fallback for a route the build made no page
 * for draws the same in the browser, from the coarser outlines fetched with its own code. The line joins
 * the two ends; it is not the road, and the page says so.
 */

/** The drawing's size in SVG units; it scales to the page's width. */
export const MAP_WIDTH = 320;
export const MAP_HEIGHT = 200;
const PAD = 18;
/** The least span shown, degrees: a short trip still shows the country around it. */
const MIN_SPAN = { lon: 3, lat: 2 };
/** Places of loads on the way drawn, at most (the text lists them all). */
export const MAP_PLACES = 12;

export interface MapPoint {
  slug: string;
  lat: number;
  lon: number;
  /** The place's name in the page's language. */
  name: string;
}

/** A piece of an outline, with its box: a map projects only the pieces it shows. */
export interface Piece {
  line: Array<[number, number]>;
  /** West, south, east, north. */
  box: [number, number, number, number];
}

/** Above this span in degrees, the coarser outlines (1:110m) are detailed enough and far smaller. */
const COARSE_SPAN = 12;

/** Outline pieces by scale: the build reads both files, the phone's fallback the coarser one only. */
export type OutlinePieces = (scale: '50m' | '110m') => readonly Piece[];

/** A line with its box. */
export function pieceOf(line: Array<[number, number]>): Piece {
  const lons = line.map(([lon]) => lon);
  const lats = line.map(([, lat]) => lat);
  return { line, box: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] };
}

/** The region around the points, at least MIN_SPAN wide and high, with a margin. */
function regionOf(points: readonly MapPoint[]): [number, number, number, number] {
  const lons = points.map((point) => point.lon);
  const lats = points.map((point) => point.lat);
  const grow = (low: number, high: number, least: number) => {
    const span = Math.max(high - low, least) * 1.15;
    const middle = (low + high) / 2;
    return [middle - span / 2, middle + span / 2] as const;
  };
  const [west, east] = grow(Math.min(...lons), Math.max(...lons), MIN_SPAN.lon);
  const [south, north] = grow(Math.min(...lats), Math.max(...lats), MIN_SPAN.lat);
  return [west, south, east, north];
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

const round = (value: number) => Math.round(value * 10) / 10;

/** A quadratic curve from one end to the other, bowed a little to one side: a line, visibly not a road. */
function curve(projection: GeoProjection, from: MapPoint, to: MapPoint): string {
  const [x1, y1] = projection([from.lon, from.lat]) ?? [0, 0];
  const [x2, y2] = projection([to.lon, to.lat]) ?? [0, 0];
  const bow = 0.12;
  const cx = (x1 + x2) / 2 - (y2 - y1) * bow;
  const cy = (y1 + y2) / 2 + (x2 - x1) * bow;
  return `M${round(x1)} ${round(y1)}Q${round(cx)} ${round(cy)} ${round(x2)} ${round(y2)}`;
}

/** A label beside its point, kept inside the drawing. */
function label(projection: GeoProjection, point: MapPoint, end: 'from' | 'to'): string {
  const [x, y] = projection([point.lon, point.lat]) ?? [0, 0];
  const right = x < MAP_WIDTH / 2;
  const anchor = right ? 'start' : 'end';
  const lx = round(x + (right ? 8 : -8));
  const ly = round(Math.min(MAP_HEIGHT - 6, Math.max(12, y + 4)));
  return (
    `<circle data-end="${end}" cx="${round(x)}" cy="${round(y)}" r="4.5"/>` +
    `<text data-label="" x="${lx}" y="${ly}" text-anchor="${anchor}">${escapeXml(point.name)}</text>`
  );
}

/** The places a map marks: each once, in the order given (smallest detour first), not the ends, at most MAP_PLACES. */
export function mapPlaces(points: readonly MapPoint[], ends: readonly string[]): MapPoint[] {
  const seen = new Set(ends);
  const kept: MapPoint[] = [];
  for (const point of points) {
    if (seen.has(point.slug) || kept.length >= MAP_PLACES) continue;
    seen.add(point.slug);
    kept.push(point);
  }
  return kept;
}

/**
 * The borders drawn of a region, by the outlines they come from: a route's map is drawn once per language,
 * over the same region and projection, and the borders are most of its drawing.
 */
const drawnBorders = new WeakMap<OutlinePieces, Map<string, string>>();

/**
 * The trip's map as an SVG element: `title` is its accessible name (role="img"), the places of loads on
 * the way are dots, both ends are marked and named.
 */
export function tripMapSvg(
  from: MapPoint,
  to: MapPoint,
  onTheWay: readonly MapPoint[],
  title: string,
  outlinePieces: OutlinePieces,
): string {
  const dots = mapPlaces(onTheWay, [from.slug, to.slug]);
  const [west, south, east, north] = regionOf([from, to, ...dots]);
  const corners = {
    type: 'MultiPoint',
    coordinates: [
      [west, south],
      [east, north],
      [west, north],
      [east, south],
    ],
  };
  const projection = geoMercator()
    .fitExtent(
      [
        [PAD, PAD],
        [MAP_WIDTH - PAD, MAP_HEIGHT - PAD],
      ],
      corners,
    )
    .clipExtent([
      [0, 0],
      [MAP_WIDTH, MAP_HEIGHT],
    ]);
  const drawn = drawnBorders.get(outlinePieces) ?? new Map<string, string>();
  drawnBorders.set(outlinePieces, drawn);
  const region = `${west},${south},${east},${north}`;
  let borders = drawn.get(region);
  if (borders === undefined) {
    const path = geoPath(projection).digits(1);
    const scale = east - west > COARSE_SPAN ? '110m' : '50m';
    const shown = outlinePieces(scale).filter(({ box }) => box[0] <= east && box[2] >= west && box[1] <= north && box[3] >= south);
    borders = path({ type: 'MultiLineString', coordinates: shown.map(({ line }) => line) }) ?? '';
    drawn.set(region, borders);
  }
  const places = dots
    .map((point) => projection([point.lon, point.lat]))
    .filter((xy): xy is [number, number] => xy !== null)
    .map(([x, y]) => `<circle data-stop="" cx="${round(x)}" cy="${round(y)}" r="3"/>`)
    .join('');
  return (
    `<svg role="img" aria-labelledby="trip-map-title" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="trip-map-title">${escapeXml(title)}</title>` +
    `<rect data-ground="" width="${MAP_WIDTH}" height="${MAP_HEIGHT}"/>` +
    `<path data-borders="" d="${borders}"/>` +
    `<path data-line="" d="${curve(projection, from, to)}"/>` +
    places +
    label(projection, from, 'from') +
    label(projection, to, 'to') +
    `</svg>`
  );
}
