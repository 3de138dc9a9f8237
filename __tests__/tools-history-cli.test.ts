/**
 * `npm run history -- import|stats|reset` as a person runs it: exit codes, the line a bad import names,
 * and the file left as it was.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startApi } from '../tools/harness/sample-api';
import { pastLines } from '../tools/sample-api/past';
import { historyRows } from './support/history-rows';

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
    // No API: an import checks vehicle types against the history's own list (jest's sample API may run in
    // the very process this call blocks).
    env: { ...process.env, HISTORY_FILE: path.join(folder, 'history.sqlite'), CI: 'true', GATSBY_API_URL: '', ...env },
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

it('refuses a folder as HISTORY_FILE, and a key of one space, each in one line naming what is wrong', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'history-cli-folder-'));
  try {
    fs.mkdirSync(path.join(folder, 'history.sqlite'));
    for (const command of ['stats', 'reset']) {
      const refused = historyIn(folder, command);
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `npm run history -- ${command}: Board history ${path.join(folder, 'history.sqlite')} cannot be read: it is a folder, not a file (HISTORY_FILE names the history file itself, e.g. ${path.join(folder, 'history.sqlite', '.board-history.sqlite')})`,
      );
    }
    fs.rmdirSync(path.join(folder, 'history.sqlite'));
    const weak = historyWith({ HISTORY_KEY: ' ' }, folder, 'reset');
    expect(weak.status).toBe(1);
    expect(weak.stderr.trim()).toMatch(/^npm run history -- reset: HISTORY_KEY is too short to be the secret .*openssl rand -hex 32/);
    expect(fs.readdirSync(folder)).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);

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
    expect(historyWith({ HISTORY_KEY: 'first-history-key-0123' }, folder, 'import', source).status).toBe(0);
    const before = fs.readFileSync(path.join(folder, 'history.sqlite'));
    const refused = historyWith({ HISTORY_KEY: 'second-history-key-4567' }, folder, 'import', source);
    expect(refused.status).toBe(1);
    expect(refused.stderr.split('\n').filter((line) => line.startsWith('npm run'))).toEqual([
      expect.stringMatching(
        /^npm run history -- import: Board history .*history\.sqlite was written with the key with fingerprint [0-9a-f]{16}, not with this HISTORY_KEY \(the key with fingerprint [0-9a-f]{16}\): set the key that wrote it, or re-key the history on purpose with npm run history -- rekey$/,
      ),
    ]);
    expect(fs.readFileSync(path.join(folder, 'history.sqlite')).equals(before)).toBe(true);
    const rekeyed = historyWith({ HISTORY_KEY: 'second-history-key-4567' }, folder, 'rekey');
    expect(rekeyed.status).toBe(0);
    expect(rekeyed.stdout).toMatch(
      /^Re-keyed the board history in .* from the key with fingerprint [0-9a-f]{16} to the key with fingerprint [0-9a-f]{16}: \d+ poster hashes hashed again/,
    );
    const stats = historyWith({ HISTORY_KEY: 'second-history-key-4567' }, folder, 'stats');
    expect(stats.status).toBe(0);
    expect(stats.stdout).toMatch(new RegExp(`loads +${lines.length} `));
    expect(historyWith({ HISTORY_KEY: 'first-history-key-0123' }, folder, 'stats').status).toBe(1);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);

describe('a failed command leaves the history file byte for byte as it was', () => {
  let folder: string;
  let file: string;
  const past = (days: number, end = '2026-11-25T00:00:00Z') => [...pastLines({ end: Date.parse(end), days })];
  const hash = () => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const run = (env: Record<string, string>, ...args: string[]) => historyWith(env, folder, ...args);
  const importLine = (id: string) =>
    JSON.stringify({ id, fromLocation: { name: 'Toshkent' }, toLocation: { name: 'Samarqand' }, createdAt: '2026-11-24T06:00:00Z' });

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'history-cli-failed-'));
    file = path.join(folder, 'history.sqlite');
    const source = path.join(folder, 'past.jsonl');
    fs.writeFileSync(source, `${past(30).join('\n')}\n`);
    expect(run({}, 'import', source).status).toBe(0);
  });
  afterEach(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** Breaks a leaf page of the loads table in the middle of the file, where a new id sorting last is not read. */
  function damageAPage(): void {
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    const pages = bytes.length / pageSize;
    // A leaf of an index b-tree (WITHOUT ROWID tables are stored as one) holding loads' rows (their places).
    const leaf = Array.from({ length: pages }, (_, page) => page).find(
      (page) =>
        page > pages / 3 && bytes[page * pageSize] === 0x0a && bytes.subarray(page * pageSize, (page + 1) * pageSize).includes('toshkent'),
    );
    if (leaf === undefined) throw new Error('no leaf page of loads in the middle of the file');
    bytes.fill(0xff, leaf * pageSize, leaf * pageSize + 16);
    fs.writeFileSync(file, bytes);
  }

  it('an import into a history with damaged pages: one line, exit 1, the file unchanged', () => {
    damageAPage();
    const before = hash();
    const source = path.join(folder, 'one.jsonl');
    fs.writeFileSync(source, `${importLine('zzz-after-every-id')}\n`);
    const failed = run({}, 'import', source);
    expect(failed.status).toBe(1);
    expect(failed.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^npm run history -- import: Board history .* cannot be read: damaged \(/),
    ]);
    expect(hash()).toBe(before);
    expect(fs.readdirSync(folder).sort()).toEqual(['history.sqlite', 'one.jsonl', 'past.jsonl']);
  }, 60_000);

  it.each([
    ['copy', /the disk is full \(ENOSPC: no space left on device, copyfile/],
    ['sqlite', /the disk is full \(database or disk is full\)/],
  ])(
    'a full disk during an import (%s): one line naming the file, the file unchanged',
    (at, cause) => {
      const before = hash();
      const source = path.join(folder, 'more.jsonl');
      fs.writeFileSync(source, `${past(30, '2026-10-26T00:00:00Z').join('\n')}\n`);
      const failed = historyPreloaded({ DISK_FULL_AT: at }, 'import', source);
      expect(failed.status).toBe(1);
      const [line, ...rest] = failed.stderr.trim().split('\n');
      expect(rest).toEqual([]);
      expect(line).toMatch(new RegExp(`^npm run history -- import: Board history ${escaped(file)} cannot be written: `));
      expect(line).toMatch(cause);
      expect(line).toMatch(/nothing was changed: free some space on that disk and run it again$/);
      expect(hash()).toBe(before);
      expect(fs.readdirSync(folder).sort()).toEqual(['history.sqlite', 'more.jsonl', 'past.jsonl']);
    },
    60_000,
  );

  /** The command with the disk-full preload (support/disk-full.cjs). */
  function historyPreloaded(env: Record<string, string>, ...args: string[]): { status: number | null; stderr: string } {
    const result = spawnSync(
      process.execPath,
      ['--require', path.join(__dirname, 'support', 'disk-full.cjs'), '--import', 'tsx', CLI, ...args],
      {
        encoding: 'utf8',
        env: { ...process.env, HISTORY_FILE: file, CI: 'true', GATSBY_API_URL: '', ...env },
      },
    );
    return { status: result.status, stderr: result.stderr };
  }
});

