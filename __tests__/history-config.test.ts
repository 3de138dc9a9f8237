/**
 * The history's settings as the build and `npm run history` read them from the environment
 * (src/history/config.ts), and a HISTORY_FILE that names a folder: each refused in one clear line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVELOPMENT_HISTORY_KEY, historyKey, historyNow } from '../src/history/config';
import { HistoryFileError, openHistory } from '../src/history/store';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('HISTORY_KEY', () => {
  it('is the development key when unset or empty', () => {
    delete process.env.HISTORY_KEY;
    expect(historyKey()).toBe(DEVELOPMENT_HISTORY_KEY);
    process.env.HISTORY_KEY = '';
    expect(historyKey()).toBe(DEVELOPMENT_HISTORY_KEY);
  });

  it('takes a secret of some length', () => {
    process.env.HISTORY_KEY = '3f9c0b7a5e1d42c8a6b9e0f1d2c3b4a5';
    expect(historyKey()).toBe('3f9c0b7a5e1d42c8a6b9e0f1d2c3b4a5');
  });

  it.each([' ', 'x', '   x   ', 'short-key', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '12121212121212121212'])(
    'refuses %j in one line that says why and how to make one, never showing it',
    (key) => {
      process.env.HISTORY_KEY = key;
      let message = '';
      try {
        historyKey();
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(
        /^HISTORY_KEY is too (short|weak) to be the secret of the board history's poster hashes .*openssl rand -hex 32/,
      );
      expect(message).not.toContain('\n');
      if (key.trim().length > 1) expect(message).not.toContain(key.trim());
    },
  );
});

describe('HISTORY_FILE', () => {
  it('refuses a folder with one line naming it, not a bare EISDIR, and leaves the folder as it was', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'history-folder-'));
    try {
      for (const options of [{}, { readOnly: true }, { startEmpty: true }]) {
        const opened = openHistory(folder, options);
        await expect(opened).rejects.toBeInstanceOf(HistoryFileError);
        await expect(opened).rejects.toThrow(
          `Board history ${folder} cannot be read: it is a folder, not a file (HISTORY_FILE names the history file itself`,
        );
      }
      expect(fs.readdirSync(folder)).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('HISTORY_NOW', () => {
  it('pins the clock to a real ISO 8601 instant', () => {
    process.env.HISTORY_NOW = '2026-11-25T06:00:00Z';
    expect(historyNow()).toBe(Date.UTC(2026, 10, 25, 6));
    process.env.HISTORY_NOW = '2026-11-25T11:00:00+05:00';
    expect(historyNow()).toBe(Date.UTC(2026, 10, 25, 6));
    process.env.HISTORY_NOW = '2024-02-29T23:59:59.999Z';
    expect(historyNow()).toBe(Date.UTC(2024, 1, 29, 23, 59, 59, 999));
  });

  it.each([
    '1',
    'Dec 1',
    '2026-02-30T06:00:00Z',
    '2026-11-25',
    '2026-11-25T06:00:00',
    '2026-13-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '-000050-01-01T00:00:00Z',
    '2026-11-25T24:00:00Z',
  ])('refuses %j in one line', (pinned) => {
    process.env.HISTORY_NOW = pinned;
    expect(() => historyNow()).toThrow(/^HISTORY_NOW (is not an ISO time with a real date, a time and a zone|is before 2000)/);
  });

  it('refuses a time in the future: one build at 2099 would close every missing load in 2099', () => {
    process.env.HISTORY_NOW = '2099-01-01T00:00:00Z';
    expect(() => historyNow()).toThrow(/^HISTORY_NOW is later than .*: it may pin the clock back, never ahead/);
  });
});
