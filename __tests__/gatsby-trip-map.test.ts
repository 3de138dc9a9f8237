/**
 * A route page's trip drawn (src/gatsby/trip-map.ts): an SVG with role="img" named by its title, both ends
 * marked and named, the places of the loads on the way as dots, the region's borders and coasts, nothing to
 * fetch and no script, and small enough for a page (at most 15 KB gzip).
 */
import { gzipSync } from 'zlib';
import { tripMapSvg, type MapPoint } from '../src/gatsby/trip-map';
import { placeBySlug } from '../src/places/gazetteer';

const point = (slug: string, name: string): MapPoint => {
  const place = placeBySlug(slug);
  if (!place) throw new Error(slug);
  return { slug, lat: place.lat, lon: place.lon, name };
};

describe('the trip drawn', () => {
  it('is an image named by its title, with both ends, the places on the way and the outlines', () => {
    const svg = tripMapSvg(
      point('toshkent', 'Ташкент'),
      point('samarqand', 'Самарканд'),
      [point('jizzax', 'Джизак'), point('guliston', 'Гулистан')],
      'Карта: Ташкент → Самарканд',
    );
    expect(svg).toMatch(/^<svg role="img" aria-labelledby="trip-map-title"/);
    expect(svg).toContain('<title id="trip-map-title">Карта: Ташкент → Самарканд</title>');
    expect(svg.match(/data-end="(from|to)"/g)).toHaveLength(2);
    expect(svg.match(/data-stop=""/g)).toHaveLength(2);
    expect(svg).toContain('>Ташкент</text>');
    expect(svg).toMatch(/<path data-borders="" d="M[\d.]/);
    expect(svg).not.toMatch(/<script|href=|url\(/i);
  });

  it('escapes the names it writes', () => {
    const svg = tripMapSvg({ ...point('toshkent', '<b>T</b>') }, point('samarqand', 'S&S'), [], 'A "map" <x>');
    expect(svg).toContain('&lt;b&gt;T&lt;/b&gt;');
    expect(svg).toContain('S&amp;S');
    expect(svg).not.toContain('<b>');
  });

  it('stays within 15 KB gzip for a short trip and a long one', () => {
    const short = tripMapSvg(point('toshkent', 'Toshkent'), point('chirchiq', 'Chirchiq'), [], 'x');
    const long = tripMapSvg(
      point('toshkent', 'Toshkent'),
      point('nukus', 'Nukus'),
      [point('buxoro', 'Buxoro'), point('urganch', 'Urganch')],
      'x',
    );
    const abroad = tripMapSvg(point('toshkent', 'Toshkent'), point('moskva', 'Moskva'), [point('samara', 'Samara')], 'x');
    for (const svg of [short, long, abroad]) expect(gzipSync(svg).length).toBeLessThan(15_000);
    console.log(
      'map gzip bytes',
      [short, long, abroad].map((svg) => [svg.length, gzipSync(svg).length]),
    );
  });
});
