// What the build's trip map (src/gatsby/trip-map.ts) reads of d3-geo and topojson-client, which ship no
// types of their own: GeoJSON as plain objects, typed only as far as the map uses them.
declare module 'd3-geo' {
  export interface GeoProjection {
    (point: [number, number]): [number, number] | null;
    fitExtent(extent: [[number, number], [number, number]], object: unknown): GeoProjection;
    clipExtent(extent: [[number, number], [number, number]]): GeoProjection;
  }
  export interface GeoPath {
    (object: unknown): string | null;
    digits(digits: number): GeoPath;
  }
  export function geoMercator(): GeoProjection;
  export function geoPath(projection?: GeoProjection): GeoPath;
}

declare module 'topojson-client' {
  export function mesh(topology: unknown, object?: unknown): { type: 'MultiLineString'; coordinates: Array<Array<[number, number]>> };
}