it('refuses an import line dated after the import, naming its line, and imports nothing', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'history-cli-future-'));
  try {
    const [first, second] = [...pastLines({ end: Date.parse('2026-11-25T00:00:00Z'), days: 2 })];
    const future = JSON.stringify({
      id: 'future',
      fromLocation: { name: 'Toshkent' },
      createdAt: '2026-11-20T06:00:00Z',
      closedAt: '2099-01-01T00:00:00Z',
    });
    const source = path.join(folder, 'future.jsonl');
    fs.writeFileSync(source, [first, future, second].join('\n'));
    const refused = historyIn(folder, 'import', source);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^npm run history -- import: .*future\.jsonl: line 2: closedAt 2099-01-01T00:00:00\.000Z is later than the import's own time \d{4}-.*; nothing was imported$/,
    );
    expect(fs.existsSync(path.join(folder, 'history.sqlite'))).toBe(false);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);

it("keeps an imported load's vehicle type only when the API's /vehicle-types names it", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'history-cli-types-'));
  const api = await startApi({ port: 0, host: '127.0.0.1', quiet: true });
  try {
    const line = (id: string, vehicle: string) =>
      JSON.stringify({ id, vehicleType: { name: vehicle }, fromLocationName: 'Toshkent', createdAt: '2026-11-20T06:00:00Z' });
    const source = path.join(folder, 'typed.jsonl');
    fs.writeFileSync(source, [line('listed', 'fura 20T'), line('typed', 'Fura, Rustam 90 123 45 67')].join('\n'));
    // Run without blocking this process, which answers for the API.
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, 'import', source], {
      env: { ...process.env, HISTORY_FILE: path.join(folder, 'history.sqlite'), CI: 'true', GATSBY_API_URL: api.url },
    });
    expect(stderr).toBe('');
    expect(stdout).toContain('2 new');
    expect(historyRows(path.join(folder, 'history.sqlite')).map((row) => [row.id, row.vehicleType])).toEqual([
      ['listed', 'Fura 20t'],
      ['typed', ''],
    ]);
  } finally {
    await api.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);

