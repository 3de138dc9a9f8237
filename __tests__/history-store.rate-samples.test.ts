import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeLoad } from '../src/api-client/normalize';
import { DAY_MS } from '../src/config/time';
import { openHistory } from '../src/history/store';
import type { RateSample } from '../src/history/types';
import { rateWindow } from '../src/rates/window';

/**
 * The store's read of the going rates' window (rateSamples): the one place that decides which loads
 * were on the board in a window and when each was posted, checked against a hand-made history in a
 * real SQLite file, load by load.
 */

const NOW = Date.UTC(2026, 10, 25, 12);
const WINDOW = rateWindow(NOW);

function load(id: string, extra: Record<string, unknown> = {}) {
  return normalizeLoad({
    id,
    title: 'Sement',
    fromLocation: { name: 'Toshkent' },
    toLocation: { name: 'Samarqand' },
    vehicleType: 'Tent',
    price: 1_000_000,
    currency: 'uzs',
    createdAt: new Date(NOW - 30 * DAY_MS).toISOString(),
    contactSource: 'contact',
    contact: { phoneNumber: '+998 90 111 11 11' },
    ...extra,
  });
}

describe('the going rates’ read of a window', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-samples-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the loads on the board in the window, each posted at its createdAt but never after it was first seen', async () => {
    const history = await openHistory(path.join(dir, 'history.sqlite'), { key: 'test-key' });
    // The API's dictionary of vehicle types, as a build reads it from /vehicle-types.
    history.addVehicleTypes(['Tent', 'Refrijerator']);
    const firstSeen = NOW - 20 * DAY_MS;
    const gone = load('gone');
    history.recordRead([gone], WINDOW.start - 30 * DAY_MS);
    history.recordRead([], WINDOW.start - DAY_MS);
    history.recordRead(
      [
        load('posted-before-seen', { createdAt: new Date(NOW - 30 * DAY_MS).toISOString(), price: 1 }),
        // An API clock ahead of the build's, or a wrong date: a createdAt after the window's end.
        load('posted-in-the-future', { createdAt: new Date(NOW + 3 * DAY_MS).toISOString(), price: 2, weight: 1.5 }),
        load('undated', { createdAt: null, price: 3, contact: null }),
        load('unknown-place', { toLocation: { name: 'Qayerdadir' }, price: 4 }),
        load('same-place', { toLocation: { name: 'Ташкент' }, price: 5 }),
      ],
      firstSeen,
    );
    const samples = history.rateSamples(WINDOW.start, WINDOW.end);
    history.close();
    const byPrice = (a: RateSample, b: RateSample) => (a.price ?? 0) - (b.price ?? 0);
    const poster = samples[0]?.poster;
    expect(poster).not.toBeNull();
    expect(samples.sort(byPrice)).toEqual([
      {
        from: 'toshkent',
        to: 'samarqand',
        vehicleType: 'Tent',
        weight: null,
        price: 1,
        currency: 'UZS',
        posted: NOW - 30 * DAY_MS,
        poster,
      },
      { from: 'toshkent', to: 'samarqand', vehicleType: 'Tent', weight: 1.5, price: 2, currency: 'UZS', posted: firstSeen, poster },
      { from: 'toshkent', to: 'samarqand', vehicleType: 'Tent', weight: null, price: 3, currency: 'UZS', posted: firstSeen, poster: null },
    ]);
  });
});
