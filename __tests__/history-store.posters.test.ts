/**
 * Posters in the board history on real SQLite files: one phone is one poster however it is written, the
 * hashes an older file made from the digits as typed move to the international number as the history
 * meets their phones again, and the file remembers which key hashed them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { keyFingerprint, posterHash } from '../src/history/record';
import { HistoryKeyError, keyFingerprintOfFile, openHistory, rekeyHistory } from '../src/history/store';
import { historyRows } from './support/history-rows';
import { writeSchemaTwoHistory } from './support/old-history';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 20, 6);
const KEY = 'test-key';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-posters-'));
  file = path.join(dir, 'history.sqlite');
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function load(id: string, phone: string | null): Load {
  return normalizeLoad({
    id,
    title: 'Sement',
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand' },
    price: 5_000_000,
    currency: 'UZS',
    createdAt: new Date(T0 - DAY).toISOString(),
    contactSource: 'contact',
    contact: phone === null ? null : { phoneNumber: phone },
  });
}

const hashOf = (phone: string, key = KEY) => posterHash(phone, key)?.toString('hex');

describe('one phone is one poster', () => {
  it('counts one poster for one phone written five ways, and as many going rate posters', async () => {
    const history = await openHistory(file, { key: KEY });
    const spellings = ['+998 90 123 45 67', '90 123 45 67', '8 90 123 45 67', '998901234567', '(90) 123-45-67'];
    history.recordRead(
      spellings.map((phone, index) => load(`l${index}`, phone)),
      T0,
    );
    expect(history.stats()).toMatchObject({ loads: 5, posters: 1 });
    expect(new Set(history.rateSamples(T0 - 90 * DAY, T0).map((sample) => sample.poster)).size).toBe(1);
    history.close();
  });

  it('moves a hash made from the digits as typed to the international number when the phone is read or imported again', async () => {
    const old = { from: 'toshkent', fromKnown: true, to: 'samarqand', toKnown: true, title: 'Sement', createdAt: T0 - 5 * DAY };
    writeSchemaTwoHistory(
      file,
      [
        { ...old, id: 'open', firstSeen: T0 - 5 * DAY, lastSeen: T0 - HOUR, closedAt: null, phone: '90 123 45 67' },
        { ...old, id: 'closed', firstSeen: T0 - 5 * DAY, lastSeen: T0 - 2 * DAY, closedAt: T0 - DAY, phone: '8 90 123 45 67' },
        { ...old, id: 'other', firstSeen: T0 - 5 * DAY, lastSeen: T0 - 2 * DAY, closedAt: T0 - DAY, phone: '+998 91 000 00 00' },
      ],
      KEY,
    );
    const history = await openHistory(file, { key: KEY });
    // Three hashes of two phones, made before the rule: the file cannot tell they are two.
    expect(history.stats()).toMatchObject({ posters: 3, postersAsTyped: 3 });
    // The build reads the open load again, and a new one from the same phone spelled another way.
    history.recordRead([load('open', '+998 90 123 45 67'), load('new', '90-123-45-67')], T0);
    expect(history.stats()).toMatchObject({ posters: 3, postersAsTyped: 2 });
    // The marketplace's own export names the closed load's phone again.
    const line = JSON.stringify({
      id: 'closed',
      title: 'Sement',
      fromLocation: { name: 'Toshkent' },
      toLocation: { name: 'Samarqand' },
      createdAt: new Date(T0 - 5 * DAY).toISOString(),
      closedAt: new Date(T0 - DAY).toISOString(),
      contactSource: 'contact',
      contact: { phoneNumber: '8 90 123 45 67' },
    });
    expect(await history.importLines([line])).toMatchObject({ updated: 1 });
    expect(history.stats()).toMatchObject({ posters: 2, postersAsTyped: 1 });
    expect(await history.importLines([line])).toMatchObject({ updated: 0, unchanged: 1 });
    history.save();
    history.close();
    const posters = Object.fromEntries(historyRows(file).map((row) => [row.id, row.posterHash]));
    expect(posters).toEqual({
      open: hashOf('998901234567'),
      new: hashOf('998901234567'),
      closed: hashOf('998901234567'),
      // Its digits as typed were the international number already: the same hash either way.
      other: hashOf('998910000000'),
    });
  });
});

describe('a poster is the account that owns the load', () => {
  /** A load of the account `owner` (its `user`, by phone) that names `contact` as the number to call. */
  function owned(id: string, owner: string | null, contact: string | null, price = 5_000_000): Load {
    return normalizeLoad({
      id,
      title: 'Sement',
      fromLocation: { name: 'Toshkent' },
      toLocation: { name: 'Samarqand' },
      price,
      currency: 'UZS',
      createdAt: new Date(T0 - DAY).toISOString(),
      contactSource: 'contact',
      contact: contact === null ? null : { name: 'Dispetcher', phoneNumber: contact },
      ...(owner === null ? {} : { user: { firstName: 'Ali', phoneNumber: owner } }),
    });
  }

  it('counts one account posting under three made-up contact numbers as one poster, and the going rate as one voice', async () => {
    const history = await openHistory(file, { key: KEY });
    history.recordRead(
      [
        owned('honest-1', '+998 90 111 11 11', '+998 90 111 11 11', 10_000_000),
        owned('honest-2', '+998 90 222 22 22', '90 222 22 22', 10_000_000),
        owned('loud-1', '+998 93 333 33 33', '+998 97 000 00 01', 49_000_000),
        owned('loud-2', '+998 93 333 33 33', '+998 97 000 00 02', 49_000_000),
        owned('loud-3', '998933333333', '+998 97 000 00 03', 49_000_000),
      ],
      T0,
    );
    expect(history.stats()).toMatchObject({ loads: 5, posters: 3 });
    const samples = history.rateSamples(T0 - 90 * DAY, T0);
    expect(new Set(samples.map((sample) => sample.poster)).size).toBe(3);
    history.close();
  });

  it('takes the contact’s number only for a load without a user, and the same account’s loads with and without a contact as one', async () => {
    const history = await openHistory(file, { key: KEY });
    history.recordRead(
      [owned('a', '+998 90 111 11 11', null), owned('b', '+998 90 111 11 11', '+998 91 000 00 00'), owned('c', null, '90 111 11 11')],
      T0,
    );
    expect(history.stats()).toMatchObject({ loads: 3, posters: 1 });
    history.save();
    history.close();
    expect(new Set(historyRows(file).map((row) => row.posterHash))).toEqual(new Set([hashOf('998901111111')]));
  });

  it('reads the owner from an import line’s user too', async () => {
    const history = await openHistory(file, { key: KEY });
    const line = (id: string, contact: string) =>
      JSON.stringify({
        id,
        fromLocation: { name: 'Toshkent' },
        toLocation: { name: 'Samarqand' },
        price: 5_000_000,
        currency: 'UZS',
        createdAt: new Date(T0 - 2 * DAY).toISOString(),
        contactSource: 'contact',
        contact: { phoneNumber: contact },
        user: { firstName: 'Ali', phoneNumber: '+998 90 111 11 11' },
      });
    await history.importLines([line('i1', '+998 97 000 00 01'), line('i2', '+998 97 000 00 02')], { now: T0 });
    expect(history.stats()).toMatchObject({ loads: 2, posters: 1 });
    history.close();
  });
});

