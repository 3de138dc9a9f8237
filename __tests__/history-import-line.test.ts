/**
 * An import line's times (src/history/import-line.ts): only real ISO 8601 instants, from 2000 to the
 * import's own time, each refused with its line number and nothing imported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImportLineError, parseImportLine } from '../src/history/import-line';
import { openHistory } from '../src/history/store';

const NOW = Date.UTC(2026, 10, 25, 6);
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ id: '48213', fromLocation: { name: 'Toshkent' }, toLocation: { name: 'Samarqand' }, price: 5_000_000, ...fields });

describe('the times of an import line', () => {
  it('takes real ISO 8601 instants, with a zone', () => {
    expect(parseImportLine(line({ createdAt: '2026-06-01T08:12:00Z', closedAt: '2026-06-04T20:40:00+05:00' }), 1, NOW)).toMatchObject({
      load: { createdAt: '2026-06-01T08:12:00.000Z' },
      closedAt: Date.UTC(2026, 5, 4, 15, 40),
    });
  });

  it.each([
    [{ createdAt: '1' }, /^line 4: createdAt is not an ISO time/],
    [{ createdAt: 'Dec 1' }, /^line 4: createdAt is not an ISO time/],
    [{ createdAt: '2026-06-01' }, /^line 4: createdAt is not an ISO time/],
    [{ createdAt: '2026-06-01T08:12:00' }, /^line 4: createdAt is not an ISO time/],
    [{ createdAt: 1780000000000 }, /^line 4: createdAt is not an ISO time/],
    [{ createdAt: '0001-01-01T00:00:00Z' }, /^line 4: createdAt is before 2000/],
    [{ createdAt: '-000050-01-01T00:00:00Z' }, /^line 4: createdAt is not an ISO time/],
    [{ createdAt: '+275760-09-13T00:00:00Z' }, /^line 4: createdAt is not an ISO time/],
    [{ createdAt: '2026-06-01T08:12:00Z', closedAt: '2026-02-30T10:00:00Z' }, /^line 4: closedAt is not an ISO time/],
    [{ createdAt: '2026-06-01T08:12:00Z', closedAt: '2099-01-01T00:00:00Z' }, /^line 4: closedAt .*is later than the import's own time/],
  ])('refuses %j with its line number', (fields, reason) => {
    expect(() => parseImportLine(line(fields), 4, NOW)).toThrow(ImportLineError);
    expect(() => parseImportLine(line(fields), 4, NOW)).toThrow(reason);
  });

  it('imports nothing of a file with one such line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-import-times-'));
    try {
      const history = await openHistory(path.join(dir, 'history.sqlite'));
      const lines = [line({ id: 'a', createdAt: '2026-06-01T08:12:00Z' }), line({ id: 'b', createdAt: '0001-01-01T00:00:00Z' })];
      await expect(history.importLines(lines, { now: NOW })).rejects.toThrow(/^line 2: createdAt is before 2000/);
      expect(history.loadCounts().loads).toBe(0);
      history.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
