/**
 * The board history's store on real SQLite files in a temporary folder (docs/history.md): no mocks of the store.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from '@photostructure/sqlite';
import { normalizeLoad } from '../src/api-client/normalize';
import type { Load } from '../src/api-client/types';
import { ImportLineError } from '../src/history/import-line';
import { HistoryFileError, HistoryLockedError, openHistory } from '../src/history/store';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/history/sqlite/schema';
import { generateLoads } from '../tools/sample-api/data';
import { historyRows } from './support/history-rows';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 20, 6);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function file(name = 'history.sqlite'): string {
  return path.join(dir, name);
}

function load(id: string, extra: Record<string, unknown> = {}): Load {
  return normalizeLoad({
    id,
    title: 'Sement',
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand' },
    price: 5_000_000,
    currency: 'uzs',
    createdAt: new Date(T0 - DAY).toISOString(),
    contactSource: 'contact',
    contact: { name: 'Aziz Karimov', phoneNumber: '+998 90 123 45 67' },
    ...extra,
  });
}

describe('recordRead', () => {
  it('records a load seen, gone and back as one load', async () => {
    const history = await openHistory(file());
    expect(history.recordRead([load('a'), load('b')], T0)).toEqual({ new: 2, seen: 0, closed: 0, back: 0 });
    expect(history.recordRead([load('a')], T0 + HOUR)).toEqual({ new: 0, seen: 1, closed: 1, back: 0 });
    expect(history.closedSince(T0).map((row) => [row.id, row.closedAt])).toEqual([['b', T0 + HOUR]]);
    expect(history.recordRead([load('a'), load('b', { price: 6_000_000 })], T0 + 2 * HOUR)).toEqual({
      new: 0,
      seen: 1,
      closed: 0,
      back: 1,
    });
    expect(history.closedSince(0)).toEqual([]);
    history.save();
    const [a, b] = historyRows(file());
    expect(b).toMatchObject({ id: 'b', firstSeen: T0, lastSeen: T0 + 2 * HOUR, closedAt: null, price: 6_000_000 });
    expect(a).toMatchObject({
      id: 'a',
      from: 'toshkent',
      fromKnown: true,
      to: 'samarqand',
      currency: 'UZS',
      createdAt: new Date(T0 - DAY).toISOString(),
    });
    expect(a?.posterHash).toMatch(/^[0-9a-f]{64}$/);
    expect(history.stats()).toMatchObject({ loads: 2, open: 2, closed: 0, routes: 1, posters: 1 });
  });

  it('keeps a place the gazetteer does not know as unknown, and a poster per phone whatever its spelling', async () => {
    const history = await openHistory(file());
    history.recordRead(
      [
        load('x', { fromLocation: null, fromLocationName: 'Qishloq 7', contact: { phoneNumber: '998901234567' } }),
        load('y', { contactSource: 'user', contact: null, user: { phoneNumber: '+998 (91) 000-00-00' } }),
        load('d'),
      ],
      T0,
    );
    history.save();
    const [d, x, y] = historyRows(file());
    expect(x).toMatchObject({ from: '', fromKnown: false, to: 'samarqand', toKnown: true });
    // The same digits as the default '+998 90 123 45 67': the same poster.
    expect(x?.posterHash).toBe(d?.posterHash);
    expect(y?.posterHash).not.toBe(x?.posterHash);
  });

  it('hashes with HISTORY_KEY: another key, another poster', async () => {
    const one = await openHistory(file('one.sqlite'), { key: 'one' });
    const two = await openHistory(file('two.sqlite'), { key: 'two' });
    one.recordRead([load('a')], T0);
    two.recordRead([load('a')], T0);
    one.save();
    two.save();
    expect(historyRows(file('one.sqlite'))[0]?.posterHash).not.toBe(historyRows(file('two.sqlite'))[0]?.posterHash);
  });
});

describe('rateSamples', () => {
  it('takes a load on the board at any time of the window, edges included', async () => {
    const history = await openHistory(file());
    // Each load has its own price, by which its sample is told.
    const names = ['before', 'edge-close', 'inside', 'undated', 'later'];
    const extra = (id: string, hours: number | null) => ({
      price: names.indexOf(id) + 1,
      createdAt: hours === null ? null : new Date(T0 + hours * HOUR).toISOString(),
    });
    const read = (id: string, hours: number | null) => load(id, extra(id, hours));
    history.recordRead([read('before', -10), read('edge-close', -10), read('inside', 1)], T0);
    // closed at T0 + 2h: 'before' and 'edge-close' leave.
    history.recordRead([read('inside', 1)], T0 + 2 * HOUR);
    // A load without a creation time counts from when it was first seen.
    history.recordRead([read('inside', 1), read('undated', null), read('later', 5)], T0 + 4 * HOUR);
    const ids = (start: number, end: number) =>
      history
        .rateSamples(start, end)
        .map((sample) => names[(sample.price as number) - 1])
        .sort();
    // Closed exactly at the window's start: still on the board then.
    expect(ids(T0 + 2 * HOUR, T0 + 3 * HOUR)).toEqual(['before', 'edge-close', 'inside']);
    expect(ids(T0 + 2 * HOUR + 1, T0 + 3 * HOUR)).toEqual(['inside']);
    // First seen exactly at the window's end: on the board then, even with a createdAt after it.
    expect(ids(T0 + 3 * HOUR, T0 + 4 * HOUR)).toEqual(['inside', 'later', 'undated']);
    expect(ids(T0 + 3 * HOUR, T0 + 4 * HOUR - 1)).toEqual(['inside']);
    expect(ids(T0 + 3 * HOUR, T0 + 5 * HOUR)).toEqual(['inside', 'later', 'undated']);
  });
});

describe('the file', () => {
  it('is written whole by save and read back; nothing is written before save', async () => {
    const history = await openHistory(file());
    history.recordRead([load('a')], T0);
    expect(fs.existsSync(file())).toBe(false);
    history.save();
    history.close();
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite']);
    const again = await openHistory(file());
    expect(again.stats()).toMatchObject({ loads: 1, open: 1, first: T0, last: T0 });
  });

  it('reads on after its save, and a change after it works on a new working copy', async () => {
    const history = await openHistory(file());
    history.recordRead([load('a')], T0);
    expect(history.save()).toBe(fs.statSync(file()).size);
    expect(history.stats()).toMatchObject({ loads: 1 });
    // The saved file stays as it was until saved again.
    const saved = fs.readFileSync(file());
    history.recordRead([load('a'), load('b')], T0 + HOUR);
    expect(fs.readFileSync(file()).equals(saved)).toBe(true);
    history.save();
    history.close();
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite']);
    expect((await openHistory(file(), { readOnly: true })).stats()).toMatchObject({ loads: 2, open: 2 });
  });

  it('lets two writers take turns: the second waits until the first has saved, and keeps both reads', async () => {
    // The first writer is another process, as a second build would be: it opens, records a read, says so
    // and saves a moment later.
    const script = path.join(dir, 'writer.ts');
    fs.writeFileSync(
      script,
      `import { openHistory } from ${JSON.stringify(path.resolve(__dirname, '../src/history/store'))};
       import { normalizeLoad } from ${JSON.stringify(path.resolve(__dirname, '../src/api-client/normalize'))};
       void (async () => {
         const history = await openHistory(${JSON.stringify(file())});
         history.recordRead([normalizeLoad({ id: 'first', title: 'Un', createdAt: '2026-11-19T06:00:00Z' })], ${T0});
         console.log('recorded');
         await new Promise((resolve) => setTimeout(resolve, 1500));
         history.save();
         history.close();
       })();`,
    );
    const writer = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => writer.on('exit', resolve));
    await new Promise<void>((resolve) => writer.stdout.on('data', (data: Buffer) => data.toString().includes('recorded') && resolve()));
    let waitedFor = '';
    const second = await openHistory(file(), { onLockWait: (holder) => (waitedFor = holder) });
    second.recordRead([load('second')], T0 + HOUR);
    second.save();
    second.close();
    await exited;
    expect(historyRows(file()).map((row) => [row.id, row.closedAt])).toEqual([
      ['first', T0 + HOUR],
      ['second', null],
    ]);
    expect(waitedFor).toContain(`process ${writer.pid}`);
    expect(fs.readdirSync(dir).sort()).toEqual(['history.sqlite', 'writer.ts']);
  }, 60_000);

  it('takes the lock a process that is gone left behind', async () => {
    // No process has this pid (the kernel's limit is below it).
    fs.writeFileSync(`${file()}.lock`, JSON.stringify({ pid: 4194305000, host: os.hostname(), since: '2026-11-20T06:00:00Z' }));
    const history = await openHistory(file(), { lockWaitMs: 0 });
    history.recordRead([load('a')], T0);
    history.save();
    history.close();
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite']);
  });

  it('waits for a live writer no longer than asked, then fails with one line naming it, and leaves its lock', async () => {
    const lock = JSON.stringify({ pid: process.ppid, host: os.hostname(), since: '2026-11-20T06:00:00Z' });
    fs.writeFileSync(`${file()}.lock`, lock);
    const error = await openHistory(file(), { lockWaitMs: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HistoryLockedError);
    expect((error as Error).message).toMatch(new RegExp(`^Board history .* is being written by process ${process.ppid} on .*; waited 0 s`));
    expect((error as Error).message).not.toContain('\n');
    expect(fs.readFileSync(`${file()}.lock`, 'utf8')).toBe(lock);
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite.lock']);
  });

  it('removes a working copy and a lock draft a killed build left, and keeps one a running process works on', async () => {
    const first = await openHistory(file());
    first.save();
    first.close();
    // No process has this pid (the kernel's limit is below it); the parent of this test is running.
    const abandoned = `${file()}.4194305000.working`;
    const draft = `${file()}.lock.4194305000.draft`;
    const inUse = `${file()}.${process.ppid}.working`;
    fs.writeFileSync(abandoned, 'half a copy');
    fs.writeFileSync(draft, '{"pid":4194305000');
    fs.writeFileSync(inUse, 'a copy in use');
    const history = await openHistory(file());
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(draft)).toBe(false);
    expect(fs.readFileSync(inUse, 'utf8')).toBe('a copy in use');
    history.close();
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(inUse), 'history.sqlite'].sort());
  });

  it('is left as it was by a build cut off after its read (recorded, never saved)', async () => {
    const first = await openHistory(file());
    first.recordRead([load('a')], T0);
    first.save();
    first.close();
    const before = fs.readFileSync(file());
    const cut = await openHistory(file());
    cut.recordRead([load('b')], T0 + HOUR);
    cut.close();
    expect(fs.readFileSync(file()).equals(before)).toBe(true);
    expect((await openHistory(file(), { readOnly: true })).stats()).toMatchObject({ loads: 1, open: 1 });
  });

  it.each([
    ['garbage', Buffer.from('this is not a database at all, just some bytes '.repeat(10))],
    ['an empty file', Buffer.alloc(0)],
  ])('fails on %s with one line naming the file, and leaves it untouched', async (_name, bytes) => {
    fs.writeFileSync(file(), bytes);
    const error = await openHistory(file()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HistoryFileError);
    expect((error as Error).message).toContain(file());
    expect((error as Error).message).not.toContain('\n');
    expect(fs.readFileSync(file()).equals(bytes)).toBe(true);
  });

  it('fails on a damaged history (a valid header, broken pages) at its first read, leaving it untouched', async () => {
    const history = await openHistory(file());
    history.recordRead(
      generateLoads(300).map((raw) => normalizeLoad(raw)),
      T0,
    );
    history.save();
    history.close();
    const bytes = fs.readFileSync(file());
    // Zero the pages after the first: the schema page survives, the tables do not.
    const damaged = Buffer.concat([bytes.subarray(0, 4096), Buffer.alloc(bytes.length - 4096, 0xa5)]);
    fs.writeFileSync(file(), damaged);
    // Opening reads the schema only; the damage shows on the first read of the tables, as the build does.
    const error = await openHistory(file())
      .then((opened) => opened.recordRead([load('a')], T0))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HistoryFileError);
    expect((error as Error).message).toMatch(/^Board history .* cannot be read: [^\n]+$/);
    expect(fs.readFileSync(file()).equals(damaged)).toBe(true);
  });

  it('fails on a file written by a newer schema, leaving it untouched', async () => {
    const db = new DatabaseSync(file());
    db.exec(`CREATE TABLE loads (id TEXT PRIMARY KEY); PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const bytes = fs.readFileSync(file());
    const error = await openHistory(file()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HistoryFileError);
    expect((error as Error).message).toMatch(new RegExp(`${file().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*newer schema`));
    expect((error as Error).message).not.toContain('\n');
    expect(fs.readFileSync(file()).equals(bytes)).toBe(true);
  });

  it('migrates a schema 1 file forward on its working copy: the file changes only when saved', async () => {
    const db = new DatabaseSync(file());
    db.exec(MIGRATIONS[0] as string);
    const insert = db.prepare(
      `INSERT INTO loads (id, from_place, from_known, to_place, to_known, title, vehicle_type, weight, price, currency,
         loading_date, created_at, first_seen, last_seen, closed_at, poster_id) VALUES (?, ?, 1, ?, 1, 'Un', ?, 20, ?, ?, NULL, ?, ?, ?, ?, NULL)`,
    );
    insert.run('old-1', 'toshkent', 'samarqand', 'Tent', 5_000_000, 'UZS', T0 - 10 * DAY, T0 - 10 * DAY, T0 - 9 * DAY, T0 - 9 * DAY);
    insert.run('old-2', 'toshkent', 'samarqand', 'Tent', 100, 'USD', T0 - 8 * DAY, T0 - 8 * DAY, T0 - 7 * DAY, T0 - 7 * DAY);
    insert.run('old-3', 'buxoro', 'navoiy', 'Ref', 900_000, 'UZS', T0 - 6 * DAY, T0 - 6 * DAY, T0 - 5 * DAY, T0 - 5 * DAY);
    db.exec('PRAGMA user_version = 1');
    db.close();
    const before = fs.readFileSync(file());
    // Read only (npm run history -- stats on the bucket's copy before the first build of schema 2).
    const reader = await openHistory(file(), { readOnly: true });
    expect(reader.stats()).toMatchObject({ loads: 3, routes: 2 });
    expect(reader.rateSamples(T0 - 90 * DAY, T0)).toHaveLength(3);
    expect(() => reader.save()).toThrow(/read only/);
    reader.close();
    expect(fs.readdirSync(dir)).toEqual(['history.sqlite']);
    expect(fs.readFileSync(file()).equals(before)).toBe(true);
    const history = await openHistory(file());
    history.addVehicleTypes(['Tent', 'Ref']);
    history.recordRead([load('new', { vehicleType: 'Tent' })], T0);
    const samples = history.rateSamples(T0 - 90 * DAY, T0);
    // The vehicle types the older schema kept were never checked against the API's dictionary: unknown
    // now, until a load is read again.
    expect(samples.map((sample) => [sample.from, sample.to, sample.currency, sample.vehicleType, sample.price]).sort()).toEqual([
      ['buxoro', 'navoiy', 'UZS', '', 900_000],
      ['toshkent', 'samarqand', 'USD', '', 100],
      ['toshkent', 'samarqand', 'UZS', '', 5_000_000],
      ['toshkent', 'samarqand', 'UZS', 'Tent', 5_000_000],
    ]);
    expect(fs.readFileSync(file()).equals(before)).toBe(true);
    history.save();
    history.close();
    const saved = new DatabaseSync(file(), { readOnly: true });
    expect(saved.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    // A group for each route, currency and vehicle type, and none left over from before.
    expect(saved.prepare('SELECT count(DISTINCT rate_group) AS groups, count(rate_group) AS loads FROM loads').get()).toEqual({
      groups: 4,
      loads: 4,
    });
    expect(saved.prepare('SELECT count(*) AS groups FROM rate_groups').get()).toEqual({ groups: 4 });
    saved.close();
  });

  it('keeps no personal data: no phone, name or username of the sample loads is in its bytes', async () => {
    const raws = generateLoads(400);
    const loads = raws.map((raw) => normalizeLoad(raw));
    // A title with a phone in it, as people type them.
    loads.push(load('phone-in-title', { title: 'Sement, tel +998 90 765-43-21 @aziz_yuk' }));
    const history = await openHistory(file());
    history.recordRead(loads, T0);
    history.save();
    const bytes = fs.readFileSync(file()).toString('latin1');
    const utf8 = fs.readFileSync(file()).toString('utf8');
    const secrets = new Set<string>(['765-43-21', '7654321', 'aziz_yuk']);
    for (const raw of raws) {
      for (const person of [raw.contact, raw.user]) {
        if (!person) continue;
        const values = 'phoneNumber' in person ? [person.phoneNumber] : [];
        if ('name' in person) values.push(person.name);
        if ('telegramUsername' in person) values.push(person.telegramUsername);
        if ('firstName' in person) values.push(`${person.firstName} ${person.lastName}`);
        if ('username' in person) values.push(person.username);
        for (const value of values) if (value) secrets.add(value);
      }
    }
    for (const load of loads) if (load.contact?.phone) secrets.add(load.contact.phone.replace(/\D/g, ''));
    expect(secrets.size).toBeGreaterThan(300);
    const found = [...secrets].filter((secret) => bytes.includes(secret) || utf8.includes(secret));
    expect(found).toEqual([]);
    expect(historyRows(file()).find((row) => row.id === 'phone-in-title')).not.toHaveProperty('title');
  });
});

describe('importLines', () => {
  const line = (id: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      id,
      title: 'Un',
      fromLocation: { name: 'Buxoro' },
      toLocation: { name: 'Toshkent' },
      createdAt: '2026-06-01T08:00:00Z',
      price: 400,
      currency: 'USD',
      user: { phoneNumber: '+998 93 111 22 33' },
      contactSource: 'user',
      ...extra,
    });

  it('imports loads with their times: first seen when created, last seen when closed', async () => {
    const history = await openHistory(file());
    const counts = await history.importLines([line('1', { closedAt: '2026-06-04T10:00:00Z' }), line('2'), '']);
    expect(counts).toEqual({ lines: 3, new: 2, updated: 0, unchanged: 0 });
    history.save();
    const rows = historyRows(file());
    expect(rows).toEqual([
      expect.objectContaining({
        id: '1',
        from: 'buxoro',
        firstSeen: Date.parse('2026-06-01T08:00:00Z'),
        lastSeen: Date.parse('2026-06-04T10:00:00Z'),
        closedAt: Date.parse('2026-06-04T10:00:00Z'),
      }),
      expect.objectContaining({
        id: '2',
        firstSeen: Date.parse('2026-06-01T08:00:00Z'),
        lastSeen: Date.parse('2026-06-01T08:00:00Z'),
        closedAt: null,
      }),
    ]);
  });

  it('imports nothing from a file with a bad line 3, and names line 3', async () => {
    const history = await openHistory(file());
    history.recordRead([load('live')], T0);
    history.save();
    const before = fs.readFileSync(file());
    const lines = [line('1'), line('2'), line('3', { closedAt: 'yesterday' }), line('4')];
    const error = await history.importLines(lines).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportLineError);
    expect((error as ImportLineError).line).toBe(3);
    expect((error as Error).message).toMatch(/^line 3: closedAt/);
    expect(history.stats()).toMatchObject({ loads: 1 });
    // A later save keeps the history as it was before the import.
    history.save();
    expect((await openHistory(file(), { readOnly: true })).stats()).toMatchObject({ loads: 1 });
    expect(before.length).toBeGreaterThan(0);
    for (const bad of ['{not json', '[1,2]', JSON.stringify({ title: 'no id' }), line('5', { createdAt: null })]) {
      const failure = await history.importLines([line('1'), line('2'), bad]).catch((caught: unknown) => caught);
      expect(failure).toBeInstanceOf(ImportLineError);
      expect((failure as ImportLineError).line).toBe(3);
    }
    expect(history.stats()).toMatchObject({ loads: 1 });
  });

  it('refuses a time later than the import’s own, beyond a few minutes’ clock difference, and names the line', async () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    const history = await openHistory(file());
    const minutes = (n: number) => new Date(now + n * 60_000).toISOString();
    // Four minutes ahead is the two machines' clocks; six is a wrong time.
    expect(
      await history.importLines([line('1', { createdAt: minutes(-60), closedAt: minutes(4) }), line('2', { createdAt: minutes(4) })], {
        now,
      }),
    ).toMatchObject({ new: 2 });
    for (const [bad, reason] of [
      [
        line('3', { closedAt: '2099-01-01T00:00:00Z' }),
        `closedAt 2099-01-01T00:00:00.000Z is later than the import's own time 2026-11-25T10:00:00.000Z`,
      ],
      [line('4', { createdAt: minutes(6) }), `createdAt ${minutes(6)} is later than the import's own time 2026-11-25T10:00:00.000Z`],
      [line('5', { createdAt: minutes(-60), closedAt: minutes(6) }), `closedAt ${minutes(6)} is later than the import's own time`],
    ]) {
      const failure = await history.importLines([line('6'), bad as string], { now }).catch((caught: unknown) => caught);
      expect(failure).toBeInstanceOf(ImportLineError);
      expect((failure as Error).message).toContain(`line 2: ${reason as string}`);
    }
    expect(history.stats()).toMatchObject({ loads: 2, open: 1 });
  });

  it('changes nothing when the same file is imported twice', async () => {
    const lines = generateLoads(200).map((raw, index) =>
      JSON.stringify({
        ...raw,
        ...(index % 3 === 0 ? { closedAt: new Date(Date.parse(String(raw.createdAt)) + 3 * DAY).toISOString() } : {}),
      }),
    );
    const history = await openHistory(file());
    expect(await history.importLines(lines)).toMatchObject({ new: 200, updated: 0, unchanged: 0 });
    history.save();
    history.close();
    const once = fs.readFileSync(file());
    const again = await openHistory(file());
    expect(await again.importLines(lines)).toMatchObject({ new: 0, updated: 0, unchanged: 200 });
    again.save();
    expect(fs.readFileSync(file()).equals(once)).toBe(true);
  });

  it('changes nothing the second time, ids repeated in the file included', async () => {
    const lines = [
      line('twice', { weight: 5, createdAt: '2026-06-01T08:00:00Z' }),
      line('twice', { weight: 20, createdAt: '2026-06-01T08:00:00Z', closedAt: '2026-06-03T08:00:00Z' }),
      line('thrice', { price: 300 }),
      line('thrice', { price: 350 }),
      line('thrice', { price: 300, closedAt: '2026-06-02T08:00:00Z' }),
    ];
    const history = await openHistory(file());
    // Counted by load: two new ones, whatever their earlier lines said.
    expect(await history.importLines(lines)).toEqual({ lines: 5, new: 2, updated: 0, unchanged: 0 });
    history.save();
    const once = fs.readFileSync(file());
    expect(await history.importLines(lines)).toEqual({ lines: 5, new: 0, updated: 0, unchanged: 2 });
    history.save();
    history.close();
    expect(fs.readFileSync(file()).equals(once)).toBe(true);
    // The later line of each id is the one that holds.
    expect(historyRows(file()).map((row) => [row.id, row.weight, row.price, row.closedAt])).toEqual([
      ['thrice', null, 300, Date.parse('2026-06-02T08:00:00Z')],
      ['twice', 20, 400, Date.parse('2026-06-03T08:00:00Z')],
    ]);
  });

  it('lets the later line of an id hold whatever times the earlier ones spoke of, as importing it alone would', async () => {
    const created = '2026-06-01T08:00:00Z';
    const earlier = [
      line('closed', { weight: 5, createdAt: created, closedAt: '2026-06-05T08:00:00Z' }),
      line('closed', { weight: 7, createdAt: created, closedAt: '2026-06-09T08:00:00Z' }),
      line('open', { price: 100, createdAt: created, closedAt: '2026-06-02T08:00:00Z' }),
    ];
    const later = [
      line('closed', { weight: 20, createdAt: created, closedAt: '2026-06-03T08:00:00Z' }),
      line('open', { price: 200, createdAt: created }),
    ];
    const history = await openHistory(file());
    expect(await history.importLines([...earlier, ...later])).toEqual({ lines: 5, new: 2, updated: 0, unchanged: 0 });
    history.save();
    const once = fs.readFileSync(file());
    expect(await history.importLines([...earlier, ...later])).toEqual({ lines: 5, new: 0, updated: 0, unchanged: 2 });
    history.save();
    history.close();
    expect(fs.readFileSync(file()).equals(once)).toBe(true);
    const alone = await openHistory(file('alone.sqlite'));
    await alone.importLines(later);
    alone.save();
    alone.close();
    expect(historyRows(file())).toEqual(historyRows(file('alone.sqlite')));
    expect(historyRows(file()).map((row) => [row.id, row.weight, row.price, row.closedAt])).toEqual([
      ['closed', 20, 400, Date.parse('2026-06-03T08:00:00Z')],
      ['open', null, 200, null],
    ]);
  });

  it('never reopens a load the builds closed, nor moves its closing date', async () => {
    const read = (id: string) => load(id, { createdAt: new Date(T0 - DAY).toISOString() });
    const history = await openHistory(file());
    history.recordRead([read('taken'), read('stays')], T0);
    // The next build no longer sees 'taken': it left the board then.
    history.recordRead([read('stays')], T0 + HOUR);
    // An export made before it left says it was open.
    const older = JSON.stringify({
      id: 'taken',
      title: 'Sement',
      fromLocation: { name: 'Toshkent' },
      toLocation: { name: 'Samarqand' },
      createdAt: new Date(T0 - DAY).toISOString(),
    });
    expect(await history.importLines([older])).toMatchObject({ new: 0, updated: 0, unchanged: 1 });
    expect(history.closedSince(0).map((row) => [row.id, row.closedAt])).toEqual([['taken', T0 + HOUR]]);
    // Nineteen days on, the build still sees the load closed when it was.
    history.recordRead([read('stays')], T0 + 19 * DAY);
    expect(history.closedSince(0).map((row) => [row.id, row.closedAt])).toEqual([['taken', T0 + HOUR]]);
    history.close();
  });

  it('corrects a load it holds open only with what a line says later than the history last saw it', async () => {
    const history = await openHistory(file());
    history.recordRead([load('open')], T0);
    const said = (closedAt: number, price: number) =>
      JSON.stringify({
        id: 'open',
        title: 'Sement',
        fromLocation: { name: 'Toshkent' },
        toLocation: { name: 'Samarqand' },
        price,
        currency: 'UZS',
        createdAt: new Date(T0 - DAY).toISOString(),
        closedAt: new Date(closedAt).toISOString(),
      });
    // Closed before the build last saw it on the board: the build knows better.
    expect(await history.importLines([said(T0 - HOUR, 1)])).toMatchObject({ unchanged: 1 });
    expect(history.closedSince(0)).toEqual([]);
    // Closed after: the line knows what the history does not.
    expect(await history.importLines([said(T0 + 3 * HOUR, 6_000_000)])).toMatchObject({ updated: 1 });
    expect(history.closedSince(0).map((row) => [row.id, row.closedAt, row.lastSeen])).toEqual([['open', T0 + 3 * HOUR, T0 + 3 * HOUR]]);
    history.save();
    history.close();
    // When the builds first saw it stays.
    expect(historyRows(file())[0]).toMatchObject({ price: 6_000_000, firstSeen: T0 });
  });
});
