/**
 * Kept searches on the phone (CONTRACT.md, "Saved searches"): what local storage holds, read back
 * whatever a broken or foreign value left there, at most five, each counted from when it was last opened.
 */
import {
  MAX_SAVED,
  SAVED_SEARCHES_KEY,
  keptQuery,
  readSaved,
  withOpened,
  withSaved,
  withoutSaved,
  writeSaved,
} from '../src/board/saved/saved-searches';
import { parseBoardQuery } from '../src/search/query';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const entry = (query: string) => ({ path: '/loads', query: keptQuery(parseBoardQuery(query)) });

describe('kept searches', () => {
  it('keep the search and filters on page 1, newest first, each once, at most five', () => {
    let saved = withSaved([], entry('?vehicle=Tent&page=4'), 1000);
    expect(saved).toEqual([{ ...entry('?vehicle=Tent'), openedAt: 1000, newSince: 1000 }]);
    expect(withSaved(saved, entry('?vehicle=tent'), 2000)).toHaveLength(1);
    for (let i = 0; i < 10; i += 1) saved = withSaved(saved, entry(`?weightMin=${i + 1}`), 2000 + i);
    expect(saved).toHaveLength(MAX_SAVED);
    expect(withoutSaved(saved, '/loads', '?vehicle=Tent')).toHaveLength(MAX_SAVED - 1);
  });

  it('count from the last opening, and mark new what came since the opening before', () => {
    const saved = withSaved([], entry('?vehicle=Tent'), 1_000_000);
    const opened = withOpened(saved, '/loads', '?vehicle=Tent', 5_000_000);
    expect(opened[0]).toMatchObject({ openedAt: 5_000_000, newSince: 1_000_000 });
    // A reload within a minute keeps the marks.
    expect(withOpened(opened, '/loads', '?vehicle=Tent', 5_030_000)[0]).toMatchObject({ openedAt: 5_030_000, newSince: 1_000_000 });
  });

  it('read back what was written, and nothing of a broken or foreign value', () => {
    const storage = memoryStorage();
    expect(writeSaved(storage, withSaved([], entry('?search=Toshkent'), 1))).toBe('saved');
    expect(readSaved(storage.getItem(SAVED_SEARCHES_KEY))).toHaveLength(1);
    for (const raw of [
      'not json',
      '{}',
      '[1,2]',
      JSON.stringify([{ path: 'https://evil.example', query: '', openedAt: 1, newSince: 1 }]),
      JSON.stringify([{ path: '/loads/from/<script>', query: '', openedAt: 1, newSince: 1 }]),
    ])
      expect(readSaved(raw)).toEqual([]);
    const edited = JSON.stringify([
      { path: '/loads', query: '?weightMin=abc&vehicle=Tent&vehicle=%3Cb%3E', openedAt: 1, newSince: 1, feed: 'javascript:alert(1)' },
    ]);
    expect(readSaved(edited)).toEqual([{ path: '/loads', query: '?vehicle=Tent', openedAt: 1, newSince: 1 }]);
  });

  it('keep no words: a search kept on a Russian city page is its path and query, named by whoever reads it', () => {
    const older = JSON.stringify([
      { path: '/loads/from/toshkent', query: '?vehicle=Tent', place: 'Грузы: Ташкент → все направления', openedAt: 1, newSince: 1 },
    ]);
    expect(readSaved(older)).toEqual([{ path: '/loads/from/toshkent', query: '?vehicle=Tent', openedAt: 1, newSince: 1 }]);
  });

  it("keep a route's destination radius as its page reads it, and no other list's", () => {
    const kept = JSON.stringify([
      { path: '/loads/route/toshkent/samarqand', query: '?near=25&nearTo=100', openedAt: 1, newSince: 1 },
      { path: '/loads/route/toshkent/samarqand', query: '?nearTo=0', openedAt: 1, newSince: 1 },
      { path: '/loads/from/toshkent', query: '?near=25&nearTo=100', openedAt: 1, newSince: 1 },
    ]);
    expect(readSaved(kept).map((entry) => entry.query)).toEqual(['?near=25&nearTo=100', '?nearTo=0', '?near=25']);
    // Two radii are two searches, a route's destination's as a city's.
    const route = '/loads/route/toshkent/samarqand';
    const both = withSaved(withSaved([], { path: route, query: '?nearTo=100' }, 1), { path: route, query: '?nearTo=50' }, 2);
    expect(both.map((entry) => entry.query)).toEqual(['?nearTo=50', '?nearTo=100']);
    const city = withSaved(
      withSaved([], { path: '/loads/from/toshkent', query: '?near=25' }, 1),
      { path: '/loads/from/toshkent', query: '?near=50' },
      2,
    );
    expect(city).toHaveLength(2);
  });

  it('leave the board working when the phone refuses to store', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeSaved(refusing, [])).toBe('refused');
    expect(writeSaved(null, [])).toBe('refused');
    expect(readSaved(null)).toEqual([]);
  });
});
