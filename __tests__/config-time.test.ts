import { DAY_MS, tashkentDay, tashkentDayStart, tashkentWallClock } from '../src/config/time';

describe('Tashkent time', () => {
  it('names the Tashkent calendar day, which starts at 19:00 UTC the evening before', () => {
    expect(tashkentDay(Date.parse('2026-11-17T18:59:59Z'))).toBe('2026-11-17');
    expect(tashkentDay(Date.parse('2026-11-17T19:00:00Z'))).toBe('2026-11-18');
  });

  it('finds the midnight that began the day, the same for every moment of it', () => {
    const midnight = Date.parse('2026-11-17T19:00:00Z');
    expect(tashkentDayStart(midnight)).toBe(midnight);
    expect(tashkentDayStart(midnight + DAY_MS - 1)).toBe(midnight);
    expect(tashkentDayStart(midnight - 1)).toBe(midnight - DAY_MS);
  });

  it('gives nothing for a time that is not one', () => {
    expect(tashkentWallClock(Number.NaN)).toBeNull();
    expect(tashkentDay(8.64e15 + 1)).toBeNull();
  });
});
