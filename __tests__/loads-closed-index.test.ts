/**
 * @jest-environment node
 *
 * The closed-load index (docs/closed-loads.md): the shard hash, the build's writer with
 * its 30-day edge, the lead-on choice, and what the browser's reader accepts from a shard. The closed
 * loads come from a real history file (src/history/store.ts), closed by a later read as in a rebuild.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { normalizeLoad } from '../src/api-client/normalize';
import { CLOSED_LOAD_KEEP_MS, CLOSED_LOAD_SHARDS } from '../src/config/constants';
import { closedLoadShardPath } from '../src/config/routes';
import { chooseLeadOn, closedLoadShards, leadOnPagesOf, writeClosedLoadShards, type LeadOnPages } from '../src/gatsby/closed-loads';
import { groupBuildLoads } from '../src/loads/gazetteer-groups';
import { openHistory } from '../src/history/store';
import type { ClosedLoad } from '../src/history/types';
import {
  closedShardOf,
  closedShardPathOf,
  findClosedLoad,
  fnv1a32,
  readClosedEntry,
  type ClosedLoadEntry,
} from '../src/loads/closed-index';
import { anyField, HOSTILE_SNIPPETS } from './support/hostile';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const BUILD_TIME = Date.parse('2026-11-25T06:00:00Z');

let dir = '';
let histories = 0;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'closed-loads-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function apiLoad(id: string, from: string, to: string, title = 'Sement') {
  return normalizeLoad({
    id,
    title,
    vehicleType: { id: 1, name: 'Tent' },
    weight: 20,
    volume: 86,
    price: 6_500_000,
    currency: "so'm",
    fromLocation: { name: from },
    toLocation: { name: to },
    loadingDate: '2026-10-30T00:00:00Z',
    createdAt: '2026-10-20T08:00:00Z',
  });
}

/** Loads seen by one read and gone at the next, closed at `closedAt`, from a real history file. */
async function closedThrough(loads: ReturnType<typeof apiLoad>[], closedAt: number): Promise<ClosedLoad[]> {
  histories += 1;
  const history = await openHistory(path.join(dir, `history-${histories}.sqlite`));
  history.addVehicleTypes(['Tent']);
  history.recordRead(loads, closedAt - 6 * HOUR);
  history.recordRead([], closedAt);
  const closed = history.closedSince(0).filter((load) => loads.some((read) => read.id === load.id));
  history.close();
  return closed;
}

/** Byte by byte over Node's own UTF-8, as the algorithm is written down. */
function referenceFnv(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Number((BigInt(hash ^ byte) * 0x01000193n) & 0xffffffffn);
  return hash;
}

function shardJson(files: Map<number, string>, id: string): unknown {
  return JSON.parse(files.get(closedShardOf(id)) ?? 'null') as unknown;
}

describe('the shard hash', () => {
  it('is FNV-1a 32 over UTF-8: the published vectors and any text, Cyrillic and astral characters included', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    // Any code point but lone surrogates (no UTF-8 form; an id never has one).
    const codePoint = fc.oneof(fc.integer({ min: 0, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff }));
    const text = fc.array(codePoint, { maxLength: 24 }).map((codes) => String.fromCodePoint(...codes));
    fc.assert(fc.property(text, (id) => fnv1a32(id) === referenceFnv(id)));
  });

  it('puts an id in one of the fixed files, and the browser asks for the file the build wrote it to', async () => {
    const closed = await closedThrough([apiLoad('1001', 'Toshkent', 'Samarqand'), apiLoad('ёк-7', 'Buxoro', 'Navoiy')], BUILD_TIME - DAY);
    const shards = closedLoadShards(closed, BUILD_TIME, leadOnPagesOf(groupBuildLoads([])));
    writeClosedLoadShards(dir, shards);
    for (const id of ['1001', 'ёк-7']) {
      const shard = closedShardOf(id);
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(CLOSED_LOAD_SHARDS);
      expect(closedShardPathOf(id)).toBe(closedLoadShardPath(shard));
      const file = JSON.parse(fs.readFileSync(path.join(dir, closedShardPathOf(id)), 'utf8')) as unknown;
      expect(findClosedLoad(file, id, BUILD_TIME)?.id).toBe(id);
    }
  });
});

