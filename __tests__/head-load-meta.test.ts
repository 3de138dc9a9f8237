import type { Load } from '../src/api-client/types';
import { LANGUAGES } from '../src/config/languages';
import { loadMeta, loadPageMeta } from '../src/head/load-meta';
import { loadMetaOf } from '../src/head/load-page-meta';
import { normalizeLoad } from '../src/api-client/normalize';
import { canonicalUrl } from '../src/i18n/paths';
import { loadPath } from '../src/config/routes';
import { site } from '../src/config/site';
import { generateLoads } from '../tools/sample-api/data';
import { createTranslator } from '../src/i18n/translator';
import { readBundles } from './support/render-page';

const NBSP = '\u00a0';

describe('load page metadata', () => {
  const load: Load = {
    id: '42',
    title: 'Sement </script><b>',
    weight: 20,
    volume: null,
    trucksNeeded: null,
    price: 9000000,
    currency: 'UZS',
    loadingDate: '2026-11-25T00:00:00Z',
    createdAt: '2026-11-20T00:00:00Z',
    additionalInfo: '',
    vehicleType: 'Tent',
    from: 'Toshkent',
    to: '',
    contactSource: 'user',
    contact: { name: 'Aziz Qodirov', phone: '+998901234567', telegram: 'aziz' },
  };

  it.each(LANGUAGES.map((l) => [l.code, l] as const))('describes route, weight, vehicle, date and price in %s', (_code, language) => {
    const t = createTranslator(language.prefix, readBundles(language, ['load', 'loads']));
    const meta = loadMeta(load, t, language, `https://x.uz/${language.prefix}/load/42`);
    expect(meta.title).toContain('Sement </script><b>');
    expect(meta.description).toContain(`${{ uz: 'Toshkent', 'uz-Cyrl': 'Тошкент', ru: 'Ташкент' }[language.code]} →`);
    expect(meta.description).toContain(`20${NBSP}${{ uz: 't', 'uz-Cyrl': 'т', ru: 'т' }[language.code]}.`);
    expect(meta.description).toContain({ uz: 'Tent', 'uz-Cyrl': 'Тент', ru: 'Тент' }[language.code]);
    expect(meta.keywords).toContain({ uz: 'Tent', 'uz-Cyrl': 'Тент', ru: 'Тент' }[language.code]);
    expect(meta.description).toContain('Nov 25');
    expect(meta.description).toContain(`9${NBSP}000${NBSP}000${NBSP}UZS`);
    expect(meta.jsonLd.url).toBe(`https://x.uz/${language.prefix}/load/42`);
    expect(meta.jsonLd.provider).toEqual({
      '@type': 'Person',
      name: 'Aziz Qodirov',
      telephone: '+998901234567',
      sameAs: 'https://t.me/aziz',
    });
  });

  it('names the places in the page language in title, description, keywords and JSON-LD', () => {
    const ru = LANGUAGES.find((l) => l.code === 'ru')!;
    const t = createTranslator(ru.prefix, readBundles(ru, ['load', 'loads']));
    const meta = loadMeta({ ...load, from: 'Samarqand', to: 'Andijon' }, t, ru, 'https://x.uz/ru/load/42');
    expect(meta.title).toContain('Самарканд → Андижан');
    expect(meta.description).toContain('Самарканд → Андижан');
    expect(meta.keywords).toContain('Самарканд, Андижан');
    expect(meta.jsonLd.areaServed).toEqual([
      { '@type': 'Place', name: 'Самарканд', geo: { '@type': 'GeoCoordinates', latitude: 39.6542, longitude: 66.9597 } },
      { '@type': 'Place', name: 'Андижан', geo: { '@type': 'GeoCoordinates', latitude: 40.7821, longitude: 72.3442 } },
    ]);
  });

  it.each([
    ['uz', 'Masofa: ≈ 300 km.', 'Narxi: 9 000 000 UZS (≈ 30 000 UZS/km).', 'Taxminiy masofa (yoʻl boʻyicha)'],
    ['uz-Cyrl', 'Масофа: ≈ 300 км.', 'Нархи: 9 000 000 UZS (≈ 30 000 UZS/км).', 'Тахминий масофа (йўл бўйича)'],
    ['ru', 'Расстояние: ≈ 300 км.', 'Цена: 9 000 000 UZS (≈ 30 000 UZS/км).', 'Примерное расстояние по дороге'],
  ])('gives the road distance and the price per km in %s, in words in JSON-LD', (code, distance, price, name) => {
    const language = LANGUAGES.find((l) => l.code === code)!;
    const t = createTranslator(language.prefix, readBundles(language, ['load', 'loads']));
    const meta = loadMeta({ ...load, to: 'Samarqand' }, t, language, 'https://x.uz/load/42');
    const spaces = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(spaces(meta.description)).toContain(` ${distance} `);
    expect(spaces(meta.description)).toContain(` ${price}`);
    expect(meta.jsonLd.offers).toMatchObject({
      additionalProperty: { '@type': 'PropertyValue', name, value: 300, unitCode: 'KMT', unitText: 'km' },
    });
    const unknown = loadMeta(load, t, language, 'https://x.uz/load/42');
    expect(unknown.description).not.toMatch(/≈/);
    expect(unknown.jsonLd.offers).not.toHaveProperty('additionalProperty');
  });

  it('leaves out what the load does not have', () => {
    const [uz] = LANGUAGES;
    const t = createTranslator(uz.prefix, readBundles(uz, ['load', 'loads']));
    const meta = loadMeta({ ...load, price: null, weight: null, contact: null }, t, uz, 'https://x.uz/uz/load/42');
    expect(meta.description).not.toContain('Narxi');
    expect(meta.jsonLd).not.toHaveProperty('offers');
    expect(meta.jsonLd).not.toHaveProperty('provider');
  });

  describe('as a pre-built page carries it', () => {
    const loads = generateLoads(40).map(normalizeLoad);

    it.each(LANGUAGES.map((l) => [l.code, l] as const))(
      'the page says the same head as the live builder, to the byte, in %s',
      (_code, language) => {
        const t = createTranslator(language.prefix, readBundles(language, ['load', 'loads']));
        for (const one of [load, ...loads]) {
          const canonical = canonicalUrl('https://x.uz', loadPath(one.id), language);
          expect(JSON.stringify(loadMetaOf(loadPageMeta(one, t, language), canonical))).toBe(
            JSON.stringify(loadMeta(one, t, language, canonical)),
          );
        }
      },
    );

    it('carries neither the URL, the JSON-LD every load shares, nor the description twice', () => {
      const [language] = LANGUAGES;
      if (!language) throw new Error('no language');
      const t = createTranslator(language.prefix, readBundles(language, ['load', 'loads']));
      for (const one of loads) {
        const carried = JSON.stringify(loadPageMeta(one, t, language));
        expect(carried).not.toContain(`/load/${one.id}`);
        expect(carried).not.toContain('schema.org');
        expect(carried).not.toContain(site.mainWebsite);
        expect(carried).not.toContain('Freight transportation');
        const description = JSON.stringify(loadPageMeta(one, t, language).description);
        expect(carried.split(description)).toHaveLength(2);
      }
    });
  });
});
