/**
 * What the history keeps of a person: nothing a poster wrote (no title, note, contact or place as typed,
 * CONTRACT.md "Where state is kept"), and one poster per phone however it is written
 * (src/history/phone.ts). The review's inputs (support/reviewed-texts.ts, and the contact fields below)
 * go through a build's read, an import and the files older code wrote; none of them survives in the
 * history file's bytes or in the closed-load index the build publishes from it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from '@photostructure/sqlite';
import { normalizeLoad } from '../src/api-client/normalize';
import { closedLoadShards, leadOnPagesOf } from '../src/gatsby/closed-loads';
import { writeFeedFiles } from '../src/gatsby/feeds';
import { filterFiles } from '../src/gatsby/filter-files';
import { createPlacePages } from '../src/gatsby/place-pages';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { internationalNumber } from '../src/history/phone';
import { posterHash } from '../src/history/record';
import { SCHEMA_VERSION } from '../src/history/sqlite/schema';
import { openHistory } from '../src/history/store';
import { routeKey } from '../src/loads/place-groups';
import { goingRates } from '../src/rates/going-rate';
import { rateWindow } from '../src/rates/window';
import { historyRows } from './support/history-rows';
import { writeSchemaThreeHistory, writeSchemaTwoHistory, type OldRow } from './support/old-history';
import { loadWithText, REVIEWED_TEXTS, secretsIn } from './support/reviewed-texts';

/**
 * Contact fields as a review met them: several numbers joined every way people join them, and "numbers"
 * too short to be a phone. Each is the poster of its first number of nine digits or more, or no poster.
 */
const REVIEWED_CONTACT_FIELDS: ReadonlyArray<readonly [string, string | null]> = [
  ['90 123 45 67 / 91 765 43 21', '998901234567'],
  ['90 123 45 67/91 765 43 21', '998901234567'],
  ['901234567/917654321', '998901234567'],
  ['90 123 45 67 va 91 765 43 21', '998901234567'],
  ['90 123 45 67 ва 91 765 43 21', '998901234567'],
  ['90 123 45 67 и 91 765 43 21', '998901234567'],
  ['90 123 45 67 & 91 765 43 21', '998901234567'],
  ['90 123 45 67\n91 765 43 21', '998901234567'],
  ['90 123 45 67\r\n91 765 43 21', '998901234567'],
  ['90 123 45 67; 91 765 43 21', '998901234567'],
  ['90 123 45 67 or 91 765 43 21', '998901234567'],
  ['90 123 45 67 или 91 765 43 21', '998901234567'],
  ['Alisher 90 123 45 67 yoki Vali 91 765 43 21', '998901234567'],
  // A first "number" too short to be one: the next one is the poster.
  ['0 / 90 123 45 67', '998901234567'],
  ['0', null],
  ['00', null],
  ['000', null],
  ['12345678', null],
  ['"><script>alert(8)</script>', null],
  ['<img src=x onerror=alert(1)>', null],
];

