/**
 * The sample API's past (tools/sample-api/past.ts) as the history holds it after `npm start`'s import:
 * enough loads on the busy routes for going rates, closed at a board's rates, and no personal data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openHistory } from '../src/history/store';
import { pastLines, pastLoads } from '../tools/sample-api/past';
import type { HistoryLoad } from '../src/history/types';
import { historyRows } from './support/history-rows';

const DAY = 86_400_000;
const END = Date.parse('2027-03-15T00:00:00Z');

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-past-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

it('is the same for the same end', () => {
  const a = [...pastLines({ end: END, days: 10 })];
  expect(a.length).toBeGreaterThan(200);
  expect([...pastLines({ end: END, days: 10 })]).toEqual(a);
});

describe('imported', () => {
  let rows: HistoryLoad[];
  let file: string;
  beforeAll(async () => {
    file = path.join(dir, 'past.sqlite');
    const history = await openHistory(file);
    await history.importLines(pastLines({ end: END }), { now: END });
    history.save();
    // On the board at some time of the 90 days before the end.
    rows = historyRows(file).filter((row) => row.closedAt === null || row.closedAt >= END - 90 * DAY);
    history.close();
  });

  it('gives the ten busiest routes of the last 90 days at least 7 loads from at least 3 posters, in UZS and USD', () => {
    const routes = new Map<string, HistoryLoad[]>();
    for (const row of rows) {
      if (!row.fromKnown || !row.toKnown) continue;
      const key = `${row.from}/${row.to}`;
      routes.set(key, [...(routes.get(key) ?? []), row]);
    }
    const busiest = [...routes.values()].sort((a, b) => b.length - a.length).slice(0, 10);
    for (const loads of busiest) {
      expect(loads.length).toBeGreaterThanOrEqual(7);
      expect(new Set(loads.map((row) => row.posterHash)).size).toBeGreaterThanOrEqual(3);
      expect(loads.some((row) => row.currency === 'UZS')).toBe(true);
    }
    expect(busiest.filter((loads) => loads.some((row) => row.currency === 'USD')).length).toBeGreaterThanOrEqual(5);
  });

  it('closes most loads within 2 to 7 days, all before the end', () => {
    const lives = rows.map((row) => ((row.closedAt as number) - Date.parse(row.createdAt as string)) / DAY);
    expect(rows.every((row) => row.closedAt !== null && row.closedAt < END)).toBe(true);
    const inRange = lives.filter((days) => days >= 2 && days <= 7).length;
    expect(inRange / lives.length).toBeGreaterThan(0.6);
  });

  it('keeps no name, phone or username of the lines in the file', () => {
    const bytes = fs.readFileSync(file).toString('utf8');
    const secrets = new Set<string>();
    for (const load of pastLoads({ end: END, days: 20 })) {
      for (const value of [
        load.contact?.name,
        load.contact?.phoneNumber,
        load.contact?.phoneNumber?.replace(/\D/g, ''),
        load.contact?.telegramUsername,
        load.user?.phoneNumber,
        load.user?.username,
        load.user ? `${load.user.firstName} ${load.user.lastName}` : undefined,
      ]) {
        if (value) secrets.add(value);
      }
    }
    expect(secrets.size).toBeGreaterThan(200);
    expect([...secrets].filter((secret) => bytes.includes(secret))).toEqual([]);
  });
});
