/**
 * Where from and where to, read as drivers type them (docs/places.md, "Where from and where to"): case
 * endings and prepositions in Russian, Uzbek Latin and Uzbek Cyrillic, one letter off, two places in one
 * search, and free words left as free words. Against the place file the phone loads.
 */
import fc from 'fast-check';
import { PLACES } from '../src/places/gazetteer';
import { placeFilesFromLoads } from '../src/places/place-file-from-loads';
import { fieldPlace, oneLetterOff, readTrip, type TripReading } from '../src/places/trip-text';
import { searchedPlace } from '../src/places/place-file';

const files = placeFilesFromLoads(['Toshkent', 'Samarqand', 'Buxoro', 'Qoʻqon', 'Andijon', 'Fargʻona']);

/** A reading in slugs, for short expectations. */
function slugs(reading: TripReading): string {
  if (reading.kind === 'text') return 'text';
  if (reading.kind === 'trip') return `${reading.from.slug} -> ${reading.to.slug}`;
  return `${reading.role ?? 'either'} ${reading.entry.slug}`;
}

describe('one place with the ending or preposition a driver types', () => {
  it.each([
    // Uzbek Latin
    ['Samarqanddan', 'from samarqand'],
    ['Toshkentga', 'to toshkent'],
    ['Toshkentgacha', 'to toshkent'],
    ['Qoʻqonga', 'to qoqon'],
    ['Samarqand', 'either samarqand'],
    // Uzbek Cyrillic
    ['Самарқанддан', 'from samarqand'],
    ['Тошкентга', 'to toshkent'],
    ['Бухорога', 'to buxoro'],
    // Russian
    ['из Самарканда', 'from samarqand'],
    ['в Ташкент', 'to toshkent'],
    ['до Ташкента', 'to toshkent'],
    ['Самарканда', 'either samarqand'],
    ['г. Самарканд', 'either samarqand'],
    // One letter off, with and without an ending
    ['Samarkant', 'either samarqand'],
    ['Samarkantdan', 'from samarqand'],
    ['Ташкетн', 'either toshkent'],
  ])('%s', (text, expected) => {
    expect(slugs(readTrip(files.ru, text))).toBe(expected);
  });
});

describe('two places in one search are from and to', () => {
  it.each([
    ['Самарканд Ташкент', 'samarqand -> toshkent'],
    ['Самарканд - Ташкент', 'samarqand -> toshkent'],
    ['Самарканд — Ташкент', 'samarqand -> toshkent'],
    ['Toshkent Samarqand', 'toshkent -> samarqand'],
    ['Toshkent → Samarqand', 'toshkent -> samarqand'],
    ['из Самарканда в Ташкент', 'samarqand -> toshkent'],
    ['в Ташкент из Самарканда', 'samarqand -> toshkent'],
    ['Samarqanddan Toshkentga', 'samarqand -> toshkent'],
    ['Toshkentga Samarqanddan', 'samarqand -> toshkent'],
    ['Самарқанддан Тошкентга', 'samarqand -> toshkent'],
    ['Samarkant Toshkent', 'samarqand -> toshkent'],
    ['Samarqand, Toshkent', 'samarqand -> toshkent'],
  ])('%s', (text, expected) => {
    expect(slugs(readTrip(files.uz, text))).toBe(expected);
  });
});

describe('what stays free text', () => {
  it.each([
    'sement',
    'Toshkent sement',
    'Самарканд Ташкент цемент',
    'Toshkentdan Toshkentga',
    'из Самарканда из Ташкента',
    'Toshkent Samarqand Buxoro',
    '',
    '<script>alert(1)</script>',
  ])('%s', (text) => {
    expect(readTrip(files.uz, text).kind).not.toBe('trip');
    if (text.includes('sement') || text.includes('цемент') || text.includes('script') || text === '')
      expect(readTrip(files.uz, text).kind).toBe('text');
  });

  it('a long hostile text stays cheap and is not a trip', () => {
    expect(readTrip(files.uz, 'Toshkent '.repeat(5_000)).kind).toBe('text');
  });
});

describe('a From or To field names one place', () => {
  it('in any script and case, whatever its own preposition says', () => {
    expect(fieldPlace(files.ru, 'из Самарканда')?.slug).toBe('samarqand');
    expect(fieldPlace(files.ru, 'в Ташкент')?.label).toBe('Ташкент');
    expect(fieldPlace(files['uz-Cyrl'], 'Toshkentga')?.label).toBe('Тошкент');
    expect(fieldPlace(files.uz, 'Samarkant')?.label).toBe('Samarqand');
    expect(fieldPlace(files.uz, 'Samarqand Toshkent')).toBeNull();
    expect(fieldPlace(files.uz, 'Atlantida')).toBeNull();
  });

  it('every name of every place is read back as that place, with an ending too', () => {
    for (const place of PLACES) {
      const named = fieldPlace(files.uz, place.names.uz);
      // A name two places share is nobody's (match.ts): only the names the file holds are read.
      if (!named) continue;
      expect(named.slug).toBe(place.slug);
      if (!/\s/.test(place.names.uz) && place.names.uz.length >= 4)
        expect(fieldPlace(files.uz, `${place.names.uz}dan`)?.slug).toBe(place.slug);
    }
  });
});

describe("the board's search for one place", () => {
  it('reads the place with its ending, one letter off, and the old "City, region"', () => {
    for (const text of ['Самарканда', 'из Самарканда', 'Samarqanddan', 'Самарқанддан', 'Samarkant', 'Samarqand, Samarqand viloyati'])
      expect([text, searchedPlace(files.ru, text)?.slug]).toEqual([text, 'samarqand']);
    expect(searchedPlace(files.ru, 'Самарканд Ташкент')).toBeNull();
    expect(searchedPlace(files.ru, 'Самарканд цемент')).toBeNull();
  });
});

describe('one letter off', () => {
  it('is a change, an extra or a missing letter, or two neighbours swapped', () => {
    expect(oneLetterOff('samarkant', 'samarkand')).toBe(true);
    expect(oneLetterOff('samarkand', 'samarkandd')).toBe(true);
    expect(oneLetterOff('samrkand', 'samarkand')).toBe(true);
    expect(oneLetterOff('samrakand', 'samarkand')).toBe(true);
    expect(oneLetterOff('samarkand', 'samarkand')).toBe(false);
    expect(oneLetterOff('samarqant', 'samarkand')).toBe(false);
  });

  it('agrees with a plain edit distance of one', () => {
    const distance = (a: string, b: string): number => {
      const row = Array.from({ length: b.length + 1 }, (_, index) => index);
      for (let i = 1; i <= a.length; i += 1) {
        let diagonal = row[0] as number;
        row[0] = i;
        for (let j = 1; j <= b.length; j += 1) {
          const above = row[j] as number;
          row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
          diagonal = above;
        }
      }
      return row[b.length] as number;
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 }),
        (a, b) => {
          const swapped =
            a.length === b.length &&
            a.length >= 2 &&
            [...a].some((_, i) => i > 0 && a.slice(0, i - 1) + a[i] + a[i - 1] + a.slice(i + 1) === b);
          expect(oneLetterOff(a, b)).toBe(distance(a, b) === 1 || (a !== b && swapped));
        },
      ),
    );
  });
});