describe('one phone is one poster', () => {
  it.each([
    ['+998 90 123 45 67', '998901234567'],
    ['90 123 45 67', '998901234567'],
    ['8 90 123 45 67', '998901234567'],
    ['998901234567', '998901234567'],
    ['(90) 123-45-67', '998901234567'],
    ['+998 (90) 123-45-67', '998901234567'],
    ['0 90 123 45 67', '998901234567'],
    ['+998 (0)90 123 45 67', '998901234567'],
    ['00998 90 123 45 67', '998901234567'],
    ['8 10 998 90 123 45 67', '998901234567'],
    ['９０ １２３ ４５ ６７', '998901234567'],
    // The neighbours keep their own country codes.
    ['+7 701 123 45 67', '77011234567'],
    ['8 701 123 45 67', '77011234567'],
    ['77011234567', '77011234567'],
    ['+7 (912) 345-67-89', '79123456789'],
    ['+996 555 123 456', '996555123456'],
    ['996555123456', '996555123456'],
    ['+992 92 777 12 34', '992927771234'],
    ['+993 65 12 34 56', '99365123456'],
    // Two numbers in the field: the first is the poster's.
    ['90 123 45 67, 91 000 00 00', '998901234567'],
    ['+998 90 123 45 67 yoki +998 91 000 00 00', '998901234567'],
    // A number with slashes between its groups is one number.
    ['90/123/45/67', '998901234567'],
    // A number is its nine digits after the country code, whatever digits follow it.
    ['+998 90 123 45 67 (0)', '998901234567'],
    ['+998 90 123 45 67 (1)', '998901234567'],
    ['+998 90 123 45 67 (2)', '998901234567'],
    ['+998 90 123 45 67 доб. 2', '998901234567'],
    ['+998 90 123 45 67 24/7', '998901234567'],
    ['+998 90 123 45 67 (2 ta mashina)', '998901234567'],
    ['+998 90 123 45 67 доб. 12345', '998901234567'],
    ['998901234567 (3)', '998901234567'],
    ['0 998 90 123 45 67', '998901234567'],
    ['90 123 45 67 (1)', '998901234567'],
    ['88 123 45 67 (1)', '998881234567'],
    ['99 812 34 56 (123)', '998998123456'],
    ['8 90 123 45 67 (2)', '998901234567'],
    ['+7 701 123 45 67 (1)', '77011234567'],
    ['8 701 123 45 67 (1)', '77011234567'],
    ['7 701 123 45 67', '77011234567'],
    // Every script's decimal digits: Devanagari, Bengali, Arabic-Indic, Persian, Thai.
    ['+९९८ ९० १२३ ४५ ६७', '998901234567'],
    ['+৯৯৮ ৯০ ১২৩ ৪৫ ৬৭', '998901234567'],
    ['+٩٩٨ ٩٠ ١٢٣ ٤٥ ٦٧', '998901234567'],
    ['۹۰ ۱۲۳ ۴۵ ۶۷', '998901234567'],
    ['๙๐ ๑๒๓ ๔๕ ๖๗', '998901234567'],
  ])('%j dials %s', (phone, international) => {
    expect(internationalNumber(phone)).toBe(international);
  });

  it.each(REVIEWED_CONTACT_FIELDS)('reads the contact field %j as the poster %s', (field, international) => {
    expect(internationalNumber(field)).toBe(international);
  });

  it('counts one person who wrote the contact field many ways as one poster, in the file and in the going rates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-one-person-'));
    try {
      const file = path.join(dir, 'history.sqlite');
      const history = await openHistory(file);
      const T0 = Date.UTC(2026, 10, 20, 6);
      const posted = new Date(T0 - 3_600_000).toISOString();
      const load = (id: string, phone: string, price: number) =>
        normalizeLoad({
          id,
          fromLocation: { name: 'Toshkent' },
          toLocation: { name: 'Samarqand' },
          vehicleType: { id: 1, name: 'Tent' },
          price,
          currency: 'UZS',
          createdAt: posted,
          contactSource: 'contact',
          contact: { phoneNumber: phone },
        });
      // Five of seven loads from one person, each contact field written with a second number another way.
      const person = [
        '90 123 45 67 / 91 765 43 21',
        '90 123 45 67 va 93 111 22 33',
        '+998 90 123 45 67 и 94 000 11 22',
        '901234567 & 95 333 44 55',
        '8 90 123 45 67\n97 222 33 44',
      ];
      history.recordRead(
        [
          ...person.map((phone, index) => load(`p${index}`, phone, 30_000_000)),
          load('a', '+998 99 888 77 66', 10_000_000),
          load('b', '+998 88 777 66 55', 12_000_000),
        ],
        T0,
      );
      expect(history.stats()).toMatchObject({ loads: 7, posters: 3 });
      const rates = goingRates(history.rateSamples(T0 - 86_400_000, T0), rateWindow(T0), () => null);
      expect(rates.get(routeKey('toshkent', 'samarqand'))?.figures[0]?.posters).toBe(3);
      history.save();
      history.close();
      const bytes = fs.readFileSync(file);
      const digits = ['901234567', '917654321', '931112233', '940001122', '953334455', '972223344', '998887766', '887776655'];
      expect(digits.filter((number) => bytes.includes(number))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hashes the spellings of one phone alike, and another phone otherwise', () => {
    const key = 'test-key';
    const spellings = ['+998 90 123 45 67', '90 123 45 67', '8 90 123 45 67', '998901234567', '(90) 123-45-67'];
    const hashes = new Set(spellings.map((phone) => posterHash(phone, key)?.toString('hex')));
    expect(hashes.size).toBe(1);
    expect(hashes.has(posterHash('+998 91 123 45 67', key)?.toString('hex'))).toBe(false);
    expect(posterHash('', key)).toBeNull();
    expect(internationalNumber('—')).toBeNull();
  });
});