describe('the index the build writes', () => {
  it('holds the loads closed within 30 days of the build: 29 days 23 hours in, 30 days 1 hour out', async () => {
    const inside = await closedThrough([apiLoad('in', 'Toshkent', 'Samarqand')], BUILD_TIME - 29 * DAY - 23 * HOUR);
    const outside = await closedThrough([apiLoad('out', 'Toshkent', 'Samarqand')], BUILD_TIME - 30 * DAY - HOUR);
    const { files, loads } = closedLoadShards([...inside, ...outside], BUILD_TIME, leadOnPagesOf(groupBuildLoads([])));
    expect(loads).toBe(1);
    expect(findClosedLoad(shardJson(files, 'in'), 'in', BUILD_TIME)).not.toBeNull();
    expect(files.has(closedShardOf('out')) && findClosedLoad(shardJson(files, 'out'), 'out', BUILD_TIME)).toBeFalsy();
  });

  it('leaves out a load that is open again (the build has just read it) and one the history holds open', async () => {
    const closed = await closedThrough([apiLoad('back', 'Toshkent', 'Samarqand')], BUILD_TIME - DAY);
    const open = { ...(closed[0] as ClosedLoad), id: 'open', closedAt: null };
    const { loads } = closedLoadShards([...closed, open], BUILD_TIME, leadOnPagesOf(groupBuildLoads([])), new Set(['back']));
    expect(loads).toBe(0);
  });

  it('keeps what the page describes the load by: names in every language, its fields, dates, last seen and closing time', async () => {
    const closedAt = BUILD_TIME - 2 * DAY;
    const closed = await closedThrough(
      [apiLoad('1001', 'Тошкент', 'Qarshi, Qashqadaryo viloyati'), apiLoad('1002', 'Gorod Y', 'Samarqand')],
      closedAt,
    );
    const { files } = closedLoadShards(closed, BUILD_TIME, leadOnPagesOf(groupBuildLoads([])));
    const known = findClosedLoad(shardJson(files, '1001'), '1001', BUILD_TIME) as ClosedLoadEntry;
    expect(known).toMatchObject({
      from: { uz: 'Toshkent', 'uz-Cyrl': 'Тошкент', ru: 'Ташкент' },
      to: { uz: 'Qarshi', 'uz-Cyrl': 'Қарши', ru: 'Карши' },
      vehicleType: 'Tent',
      weight: 20,
      volume: 86,
      price: 6_500_000,
      currency: 'UZS',
      closedAt,
      lastSeen: closedAt - 6 * HOUR,
    });
    // Nothing the poster wrote: no title.
    expect(JSON.stringify(shardJson(files, '1001'))).not.toContain('Sement');
    expect(Date.parse(known.loadingDate ?? '')).toBe(Date.parse('2026-10-30T00:00:00Z'));
    expect(Date.parse(known.createdAt ?? '')).toBe(Date.parse('2026-10-20T08:00:00Z'));
    // A place the site does not know is unknown in every language: its text was the poster's.
    expect(findClosedLoad(shardJson(files, '1002'), '1002', BUILD_TIME)?.from).toEqual({ uz: '', 'uz-Cyrl': '', ru: '' });
  });

  it('publishes only currencies the site knows, numbers a load can have, and ids that look like ids, whatever the history holds', () => {
    const entry: ClosedLoad = {
      id: '2001',
      from: 'toshkent',
      fromKnown: true,
      to: 'samarqand',
      toKnown: true,
      vehicleType: 'Tent',
      weight: 20,
      volume: 86,
      price: 6_500_000,
      currency: 'UZS',
      loadingDate: null,
      createdAt: null,
      lastSeen: BUILD_TIME - 3 * DAY,
      closedAt: BUILD_TIME - 2 * DAY,
    };
    // As a file an older code wrote could hold them: typed text as a currency, a phone as a price or a weight, a phone as an id.
    const held: ClosedLoad[] = [
      { ...entry, id: '2002', currency: 'ALI' },
      { ...entry, id: '2003', currency: 'U\u0396S' },
      { ...entry, id: '2004', currency: 'UZ\u0421' },
      { ...entry, id: '2005', price: 998_901_234_567, weight: 998_901_234_567, volume: 998_901_234_567 },
      { ...entry, id: '+998901234567' },
      { ...entry, id: 'a'.repeat(200) },
      entry,
    ];
    const { files, loads } = closedLoadShards(held, BUILD_TIME, leadOnPagesOf(groupBuildLoads([])));
    expect(loads).toBe(5);
    const published = (id: string) => findClosedLoad(shardJson(files, id), id, BUILD_TIME);
    expect(published('2001')).toMatchObject({ currency: 'UZS', price: 6_500_000, weight: 20, volume: 86 });
    for (const id of ['2002', '2003', '2004']) expect(published(id)).toMatchObject({ currency: '', price: 6_500_000 });
    expect(published('2005')).toMatchObject({ price: null, weight: null, volume: null });
    const all = [...files.values()].join('');
    expect(all).not.toContain('998901234567');
    expect(all).not.toContain('aaaaaaaaaa');
    expect(all).not.toMatch(/ALI|\u0396|UZ\u0421/);
  });

  it('writes only non-empty shards, rewrites none when nothing changed, and removes shards that emptied', async () => {
    const closed = await closedThrough(
      Array.from({ length: 50 }, (_, index) => apiLoad(String(2000 + index), 'Toshkent', 'Samarqand')),
      BUILD_TIME - DAY,
    );
    const pages = leadOnPagesOf(groupBuildLoads([]));
    const first = writeClosedLoadShards(dir, closedLoadShards(closed, BUILD_TIME, pages));
    const written = fs.readdirSync(path.join(dir, 'closed-loads'));
    expect(first).toMatchObject({ loads: 50, written: written.length, removed: 0 });
    expect(written.length).toBe(new Set(closed.map((load) => closedShardOf(load.id))).size);
    expect(first.medianGzipBytes).toBeGreaterThan(0);
    expect(first.largestGzipBytes).toBeGreaterThanOrEqual(first.medianGzipBytes);
    expect(writeClosedLoadShards(dir, closedLoadShards(closed, BUILD_TIME, pages))).toMatchObject({ written: 0, removed: 0 });
    // A month later every one of them is past the window: the folder empties.
    const later = writeClosedLoadShards(dir, closedLoadShards(closed, BUILD_TIME + 31 * DAY, pages));
    expect(later).toMatchObject({ shards: 0, written: 0, removed: written.length });
    expect(fs.readdirSync(path.join(dir, 'closed-loads'))).toEqual([]);
  });
});