describe('the key that hashed the posters', () => {
  async function writtenWith(key: string): Promise<Buffer> {
    const history = await openHistory(file, { key });
    history.recordRead([load('a', '+998 90 123 45 67'), load('b', '+998 91 000 00 00')], T0);
    history.save();
    history.close();
    return fs.readFileSync(file);
  }

  it('stops a writer with another key in one line, leaving the file as it was', async () => {
    const bytes = await writtenWith('one');
    const error = await openHistory(file, { key: 'two' }).catch((caught: unknown) => caught);
    expect((error as Error | undefined)?.message).toBe(
      `Board history ${file} was written with the key with fingerprint ${keyFingerprint('one')}, not with this HISTORY_KEY ` +
        `(the key with fingerprint ${keyFingerprint('two')}): set the key that wrote it, or re-key the history on purpose with npm run history -- rekey`,
    );
    expect(error).toBeInstanceOf(HistoryKeyError);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite']);
    // A reader that names a key is held to it too; one that hashes nothing needs none.
    await expect(openHistory(file, { key: 'two', readOnly: true })).rejects.toThrow(HistoryKeyError);
    expect((await openHistory(file, { readOnly: true })).stats()).toMatchObject({ loads: 2, keyFingerprint: keyFingerprint('one') });
    // The development key, which a build without HISTORY_KEY uses, is another key too.
    await expect(openHistory(file)).rejects.toThrow(/not with this HISTORY_KEY \(the development key\)/);
  });

  it('re-keys on purpose: the new key opens it, the old one no longer does, and its posters stay told apart', async () => {
    await writtenWith('one');
    const before = historyRows(file);
    expect(await rekeyHistory(file, 'two')).toMatchObject({ posters: 2, from: keyFingerprint('one') });
    const after = historyRows(file);
    expect(after.map((row) => row.posterHash)).not.toEqual(before.map((row) => row.posterHash));
    expect(new Set(after.map((row) => row.posterHash)).size).toBe(2);
    // Neither the old key nor the phone finds the posters any more.
    expect(after.map((row) => row.posterHash)).not.toContain(hashOf('998901234567', 'one'));
    expect(keyFingerprintOfFile(file)).toBe(keyFingerprint('two'));
    await expect(openHistory(file, { key: 'one' })).rejects.toThrow(HistoryKeyError);
    const history = await openHistory(file, { key: 'two' });
    expect(history.stats()).toMatchObject({ loads: 2, posters: 2 });
    history.close();
    // Re-keying with the key it already has changes nothing.
    const bytes = fs.readFileSync(file);
    expect(await rekeyHistory(file, 'two')).toMatchObject({ posters: 0 });
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('takes the key of its first writer when the file remembers none', async () => {
    writeSchemaTwoHistory(
      file,
      [
        {
          id: 'a',
          from: 'toshkent',
          fromKnown: true,
          to: 'samarqand',
          toKnown: true,
          title: 'Sement',
          createdAt: T0,
          firstSeen: T0,
          lastSeen: T0,
          closedAt: null,
          phone: null,
        },
      ],
      'one',
    );
    expect(keyFingerprintOfFile(file)).toBeNull();
    const history = await openHistory(file, { key: 'one' });
    history.save();
    history.close();
    expect(keyFingerprintOfFile(file)).toBe(keyFingerprint('one'));
  });
});
