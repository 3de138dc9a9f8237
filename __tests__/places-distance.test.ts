/**
 * @jest-environment node
 *
 * Road distance between gazetteer places and price per kilometre (docs/rates.md).
 */
import { MIN_PRICE_PER_KM_DISTANCE_KM } from '../src/config/constants';
import { PLACES } from '../src/places/gazetteer';
import { roadDistanceKm, roundEstimateKm } from '../src/places/distance';
import { pricePerKm } from '../src/loads/route-distance';
import { distanceFormatter } from '../src/loads/route-distance';
import { createTranslator } from '../src/i18n/translator';
import { readLocale } from '../src/gatsby/locales';
import { languageByPrefix, type Language } from '../src/config/languages';

const byPrefix = (prefix: 'uz' | 'uz-cyrl' | 'ru') => languageByPrefix(prefix) as Language;

/**
 * Published road distances of routes the table does not hold, so the estimate itself is what is checked.
 * Sources: Uzbekistan's Ministry of Transport via UzDaily (2022, Dushanbe–Termiz bus route, 251 km) and
 * via Kun.uz (Fargʻona–Samarqand bus route through Khujand, 618 km); a Karakalpakstan road-trip
 * report (karakalpak-karakalpakstan.blogspot.com, 2018: Bukhara–Khiva 460 km, Khiva–Nukus 200 km); a
 * cycle-touring route guide (travellingtwo.com, "Tashkent to Almaty": 850-900 km, here its middle).
 */
const PUBLISHED: Array<[from: string, to: string, km: number]> = [
  ['dushanbe', 'termiz', 251],
  ['fargona', 'samarqand', 618],
  ['buxoro', 'xiva', 460],
  ['xiva', 'nukus', 200],
  ['toshkent', 'olmaota', 875],
];

describe('roadDistanceKm', () => {
  it.each(PUBLISHED)('estimates %s–%s within 15 %% of its published road distance (%d km)', (from, to, km) => {
    const distance = roadDistanceKm(from, to);
    expect(distance?.known).toBe(false);
    expect(Math.abs((distance?.km ?? 0) - km) / km).toBeLessThanOrEqual(0.15);
  });

  it('takes a known road distance from the table, in both directions', () => {
    expect(roadDistanceKm('toshkent', 'samarqand')).toEqual({ km: 300, known: true });
    expect(roadDistanceKm('samarqand', 'toshkent')).toEqual({ km: 300, known: true });
    expect(roadDistanceKm('nukus', 'toshkent')).toEqual({ km: 1090, known: true });
  });

  it('is symmetric for every pair of a sample of places', () => {
    const sample = PLACES.filter((_, index) => index % 7 === 0);
    for (const a of sample) for (const b of sample) expect(roadDistanceKm(a.slug, b.slug)).toEqual(roadDistanceKm(b.slug, a.slug));
  });

  it('gives nothing for an unknown place or the same place', () => {
    expect(roadDistanceKm('toshkent', 'atlantis')).toBeNull();
    expect(roadDistanceKm('', 'toshkent')).toBeNull();
    expect(roadDistanceKm('constructor', 'toshkent')).toBeNull();
    expect(roadDistanceKm('toshkent', 'toshkent')).toBeNull();
  });

  it('rounds an estimate to 10 km above 100 km and to 5 km below, never to 0', () => {
    expect(roundEstimateKm(344)).toBe(340);
    expect(roundEstimateKm(101)).toBe(100);
    expect(roundEstimateKm(98)).toBe(100);
    expect(roundEstimateKm(47)).toBe(45);
    expect(roundEstimateKm(1)).toBe(5);
    expect(roadDistanceKm('toshkent', 'chirchiq')?.km).toBe(40);
  });
});

describe('pricePerKm', () => {
  it('divides the price by the distance, to two significant figures', () => {
    expect(pricePerKm(1_600_000, { km: 310, known: false })).toBe(5200);
    expect(pricePerKm(1200, { km: 310, known: true })).toBe(3.9);
    expect(pricePerKm(4_000_000, { km: 3630, known: false })).toBe(1100);
    expect(pricePerKm(100, { km: 1370, known: false })).toBe(0.073);
  });

  it('gives nothing without a price or distance, or under the minimum distance', () => {
    expect(pricePerKm(null, { km: 310, known: false })).toBeNull();
    expect(pricePerKm(0, { km: 310, known: false })).toBeNull();
    expect(pricePerKm(Number.NaN, { km: 310, known: false })).toBeNull();
    expect(pricePerKm(1_000_000, null)).toBeNull();
    expect(pricePerKm(1_000_000, { km: MIN_PRICE_PER_KM_DISTANCE_KM - 5, known: false })).toBeNull();
    expect(pricePerKm(1_000_000, { km: MIN_PRICE_PER_KM_DISTANCE_KM, known: false })).toBe(20000);
  });
});

describe('distanceFormatter', () => {
  const t = createTranslator('ru', { loads: readLocale(byPrefix('ru'), 'loads') });
  const spaces = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');
  it('writes the km and the price per km in the local number format, with as many decimals as two figures need', () => {
    const write = distanceFormatter(t);
    expect(spaces(write(3440, 2500, 'usd')?.distance)).toBe('3 440 км');
    expect(spaces(write(3440, 2500, 'usd')?.perKm)).toBe('0,73 USD/км');
    expect(spaces(write(1370, 100, 'USD')?.perKm)).toBe('0,073 USD/км');
    expect(spaces(write(310, 1_600_000, 'UZS')?.perKm)).toBe('5 200 UZS/км');
    expect(write(40, 400_000, 'UZS')).toEqual({ distance: '40\u00a0км', perKm: '' });
    expect(write(null, 400_000, 'UZS')).toBeNull();
  });
});