describe('where a closed load leads on', () => {
  const board = [apiLoad('1', 'Toshkent', 'Samarqand'), apiLoad('2', 'Buxoro', 'Navoiy')];
  const pages: LeadOnPages = leadOnPagesOf(groupBuildLoads(board));
  const known = (from: string, to: string) => ({ from, fromKnown: true, to, toKnown: true });

  it('to the route page when the build made it', () => {
    expect(chooseLeadOn(known('toshkent', 'samarqand'), pages)).toEqual({ kind: 'route', path: '/loads/route/toshkent/samarqand' });
  });

  it('to the route page of a route with a going rate, which the build makes with no open loads', () => {
    const withRated = leadOnPagesOf(groupBuildLoads(board), [{ from: 'toshkent', to: 'andijon' }]);
    expect(chooseLeadOn(known('toshkent', 'andijon'), withRated)).toEqual({ kind: 'route', path: '/loads/route/toshkent/andijon' });
  });

  it("else to the origin's city page", () => {
    expect(chooseLeadOn(known('toshkent', 'andijon'), pages)).toEqual({ kind: 'from', path: '/loads/from/toshkent' });
    expect(chooseLeadOn({ from: 'buxoro', fromKnown: true, to: 'Gorod Y', toKnown: false }, pages)).toEqual({
      kind: 'from',
      path: '/loads/from/buxoro',
    });
  });

  it('else to the board searched for the origin by its name in the page language, or the whole board for an unknown origin', () => {
    expect(chooseLeadOn(known('andijon', 'toshkent'), pages)).toEqual({ kind: 'search' });
    expect(chooseLeadOn({ from: '', fromKnown: false, to: 'samarqand', toKnown: true }, pages)).toEqual({ kind: 'search' });
  });
});

