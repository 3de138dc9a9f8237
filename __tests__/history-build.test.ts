/**
 * The build's history steps (src/gatsby/board-history.ts) on real files: recorded after the read, written
 * only by onPostBuild's save, and an unreadable file stops the build with one line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { HISTORY_FILE_ERROR_ID, recordBoardHistory, saveBoardHistory } from '../src/gatsby/board-history';
import { openHistory } from '../src/history/store';
import { generateLoads } from '../tools/sample-api/data';

/** Gatsby's reporter as the build hands it over: what it was told, and a panic that stops. */
function reporter(): Reporter & { lines: string[]; panics: unknown[] } {
  const lines: string[] = [];
  const panics: unknown[] = [];
  return {
    lines,
    panics,
    info: (text: string) => lines.push(text),
    setErrorMap: () => undefined,
    panic: (details: unknown) => {
      panics.push(details);
      throw new Error('panic');
    },
  } as unknown as Reporter & { lines: string[]; panics: unknown[] };
}

let dir: string;
const env = { ...process.env };
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-build-'));
  process.env.HISTORY_FILE = path.join(dir, 'history.sqlite');
  process.env.HISTORY_NOW = '2026-11-25T06:00:00Z';
});
afterEach(() => {
  process.env = { ...env };
  fs.rmSync(dir, { recursive: true, force: true });
});

const loads = generateLoads(40).map((raw) => normalizeLoad(raw));

it('records the read in memory, logs one line, and writes the file only when the build finishes', async () => {
  const file = process.env.HISTORY_FILE as string;
  const first = reporter();
  const { history, now } = await recordBoardHistory(first, loads);
  expect(now).toBe(Date.parse('2026-11-25T06:00:00Z'));
  expect(history.stats()).toMatchObject({ loads: 40, open: 40 });
  expect(first.lines).toEqual([
    expect.stringMatching(/^Board history: 40 new, 0 seen again, 0 back, 0 left the board; 40 loads \(40 open\)/),
  ]);
  expect(fs.existsSync(file)).toBe(false);
  saveBoardHistory(first, history);
  const saved = fs.readFileSync(file);

  // The next build reads 30 of them and is cut off before onPostBuild: the file stays as it was.
  process.env.HISTORY_NOW = '2026-11-25T07:00:00Z';
  const cut = reporter();
  const next = await recordBoardHistory(cut, loads.slice(0, 30));
  expect(cut.lines[0]).toMatch(/^Board history: 0 new, 30 seen again, 0 back, 10 left the board;/);
  expect(next.history.closedSince(0)).toHaveLength(10);
  expect(fs.readFileSync(file).equals(saved)).toBe(true);
  const reopened = await openHistory(file, { readOnly: true });
  expect(reopened.stats()).toMatchObject({ loads: 40, open: 40 });
});

it('stops the build with one line naming an unreadable file, and leaves it untouched', async () => {
  const file = process.env.HISTORY_FILE as string;
  const bytes = Buffer.from('SQLite format 3\0'.padEnd(4096, 'x'));
  fs.writeFileSync(file, bytes);
  const build = reporter();
  await expect(recordBoardHistory(build, loads)).rejects.toThrow('panic');
  const [details] = build.panics as Array<{ id: string; context: { sourceMessage: string } }>;
  expect(details?.id).toBe(HISTORY_FILE_ERROR_ID);
  expect(details?.context.sourceMessage).toMatch(
    new RegExp(`^Board history ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be read: [^\\n]+$`),
  );
  expect(fs.readFileSync(file).equals(bytes)).toBe(true);
});
