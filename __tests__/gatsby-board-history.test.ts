/**
 * The build's history steps (src/gatsby/board-history.ts) on real files: recorded after the read, written
 * only by onPostBuild's save; an unreadable file, another key and an empty read while loads are open
 * stop the build with one line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter } from 'gatsby';
import { normalizeLoad } from '../src/api-client/normalize';
import { EMPTY_BOARD_ERROR_ID, HISTORY_FILE_ERROR_ID, recordBoardHistory, saveBoardHistory } from '../src/gatsby/board-history';
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

describe('an empty read while the history holds open loads', () => {
  async function historyOf40OpenLoads(): Promise<Buffer> {
    const build = reporter();
    const { history } = await recordBoardHistory(build, loads);
    saveBoardHistory(build, history);
    return fs.readFileSync(process.env.HISTORY_FILE as string);
  }

  it('stops the build with one line naming the API, and leaves the history as it was', async () => {
    process.env.GATSBY_API_URL = 'https://api.example.uz/api';
    const bytes = await historyOf40OpenLoads();
    const build = reporter();
    await expect(recordBoardHistory(build, [])).rejects.toThrow('panic');
    const [details] = build.panics as Array<{ id: string; context: { sourceMessage: string } }>;
    expect(details?.id).toBe(EMPTY_BOARD_ERROR_ID);
    expect(details?.context.sourceMessage).toBe(
      'https://api.example.uz/api/loads answered an empty board while the board history holds 40 open loads: not publishing a board with every load gone (an API fault looks like this; ALLOW_EMPTY_BOARD=1 publishes an empty board on purpose)',
    );
    expect(fs.readFileSync(process.env.HISTORY_FILE as string).equals(bytes)).toBe(true);
    // The history is not left locked: the next build opens it.
    const next = await openHistory(process.env.HISTORY_FILE as string, { lockWaitMs: 0 });
    expect(next.stats()).toMatchObject({ open: 40 });
    next.close();
  });

  it('publishes an empty board when the operator says so, every load then closed', async () => {
    await historyOf40OpenLoads();
    process.env.ALLOW_EMPTY_BOARD = '1';
    const build = reporter();
    const { history } = await recordBoardHistory(build, []);
    expect(build.lines[0]).toMatch(/^Board history: 0 new, 0 seen again, 0 back, 40 left the board;/);
    history.close();
  });

  it('is no fault when the history holds no open load', async () => {
    const build = reporter();
    const { history } = await recordBoardHistory(build, []);
    expect(build.panics).toEqual([]);
    history.close();
  });
});

it('stops the build with one line when the history was written with another HISTORY_KEY', async () => {
  process.env.HISTORY_KEY = 'production-history-key';
  const build = reporter();
  const { history } = await recordBoardHistory(build, loads);
  saveBoardHistory(build, history);
  delete process.env.HISTORY_KEY;
  const keyless = reporter();
  await expect(recordBoardHistory(keyless, loads)).rejects.toThrow('panic');
  const [details] = keyless.panics as Array<{ id: string; context: { sourceMessage: string } }>;
  expect(details?.id).toBe(HISTORY_FILE_ERROR_ID);
  expect(details?.context.sourceMessage).toMatch(
    /^Board history .* was written with the key with fingerprint [0-9a-f]{16}, not with this HISTORY_KEY \(the development key\): .*npm run history -- rekey$/,
  );
});

it('stops the build with one line when HISTORY_KEY is a space, before the history is opened', async () => {
  process.env.HISTORY_KEY = ' ';
  const build = reporter();
  try {
    await expect(recordBoardHistory(build, loads)).rejects.toThrow('panic');
  } finally {
    delete process.env.HISTORY_KEY;
  }
  const [details] = build.panics as Array<{ id: string; context: { sourceMessage: string } }>;
  expect(details?.id).toBe(HISTORY_FILE_ERROR_ID);
  expect(details?.context.sourceMessage).toMatch(/^HISTORY_KEY is too short to be the secret of the board history's poster hashes/);
});
