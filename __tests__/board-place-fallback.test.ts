/**
 * The 404 page's reading of a city or route path the build made no page for (src/board/place-fallback.ts,
 * src/loads/fallback-route.ts): a slug in another spelling leads to the place's own path in the page's
 * language, a route of two known places is a trip page, anything else is not found. The place files
 * are the build's own (place-file-from-loads.ts), made from every known place.
 */
import { LANGUAGES } from '../src/config/languages';
import { answerPlaceFallback, placeOfSlug } from '../src/board/place-fallback';
import { matchPlaceFallback, matchLoadFallback, FALLBACK_MARKER_SCRIPT } from '../src/loads/fallback-route';
import { placeFilesFromLoads } from '../src/places/place-file-from-loads';

const files = placeFilesFromLoads(['Toshkent', 'Самарканд', 'Samarqand']);
const ru = files.ru;

function answer(path: string) {
  const route = matchPlaceFallback(path);
  if (!route) throw new Error(`${path} is no place path`);
  return answerPlaceFallback(route, files[route.language.code]);
}

describe('place paths the 404 page serves', () => {
  test('city and route paths are recognised bare and under each prefix, decoded; others are not', () => {
    expect(matchPlaceFallback('/ru/loads/from/samarkand')).toMatchObject({ kind: 'from', slugs: ['samarkand'], routed: true });
    expect(matchPlaceFallback('/loads/to/%D0%A2%D0%B0%D1%88%D0%BA%D0%B5%D0%BD%D1%82/')).toMatchObject({
      kind: 'to',
      slugs: ['Ташкент'],
      routed: false,
    });
    for (const { prefix, code } of LANGUAGES)
      expect(matchPlaceFallback(`/${prefix}/loads/route/a/b`)).toMatchObject({ kind: 'route', slugs: ['a', 'b'], language: { code } });
    expect(matchPlaceFallback('/loads/from/toshkent/2')).toBeNull();
    expect(matchPlaceFallback('/loads/route/a')).toBeNull();
    expect(matchPlaceFallback('/loads/from/%E0%A4%A')).toBeNull();
    expect(matchLoadFallback('/ru/loads/from/samarkand')).toBeNull();
  });

  test('the marker before first paint shows the loading line on a place path too', () => {
    const marked = (pathname: string) => {
      const attributes = new Map<string, string>();
      new Function('location', 'document', FALLBACK_MARKER_SCRIPT)(
        { pathname },
        { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
      );
      return attributes.has('data-load-fallback');
    };
    expect(marked('/ru/loads/route/toshkent/nukus')).toBe(true);
    expect(marked('/load/123')).toBe(true);
    expect(marked('/ru/nothing-here')).toBe(false);
  });

  test('a slug in another spelling is its place: English, Russian, Cyrillic, any case', () => {
    expect(placeOfSlug(ru, 'samarqand')?.slug).toBe('samarqand');
    expect(placeOfSlug(ru, 'samarkand')?.slug).toBe('samarqand');
    expect(placeOfSlug(ru, 'Ташкент')?.slug).toBe('toshkent');
    expect(placeOfSlug(ru, 'Тошкент')?.slug).toBe('toshkent');
    expect(placeOfSlug(ru, 'TASHKENT')?.slug).toBe('toshkent');
    expect(placeOfSlug(ru, 'nowhere-town')).toBeNull();
  });

  test('another spelling leads to the canonical path in the page’s language; a bare path stays bare', () => {
    expect(answer('/ru/loads/from/samarkand')).toEqual({ kind: 'redirect', path: '/ru/loads/from/samarqand' });
    expect(answer('/loads/to/Ташкент')).toEqual({ kind: 'redirect', path: '/loads/to/toshkent' });
    expect(answer('/uz-cyrl/loads/route/tashkent/samarkand')).toEqual({
      kind: 'redirect',
      path: '/uz-cyrl/loads/route/toshkent/samarqand',
    });
    expect(answer('/ru/loads/route/toshkent/Самарканд')).toEqual({ kind: 'redirect', path: '/ru/loads/route/toshkent/samarqand' });
  });

  test('a route of two known places in their slugs is a trip page; unknown places and a place to itself are not found', () => {
    expect(answer('/ru/loads/route/toshkent/nukus')).toMatchObject({ kind: 'route', from: { slug: 'toshkent', label: 'Ташкент' } });
    expect(answer('/ru/loads/route/toshkent/nowhere')).toEqual({ kind: 'unknown' });
    expect(answer('/ru/loads/route/toshkent/toshkent')).toEqual({ kind: 'unknown' });
    expect(answer('/ru/loads/from/toshkent')).toEqual({ kind: 'unknown' });
  });
});
