/**
 * @jest-environment node
 */
import { newestPosting } from '../src/loads/built-time';
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
