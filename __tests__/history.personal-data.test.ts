/**
 * What the history keeps of a person: no phone, handle, link, e-mail or honorific name in any text
 * (src/history/scrub.ts), and one poster per phone however it is written (src/history/phone.ts),
 * against spellings met on real boards; then the same on real SQLite files and in the closed-load files
 * the build publishes from them, for a read, an import and a file an older rule wrote.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from '@photostructure/sqlite';
import { normalizeLoad } from '../src/api-client/normalize';
import { closedLoadShards } from '../src/gatsby/closed-loads';
import { internationalNumber } from '../src/history/phone';
import { posterHash } from '../src/history/record';
import { scrubText } from '../src/history/scrub';
import { openHistory } from '../src/history/store';
import { routeKey } from '../src/loads/place-groups';
import { goingRates } from '../src/rates/going-rate';
import { rateWindow } from '../src/rates/window';
import { historyRows } from './support/history-rows';
import { writeSchemaTwoHistory } from './support/old-history';

describe('a title keeps its cargo and loses every way to reach the poster', () => {
  it.each([
    // Telegram: links with and without a scheme, `tg:`, `@handles`, the word in either script.
    ['Sement t.me/ali_driver', 'Sement'],
    ['Sement https://t.me/ali_driver', 'Sement'],
    ['Sement http://telegram.me/ali_driver', 'Sement'],
    ['Sement T.ME/Ali_Driver', 'Sement'],
    ['Sement, tg: ali_driver', 'Sement'],
    ['Sement tg:ali_driver', 'Sement'],
    ['Sement tg://resolve?domain=ali_driver', 'Sement'],
    ['Sement @ali_driver', 'Sement'],
    ['Sement, telegram: ali_driver', 'Sement'],
    ['Sement, Telegram @ali_driver', 'Sement'],
    ['Цемент, телеграм: ali_driver', 'Цемент'],
    ['Sement telegrаm ali_driver', 'Sement'],
    // Phones with every separator people type.
    ['Sement +998 90 123 45 67', 'Sement'],
    ['Sement +998(90)123-45-67', 'Sement'],
    ['Sement 90–123–45–67', 'Sement'],
    ['Sement 90—123—45—67', 'Sement'],
    ['Sement 90/123/45/67', 'Sement'],
    ['Sement 90.123.45.67', 'Sement'],
    ['Sement 90 123 45 67', 'Sement'],
    ['Sement 90 - 123 - 45 - 67', 'Sement'],
    ['Sement (90) 123-45-67', 'Sement'],
    ['Sement 8 90 123 45 67', 'Sement'],
    ['Sement 998901234567', 'Sement'],
    ['Sement 901234567', 'Sement'],
    ['Sement +7 701 123 45 67', 'Sement'],
    ['Sement +996 555 123 456', 'Sement'],
    ['Sement ９０ １２３ ４５ ６７', 'Sement'],
    ['Sement 9O 123 45 67', 'Sement'],
    // Words for phone, in Latin, Cyrillic and both at once.
    ['Sement тел. +998 90 123 45 67', 'Sement'],
    ['Sement tel.901234567', 'Sement'],
    ['Sement тeл 90 123 45 67', 'Sement'],
    ['Sement, telefon: 90 123 45 67', 'Sement'],
    ['ТЕЛ:+998-90-123-45-67 Sement', 'Sement'],
    ['Tel: 90 123 45 67, sement', 'sement'],
    // E-mail addresses.
    ['Sement ali.driver@gmail.com', 'Sement'],
    ['Sement e-mail: ali@mail.ru', 'Sement'],
    ['Sement ali(at)mail.ru', 'Sement'],
    // WhatsApp and Viber.
    ['Sement, whatsapp +998901234567', 'Sement'],
    ['Sement wa.me/998901234567', 'Sement'],
    ['Sement viber/whatsapp bor 90 123 45 67', 'Sement'],
    ['Sement (WhatsApp bor)', 'Sement'],
    ['Цемент, вацап 90 123 45 67', 'Цемент'],
    // A name beside the number, or called by its honorific.
    ['Sement 20 t. Alisher 90 123 45 67', 'Sement 20 t'],
    ['Sement 20 t, Alisher 90 123 45 67', 'Sement 20 t'],
    ['Цемент, звонить Алишер ака 90 123 45 67', 'Цемент'],
    ['Sement, Ali aka', 'Sement'],
    ['Sement Ali akaga qoʻngʻiroq qiling', 'Sement'],
    ['Sement 50 kg, 20 t, tel: +998 (90) 123-45-67', 'Sement 50 kg, 20 t'],
    ['Armatura 12 mm 1000 qop 901234567 @yuk_bot a@b.uz', 'Armatura 12 mm 1000 qop'],
    ['Sement. Tel 90 123 45 67. Toshkentga', 'Sement. Toshkentga'],
  ])('%j becomes %j', (title, kept) => {
    expect(scrubText(title)).toBe(kept);
  });

  it.each([
    'Sement M400, 20 t',
    'Armatura 12 mm, 1000 qop',
    'Narxi 5 000 000 soʻm',
    'Sement 15000000 soʻm',
    'Yuklash 12.05.2026',
    'Televizorlar 200 dona',
    'Telefonlar qutida, 40 dona',
    'Sement @ 5000 soʻm',
    'Qishloq 7',
    'Тент, 20 т',
  ])('%j stays as it is', (title) => {
    expect(scrubText(title)).toBe(title);
  });
});

describe('a place the gazetteer does not know keeps its name only', () => {
  it.each([
    ['Chirchiq yoli, Ali aka +998 90 123 45 67', 'Chirchiq yoli'],
    ['Yangiyoʻl bozori tel 90 123 45 67', 'Yangiyoʻl bozori'],
    ['Qoʻrgʻontepa, @ali_driver', 'Qoʻrgʻontepa'],
    ['Ombor 3 (t.me/ali_driver)', 'Ombor 3'],
    ['Склад на Бектемире, звоните 90-123-45-67', 'Склад на Бектемире'],
  ])('%j becomes %j', (place, kept) => {
    expect(scrubText(place)).toBe(kept);
  });
});

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

describe('the history file and the closed-load files', () => {
  const T0 = Date.UTC(2026, 10, 20, 6);
  const HOUR = 3_600_000;
  /** Everything of the poster that appears in the texts below, as it might be searched for. */
  const SECRETS = ['ali_driver', '901234567', '90 123 45 67', '123-45-67', '123 45 67', 'Ali aka', 'ali@mail.ru', '910000000', 'Alisher'];
  /** No closed-load page links anywhere: the entries are what matters here. */
  const NO_PAGES = { hasRoute: () => false, hasFrom: () => false };

  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-personal-'));
    file = path.join(dir, 'history.sqlite');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function secretsIn(text: string): string[] {
    return SECRETS.filter((secret) => text.includes(secret));
  }

  it('keeps no phone, handle or name in any text of a read, places the gazetteer does not know included', async () => {
    const history = await openHistory(file);
    const dirty = normalizeLoad({
      id: 'dirty',
      title: 'Sement, Ali aka t.me/ali_driver',
      fromLocationName: 'Chirchiq yoli, Ali aka +998 90 123 45 67',
      toLocationName: 'Ombor 3, tel 90–123–45–67',
      vehicleType: 'Tent (tg: ali_driver)',
      currency: 'UZS',
      price: 5_000_000,
      createdAt: new Date(T0 - HOUR).toISOString(),
    });
    history.recordRead([dirty], T0);
    // It leaves the board, so the build publishes it among the closed loads.
    history.recordRead([], T0 + HOUR);
    const shards = closedLoadShards(history.closedSince(0), T0 + 2 * HOUR, NO_PAGES);
    history.save();
    history.close();
    const bytes = fs.readFileSync(file);
    expect(secretsIn(bytes.toString('utf8')).concat(secretsIn(bytes.toString('latin1')))).toEqual([]);
    expect(secretsIn([...shards.files.values()].join('\n'))).toEqual([]);
    expect(historyRows(file)[0]).toMatchObject({
      title: 'Sement',
      from: 'Chirchiq yoli',
      to: 'Ombor 3',
      vehicleType: 'Tent',
      currency: 'UZS',
    });
  });

  it('keeps none from an import either', async () => {
    const history = await openHistory(file);
    await history.importLines([
      JSON.stringify({
        id: 'imported',
        title: 'Sement 20 t. Alisher 90/123/45/67',
        fromLocationName: 'Qoʻrgʻontepa, @ali_driver',
        toLocation: { name: 'Samarqand' },
        createdAt: '2026-11-18T06:00:00Z',
        closedAt: '2026-11-19T06:00:00Z',
      }),
    ]);
    history.save();
    history.close();
    expect(secretsIn(fs.readFileSync(file).toString('utf8'))).toEqual([]);
    expect(historyRows(file)[0]).toMatchObject({ title: 'Sement 20 t', from: 'Qoʻrgʻontepa' });
  });

  it('scrubs what a file of an older rule kept when it is opened, and the build republishes none of it', async () => {
    const closed = { toKnown: true, to: 'samarqand', createdAt: T0 - 48 * HOUR, firstSeen: T0 - 48 * HOUR, lastSeen: T0 - 2 * HOUR };
    writeSchemaTwoHistory(
      file,
      [
        // What the older rule let through: a link without its scheme, `tg:`, en dashes, a place as sent.
        {
          ...closed,
          id: 'a',
          title: 'Sement t.me/ali_driver',
          from: 'Chirchiq yoli, Ali aka +998 90 123 45 67',
          fromKnown: false,
          closedAt: T0 - HOUR,
          phone: '90 123 45 67',
        },
        {
          ...closed,
          id: 'b',
          title: 'Sement, tg: ali_driver',
          from: 'Chirchiq yoli, +998 91 000 00 00',
          fromKnown: false,
          closedAt: T0 - HOUR,
          phone: null,
        },
        { ...closed, id: 'c', title: 'Un 90–123–45–67', from: 'Chirchiq yoli', fromKnown: false, closedAt: T0 - HOUR, phone: null },
      ],
      'yukbor-development-history-key',
    );
    const before = new DatabaseSync(file, { readOnly: true });
    expect((before.prepare('SELECT count(*) AS groups FROM rate_groups').get() as { groups: number }).groups).toBe(3);
    before.close();
    const history = await openHistory(file);
    const shards = closedLoadShards(history.closedSince(0), T0, NO_PAGES);
    expect(secretsIn([...shards.files.values()].join('\n'))).toEqual([]);
    history.save();
    history.close();
    expect(secretsIn(fs.readFileSync(file).toString('utf8'))).toEqual([]);
    expect(historyRows(file).map((row) => [row.id, row.title, row.from])).toEqual([
      ['a', 'Sement', 'Chirchiq yoli'],
      ['b', 'Sement', 'Chirchiq yoli'],
      ['c', 'Un', 'Chirchiq yoli'],
    ]);
    // Three routes as stored, one once scrubbed: their rate groups are one too.
    const after = new DatabaseSync(file, { readOnly: true });
    expect(after.prepare('SELECT count(*) AS groups, count(DISTINCT from_place) AS places FROM rate_groups').get()).toEqual({
      groups: 1,
      places: 1,
    });
    expect((after.prepare('SELECT count(DISTINCT rate_group) AS groups FROM loads').get() as { groups: number }).groups).toBe(1);
    after.close();
  });
});