/** Every field of the type the page renders it as (text is text: React escapes it). */
function wellTyped(entry: ClosedLoadEntry): boolean {
  const names = (value: unknown) =>
    typeof value === 'object' && value !== null && Object.values(value).every((name) => typeof name === 'string');
  const isoOrNull = (value: unknown) => value === null || (typeof value === 'string' && Number.isFinite(Date.parse(value)));
  return (
    typeof entry.id === 'string' &&
    names(entry.from) &&
    names(entry.to) &&
    typeof entry.vehicleType === 'string' &&
    [entry.weight, entry.volume, entry.price].every((value) => value === null || Number.isFinite(value)) &&
    /^(?:\p{Lu}{3})?$/u.test(entry.currency) &&
    isoOrNull(entry.loadingDate) &&
    isoOrNull(entry.createdAt) &&
    Number.isFinite(entry.lastSeen) &&
    Number.isFinite(entry.closedAt)
  );
}

describe('what the browser accepts from a shard', () => {
  const good: ClosedLoadEntry = {
    id: '7',
    from: { uz: 'Toshkent', 'uz-Cyrl': 'Тошкент', ru: 'Ташкент' },
    to: { uz: 'Samarqand', 'uz-Cyrl': 'Самарқанд', ru: 'Самарканд' },
    vehicleType: 'Tent',
    weight: 20,
    volume: null,
    price: 6_500_000,
    currency: 'UZS',
    loadingDate: '2026-11-20T00:00:00.000Z',
    createdAt: '2026-11-19T08:00:00.000Z',
    lastSeen: BUILD_TIME - DAY,
    closedAt: BUILD_TIME - DAY + HOUR,
    leadOn: { kind: 'route', path: '/loads/route/toshkent/samarqand' },
  };
  const shard = (...loads: unknown[]) => ({ version: 2, loads });

  it('an entry closed at most 30 days ago at the reader’s clock', () => {
    expect(findClosedLoad(shard(good), '7', good.closedAt + 29 * DAY + 23 * HOUR)).toEqual(good);
    expect(findClosedLoad(shard(good), '7', good.closedAt + 30 * DAY + HOUR)).toBeNull();
    expect(findClosedLoad(shard(good), '7', good.closedAt + CLOSED_LOAD_KEEP_MS)).toEqual(good);
    expect(findClosedLoad(shard(good), '8', good.closedAt)).toBeNull();
  });

  it('nothing from a file that is not a shard: broken JSON parsed as text, other versions, wrong shapes', () => {
    for (const file of [
      null,
      'not json',
      42,
      [],
      {},
      // A shard of an older build (it still had a title): not this version.
      { version: 1, loads: [{ ...good, title: 'Sement' }] },
      { version: 3, loads: [good] },
      { version: 2, loads: {} },
      { version: 2, loads: [null, 7, 'x'] },
    ]) {
      expect(findClosedLoad(file, '7', good.closedAt)).toBeNull();
    }
  });

  it('nothing from an entry with a field missing or of another type, whatever it holds', () => {
    for (const key of Object.keys(good) as Array<keyof ClosedLoadEntry>) {
      if (key === 'id') continue;
      const { [key]: _dropped, ...missing } = good;
      expect(readClosedEntry(missing)).toBeNull();
    }
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(good) as Array<keyof ClosedLoadEntry>)), anyField, (key, value) => {
        const entry = readClosedEntry({ ...good, [key]: value });
        return entry === null || wellTyped(entry);
      }),
    );
  });

  it('no lead-on link that leaves the site or runs script', () => {
    for (const pathText of [
      'javascript:alert(1)',
      '//evil.example/loads/from/x',
      '/loads/from/x?y=<script>',
      'https://evil.example/',
      '/loads/route/a',
      '/applink',
    ]) {
      expect(readClosedEntry({ ...good, leadOn: { kind: 'route', path: pathText } })).toBeNull();
      expect(readClosedEntry({ ...good, leadOn: { kind: 'from', path: pathText } })).toBeNull();
    }
    expect(readClosedEntry({ ...good, leadOn: { kind: 'from', path: '/loads/route/a/b' } })).toBeNull();
    // A text beside a search is not read: the page searches for the origin's name in its own language.
    expect(readClosedEntry({ ...good, leadOn: { kind: 'search', text: HOSTILE_SNIPPETS[0] } })?.leadOn).toEqual({ kind: 'search' });
    expect(readClosedEntry({ ...good, currency: 'so’m' })).toBeNull();
  });
});