describe('the owning account’s phone, which the history hashes, reaches no published file', () => {
  it('is absent from the published board, the feeds, the filter index and the city and route pages’ data', () => {
    const owner = '+998 93 765 43 21';
    const load = normalizeLoad({
      id: 'owned-1',
      title: 'Sement',
      fromLocation: { name: 'Toshkent' },
      toLocation: { name: 'Samarqand' },
      vehicleType: { id: 1, name: 'Tent' },
      price: 5_000_000,
      currency: 'UZS',
      createdAt: '2026-11-20T06:00:00Z',
      contactSource: 'contact',
      contact: { name: 'Dispetcher', phoneNumber: '+998 90 123 45 67' },
      user: { firstName: 'Ali', phoneNumber: owner },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-owner-'));
    try {
      writeFeedFiles(dir, [load], groupBuildLoads([load]), 'https://yukbor.uz');
      const published = fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => fs.statSync(path.join(dir, name)).isFile())
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
      const contexts: string[] = [];
      createPlacePages(groupBuildLoads([load]), Date.parse('2026-11-20T08:30:00Z'), (page) => {
        contexts.push(JSON.stringify(page.context));
      });
      const filters = [...filterFiles([load], groupBuildLoads([load]), ['Tent'], Date.parse('2026-11-25T06:00:00Z')).files.values()];
      expect(contexts.length).toBeGreaterThan(0);
      for (const text of [...published, ...contexts, ...filters]) expect(text.replace(/\D/g, '')).not.toContain('937654321');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what a poster typed in a field of numbers or codes', () => {
  const T0 = Date.UTC(2026, 10, 20, 6);
  const typed = (id: string, fields: Record<string, unknown>) => ({
    id,
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand' },
    price: 5_000_000,
    currency: 'UZS',
    createdAt: new Date(T0 - 3_600_000).toISOString(),
    ...fields,
  });

  it('keeps only currencies the site knows and numbers a load can have', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-typed-'));
    try {
      const file = path.join(dir, 'history.sqlite');
      const history = await openHistory(file);
      history.recordRead(
        [
          typed('c1', { currency: 'Ali' }),
          typed('c2', { currency: 'U\u0396S' }),
          typed('c3', { currency: 'UZ\u0421' }),
          typed('c4', { currency: 'usd' }),
          typed('n1', { price: 998_901_234_567, weight: 998_901_234_567, volume: 998_901_234_567 }),
          typed('n2', { price: 6_500_000, weight: 20, volume: 86 }),
        ].map((raw) => normalizeLoad(raw)),
        T0,
      );
      history.save();
      history.close();
      const rows = Object.fromEntries(historyRows(file).map((row) => [row.id, row]));
      expect([rows.c1, rows.c2, rows.c3, rows.c4].map((row) => row?.currency)).toEqual(['', '', '', 'USD']);
      expect(rows.n1).toMatchObject({ price: null, weight: null, volume: null });
      expect(rows.n2).toMatchObject({ price: 6_500_000, weight: 20, volume: 86 });
      expect(fs.readFileSync(file).includes(Buffer.from('ALI'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an import line whose id does not look like an id, naming its line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-typed-'));
    try {
      const history = await openHistory(path.join(dir, 'history.sqlite'));
      for (const id of ['+998901234567', 'a'.repeat(65), 'Ali Valiyev', '48213/1']) {
        await expect(history.importLines([JSON.stringify(typed('1', {})), JSON.stringify(typed(id, {}))], { now: T0 })).rejects.toThrow(
          /^line 2: id .* does not look like the marketplace's ids/,
        );
      }
      expect(history.loadCounts().loads).toBe(0);
      history.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the history file and the closed-load index keep no text a poster wrote', () => {
  const T0 = Date.UTC(2026, 10, 20, 6);
  const HOUR = 3_600_000;
  /** The board of the build still has a Toshkent → Samarqand load, so that route has its page. */
  const PAGES = leadOnPagesOf(groupBuildLoads([normalizeLoad({ id: 'open', fromLocationName: 'Toshkent', toLocationName: 'Samarqand' })]));

  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-personal-'));
    file = path.join(dir, 'history.sqlite');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The secrets in a file's bytes, read as UTF-8 and as Latin-1 (a text split across pages still shows in one). */
  function secretsInFile(): string[] {
    const bytes = fs.readFileSync(file);
    return [...new Set([...secretsIn(bytes.toString('utf8')), ...secretsIn(bytes.toString('latin1'))])];
  }

  /** The closed-load index the build would publish from the history now: its files' JSON. */
  async function publishedIndex(at: number): Promise<string> {
    const history = await openHistory(file, { readOnly: true });
    try {
      return [...closedLoadShards(history.closedSince(0), at, PAGES).files.values()].join('\n');
    } finally {
      history.close();
    }
  }

  it.each(REVIEWED_TEXTS.map((reviewed) => [reviewed.text, reviewed] as const))(
    '%j in every field a poster fills in: recorded and closed, nothing of it in the file or the index',
    async (_text, reviewed) => {
      const history = await openHistory(file);
      history.addVehicleTypes(['Tent']);
      history.recordRead([normalizeLoad(loadWithText('typed', reviewed.text))], T0);
      history.recordRead([], T0 + HOUR);
      history.save();
      history.close();
      expect(secretsInFile()).toEqual([]);
      const index = await publishedIndex(T0 + 2 * HOUR);
      expect(index).toContain('"id":"typed"');
      expect(secretsIn(index)).toEqual([]);
    },
  );

  it('keeps nothing of the review’s texts from a read, an import, and the loads read again later, all at once', async () => {
    const history = await openHistory(file);
    history.addVehicleTypes(['Tent']);
    const read = REVIEWED_TEXTS.map((reviewed, index) => normalizeLoad(loadWithText(`read-${index}`, reviewed.text)));
    history.recordRead(read, T0);
    await history.importLines(
      REVIEWED_TEXTS.map((reviewed, index) =>
        JSON.stringify(loadWithText(`import-${index}`, reviewed.text, { closedAt: new Date(T0 + HOUR).toISOString() })),
      ),
      { now: T0 + 2 * HOUR },
    );
    // Read again with a known place and a vehicle type of the dictionary: those it keeps.
    history.recordRead(
      read.map((load) => ({ ...load, from: 'Toshkent', vehicleType: 'tent' })),
      T0 + 3 * HOUR,
    );
    history.recordRead([], T0 + 4 * HOUR);
    history.save();
    history.close();
    expect(secretsInFile()).toEqual([]);
    const rows = historyRows(file);
    expect(rows).toHaveLength(2 * REVIEWED_TEXTS.length);
    expect(rows.find((row) => row.id === 'read-0')).toMatchObject({
      from: 'toshkent',
      fromKnown: true,
      to: 'samarqand',
      vehicleType: 'Tent',
      weight: 20,
      volume: 86,
      price: 6_500_000,
      currency: '',
    });
    expect(rows.find((row) => row.id === 'import-0')).toMatchObject({ from: '', fromKnown: false, vehicleType: '', currency: '' });
    const index = await publishedIndex(T0 + 5 * HOUR);
    expect(secretsIn(index)).toEqual([]);
    // Described from its fields: the route (an unknown origin), vehicle type, weight, volume, price, days.
    const entry = (JSON.parse(index.split('\n').find((json) => json.includes('"id":"read-0"')) ?? '{}') as { loads: unknown[] }).loads.find(
      (load) => (load as { id: string }).id === 'read-0',
    );
    expect(entry).toMatchObject({
      from: { uz: 'Toshkent', 'uz-Cyrl': 'Тошкент', ru: 'Ташкент' },
      to: { uz: 'Samarqand' },
      vehicleType: 'Tent',
      weight: 20,
      volume: 86,
      price: 6_500_000,
      currency: '',
      loadingDate: '2026-11-20T00:00:00.000Z',
      leadOn: { kind: 'route', path: '/loads/route/toshkent/samarqand' },
    });
  });

  /** A closed load of an older file, holding a reviewed text wherever that code kept free text. */
  const oldRow = (index: number, text: string): OldRow => ({
    id: `old-${index}`,
    title: text,
    from: text,
    fromKnown: false,
    to: 'samarqand',
    toKnown: true,
    vehicleType: text,
    currency: text.slice(0, 10).toUpperCase(),
    createdAt: T0 - 48 * HOUR,
    firstSeen: T0 - 48 * HOUR,
    lastSeen: T0 - 2 * HOUR,
    closedAt: T0 - HOUR,
    phone: '90 123 45 67',
  });

  it.each([
    ['2', writeSchemaTwoHistory],
    ['3', writeSchemaThreeHistory],
  ])('empties every text a file of schema %s kept when it is opened, and the file shrinks', async (_schema, write) => {
    // Many loads, so that the texts fill pages of their own.
    const rows = Array.from({ length: 40 }, (_, round) =>
      REVIEWED_TEXTS.map((reviewed, index) => oldRow(round * 100 + index, `${reviewed.text} ${round}`)),
    ).flat();
    write(file, rows, 'yukbor-development-history-key');
    const before = fs.statSync(file).size;
    expect(secretsInFile().length).toBeGreaterThan(10);
    const history = await openHistory(file);
    expect(secretsIn(await indexOf(history))).toEqual([]);
    history.save();
    history.close();
    expect(secretsInFile()).toEqual([]);
    expect(fs.statSync(file).size).toBeLessThan(before);
    const db = new DatabaseSync(file, { readOnly: true });
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    expect(db.prepare("SELECT count(*) AS title FROM pragma_table_info('loads') WHERE name = 'title'").get()).toEqual({ title: 0 });
    // No page is left free with a text in it: the file was written anew.
    expect(db.prepare('PRAGMA freelist_count').get()).toEqual({ freelist_count: 0 });
    expect(db.prepare("SELECT count(*) AS groups FROM rate_groups WHERE from_place <> 'samarqand' AND from_place <> ''").get()).toEqual({
      groups: 0,
    });
    db.close();
    expect(historyRows(file).every((row) => row.from === '' && row.vehicleType === '' && row.currency === '')).toBe(true);
  });

  async function indexOf(history: Awaited<ReturnType<typeof openHistory>>): Promise<string> {
    return [...closedLoadShards(history.closedSince(0), T0, PAGES).files.values()].join('\n');
  }
});