describe('a lock another machine left', () => {
  let folder: string;
  let lock: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'history-cli-lock-'));
    lock = path.join(folder, 'history.sqlite.lock');
  });
  afterEach(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('fails with one line saying whose lock it is, since when, and the command that clears it; that command clears it', () => {
    const source = path.join(folder, 'past.jsonl');
    fs.writeFileSync(source, `${[...pastLines({ end: Date.parse('2026-11-25T00:00:00Z'), days: 2 })].join('\n')}\n`);
    fs.writeFileSync(lock, `${JSON.stringify({ pid: 4711, host: 'ci-runner-7', since: '2026-11-25T03:00:00.000Z' })}\n`);
    const refused = historyWith({ HISTORY_LOCK_WAIT_SECONDS: '0' }, folder, 'import', source);
    expect(refused.status).toBe(1);
    expect(
      refused.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('npm run')),
    ).toEqual([
      `npm run history -- import: Board history ${path.join(folder, 'history.sqlite')} is being written by process 4711 on ci-runner-7 since 2026-11-25T03:00:00.000Z; waited 0 s for it to finish (HISTORY_LOCK_WAIT_SECONDS). A lock from another machine is never taken over: once that machine is no longer writing the history, npm run history -- unlock removes it`,
    ]);
    expect(fs.existsSync(path.join(folder, 'history.sqlite'))).toBe(false);

    const unlocked = historyWith({}, folder, 'unlock');
    expect(unlocked).toMatchObject({ status: 0, stderr: '' });
    expect(unlocked.stdout.trim()).toBe(
      `Removed the lock of board history ${path.join(folder, 'history.sqlite')}, held by process 4711 on ci-runner-7 since 2026-11-25T03:00:00.000Z.`,
    );
    expect(historyWith({ HISTORY_LOCK_WAIT_SECONDS: '0' }, folder, 'import', source).status).toBe(0);
    expect(historyWith({}, folder, 'unlock').stdout).toMatch(/has no lock: nothing to remove/);
  }, 60_000);

  it('leaves alone a lock whose process runs on this machine', () => {
    const mine = `${JSON.stringify({ pid: process.pid, host: os.hostname(), since: '2026-11-25T03:00:00.000Z' })}\n`;
    fs.writeFileSync(lock, mine);
    const refused = historyWith({}, folder, 'unlock');
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(`is being written by process ${process.pid} on .*, which is running on this machine: left locked`),
    );
    expect(fs.readFileSync(lock, 'utf8')).toBe(mine);
  }, 30_000);
});

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
