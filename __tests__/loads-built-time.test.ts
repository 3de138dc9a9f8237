/**
 * @jest-environment node
 */
import { builtTime, newestPosting } from '../src/loads/built-time';
import type { Load } from '../src/api-client/types';

const posted = (createdAt: string | null) => ({ createdAt }) as Load;

describe("the board's build time", () => {
  it('is the newest posting, so an unchanged board builds the same page twice', () => {
    const loads = [posted('2026-11-20T05:00:00Z'), posted('2026-11-20T05:59:42Z'), posted('2026-11-19T23:00:00Z')];
    expect(newestPosting(loads)).toBe(Date.parse('2026-11-20T05:59:42Z'));
    expect(newestPosting([...loads].reverse())).toBe(newestPosting(loads));
  });

  it('skips loads without a readable date, and has none for a board without one', () => {
    expect(newestPosting([posted(null), posted('not a date'), posted('2026-11-01T00:00:00Z')])).toBe(Date.parse('2026-11-01T00:00:00Z'));
    expect(newestPosting([posted(null)])).toBeUndefined();
    expect(newestPosting([])).toBeUndefined();
  });
});

describe('the time a place page was built', () => {
  it('is a day.month.year date and the hour in Tashkent, with the ISO instant for <time>', () => {
    expect(builtTime(Date.parse('2026-11-24T20:30:00Z'))).toEqual({ date: '25.11.2026', time: '01:30', iso: '2026-11-24T20:30:00.000Z' });
    expect(builtTime(Number.NaN)).toBeNull();
  });
});
