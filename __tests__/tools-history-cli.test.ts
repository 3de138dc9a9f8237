/**
 * `npm run history -- import|stats|reset` as a person runs it: exit codes, the line a bad import names,
 * and the file left as it was.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pastLines } from '../tools/sample-api/past';

const CLI = path.resolve(__dirname, '../tools/history/cli.ts');
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-cli-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function history(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return historyIn(dir, ...args);
}

function historyIn(folder: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return historyWith({}, folder, ...args);
}

function historyWith(
  env: Record<string, string>,
  folder: string,
  ...args: string[]
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, HISTORY_FILE: path.join(folder, 'history.sqlite'), CI: 'true', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

it('imports a file, refuses one with a bad line 3 without changing the history, and resets', () => {
  const lines = [...pastLines({ end: Date.parse('2026-11-25T00:00:00Z'), days: 7 })];
  const good = path.join(dir, 'good.jsonl');
  fs.writeFileSync(good, `${lines.join('\n')}\n`);
  const imported = history('import', good);
  expect(imported.status).toBe(0);
  expect(imported.stdout).toContain(`${lines.length} new, 0 updated, 0 unchanged`);
  const before = fs.readFileSync(path.join(dir, 'history.sqlite'));

  const bad = path.join(dir, 'bad.jsonl');
  fs.writeFileSync(bad, [lines[0], lines[1], '{"id": 5, "createdAt": "2026-11-01T00:00:00Z", "closedAt": "soon"}', lines[2]].join('\n'));
  const refused = history('import', bad);
  expect(refused.status).toBe(1);
  expect(refused.stderr.trim()).toMatch(
    /^npm run history -- import: .*bad\.jsonl: line 3: closedAt is not an ISO time .*; nothing was imported$/,
  );
  expect(fs.readFileSync(path.join(dir, 'history.sqlite')).equals(before)).toBe(true);

  const stats = history('stats');
  expect(stats.stdout).toMatch(new RegExp(`loads +${lines.length} \\(0 open, ${lines.length} closed\\)`));

  fs.writeFileSync(path.join(dir, 'history.sqlite'), 'not a database');
  expect(history('stats').status).toBe(1);
  const reset = history('reset');
  expect(reset.status).toBe(0);
  expect(reset.stdout).toMatch(/replaced an unreadable file/);
  expect(history('stats').stdout).toMatch(/loads +0 /);
  // Six runs of tsx on a shared two-core machine.
}, 180_000);

/** A folder on another filesystem than the temporary folder (a tmpfs in /dev/shm on Linux), if there is one. */
function folderOnAnotherFilesystem(): string | null {
  try {
    if (fs.statSync('/dev/shm').dev === fs.statSync(os.tmpdir()).dev) return null;
    return fs.mkdtempSync('/dev/shm/history-cli-');
  } catch {
    return null;
  }
}

const elsewhere = folderOnAnotherFilesystem();

// Without a second filesystem the move across filesystems this guards cannot happen, and the test says so.
(elsewhere ? it : it.skip)(
  'resets a history on another filesystem than the temporary folder, leaving no working file anywhere',
  () => {
    const folder = elsewhere as string;
    try {
      const temporaryBefore = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('empty-history-'));
      fs.writeFileSync(path.join(folder, 'history.sqlite'), 'not a database');
      const reset = historyIn(folder, 'reset');
      expect(reset.stderr).toBe('');
      expect(reset.status).toBe(0);
      expect(fs.readdirSync(folder)).toEqual(['history.sqlite']);
      expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('empty-history-'))).toEqual(temporaryBefore);
      expect(historyIn(folder, 'stats').stdout).toMatch(/loads +0 /);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  60_000,
);

it('refuses another HISTORY_KEY in one line, and re-keys when asked to', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'history-cli-key-'));
  try {
    const lines = [...pastLines({ end: Date.parse('2026-11-25T00:00:00Z'), days: 2 })];
    const source = path.join(folder, 'past.jsonl');
    fs.writeFileSync(source, `${lines.join('\n')}\n`);
    expect(historyWith({ HISTORY_KEY: 'first-key' }, folder, 'import', source).status).toBe(0);
    const before = fs.readFileSync(path.join(folder, 'history.sqlite'));
    const refused = historyWith({ HISTORY_KEY: 'second-key' }, folder, 'import', source);
    expect(refused.status).toBe(1);
    expect(refused.stderr.split('\n').filter((line) => line.startsWith('npm run'))).toEqual([
      expect.stringMatching(
        /^npm run history -- import: Board history .*history\.sqlite was written with the key with fingerprint [0-9a-f]{16}, not with this HISTORY_KEY \(the key with fingerprint [0-9a-f]{16}\): set the key that wrote it, or re-key the history on purpose with npm run history -- rekey$/,
      ),
    ]);
    expect(fs.readFileSync(path.join(folder, 'history.sqlite')).equals(before)).toBe(true);
    const rekeyed = historyWith({ HISTORY_KEY: 'second-key' }, folder, 'rekey');
    expect(rekeyed.status).toBe(0);
    expect(rekeyed.stdout).toMatch(
      /^Re-keyed the board history in .* from the key with fingerprint [0-9a-f]{16} to the key with fingerprint [0-9a-f]{16}: \d+ poster hashes hashed again/,
    );
    const stats = historyWith({ HISTORY_KEY: 'second-key' }, folder, 'stats');
    expect(stats.status).toBe(0);
    expect(stats.stdout).toMatch(new RegExp(`loads +${lines.length} `));
    expect(historyWith({ HISTORY_KEY: 'first-key' }, folder, 'stats').status).toBe(1);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);
