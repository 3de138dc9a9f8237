import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HistoryFileError, HistoryLockedError, UNLOCK_COMMAND } from './errors';

/**
 * The history file's life on disk, apart from what is in it. A history opened to write holds the
 * file's lock and works on a copy beside the file (the working copy), and saving renames that copy over
 * the file: a build cut off before its save leaves the file as it was, no reader ever sees half a file,
 * and two writers take turns instead of one renaming its copy over the other's. Every copy is made in
 * the folder of the file it replaces, so a rename never crosses filesystems.
 */

/** SQLite's file header: anything else is not a database, whatever SQLite makes of it later. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether `file` exists; throws the one-line error when it does but cannot be a database. */
export function checkHeader(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new HistoryFileError(file, (error as Error).message);
  }
  try {
    const header = Buffer.alloc(100);
    const read = fs.readSync(fd, header, 0, header.length, 0);
    if (read === 0) throw new HistoryFileError(file, 'the file is empty');
    if (read < header.length || !header.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) {
      throw new HistoryFileError(file, 'not an SQLite database (corrupt?)');
    }
    return true;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The working copy of `file` for this process. Its name carries the pid, so a copy left by a process
 * that was killed can be told from one in use, and removed.
 */
export function workingCopyOf(file: string): string {
  return `${file}.${process.pid}.working`;
}

/** Where a working copy of `file` is rewritten whole (compacted), then renamed over it. */
export function compactCopyOf(file: string): string {
  return `${file}.${process.pid}.compact`;
}

/**
 * Removes the working copies of `file` (and their compacted copies), and the drafts of its lock, whose process is gone (a build that
 * was killed).
 */
export function removeDeadCopies(file: string): void {
  const dir = path.dirname(file);
  const base = path.basename(file);
  const dead = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:lock\\.)?(\\d+)\\.(?:working|compact|draft)$`);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(dead.exec(name)?.[1] ?? NaN);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
}

/** Who holds a lock, as its file says. */
interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

export function lockFileOf(file: string): string {
  return `${file}.lock`;
}

/** How often a writer waiting for the lock looks again. */
const LOCK_POLL_MS = 200;

/**
 * Takes the lock of `file` for this process: `{file}.lock`, made whole or not at all (written under
 * another name, then linked to the lock's name, which fails when it exists). A lock whose process is
 * gone (a build that was killed) is removed and taken. Waits up to `waitMs` for a live holder, calling
 * `onWait` once with who it is; then throws `HistoryLockedError`. Returns the release.
 */
export async function takeLock(file: string, waitMs: number, onWait?: (holder: string) => void): Promise<() => void> {
  const lock = lockFileOf(file);
  const mine: LockHolder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  const draft = `${lock}.${process.pid}.draft`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(draft, `${JSON.stringify(mine)}\n`);
  const started = Date.now();
  let told = false;
  try {
    for (;;) {
      try {
        fs.linkSync(draft, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new HistoryFileError(file, `cannot take its lock ${lock}: ${(error as Error).message}`);
      }
      const holder = readHolder(lock);
      if (holder && holder.host === mine.host && holder.pid === process.pid) {
        throw new HistoryFileError(file, 'already open to write in this process (close it first)');
      }
      if (holder && holder.host === mine.host && !isRunning(holder.pid)) {
        removeIfStill(lock, holder);
        continue;
      }
      const who = holder ? describeHolder(holder) : `the process that made ${lock}`;
      const otherMachine = holder !== null && holder.host !== mine.host;
      const waited = Date.now() - started;
      if (waited >= waitMs) throw new HistoryLockedError(file, who, waited, otherMachine || holder === null);
      if (!told) onWait?.(who);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(LOCK_POLL_MS, waitMs - waited)));
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    removeIfStill(lock, mine);
  };
}

function describeHolder(holder: LockHolder): string {
  return `process ${holder.pid} on ${holder.host} since ${holder.since}`;
}

/** What `clearLock` did. */
export type ClearedLock =
  | { kind: 'none' }
  | { kind: 'removed'; holder: string }
  /** A process of this machine that is still running holds it: left alone. */
  | { kind: 'live'; holder: string };

/**
 * Removes the lock of `file` on purpose (`npm run history -- unlock`), for a lock that another machine
 * left (a runner that was cut off while it wrote a history on a shared disk): its process cannot be seen
 * from here, so no writer ever takes it over by itself. A lock whose process runs on this machine is
 * left alone: that process is writing the history now.
 */
export function clearLock(file: string): ClearedLock {
  const lock = lockFileOf(file);
  if (!fs.existsSync(lock)) return { kind: 'none' };
  const holder = readHolder(lock);
  if (holder && holder.host === os.hostname() && holder.pid !== process.pid && isRunning(holder.pid))
    return { kind: 'live', holder: describeHolder(holder) };
  fs.rmSync(lock, { force: true });
  return { kind: 'removed', holder: holder ? describeHolder(holder) : `a lock ${UNLOCK_COMMAND} could not read` };
}

function readHolder(lock: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lock, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string')
      return { pid: parsed.pid, host: parsed.host, since: String(parsed.since) };
  } catch {
    // Gone since, or not a lock this code wrote: waited for like a live one, never removed.
  }
  return null;
}

/** Removes the lock if it is still `holder`'s: never one another process took in between. */
function removeIfStill(lock: string, holder: LockHolder): void {
  const now = readHolder(lock);
  if (now && now.pid === holder.pid && now.host === holder.host && now.since === holder.since) fs.rmSync(lock, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Puts the file's data on disk before it is renamed into place: a rename of unsynced data can surface empty after a crash. */
function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes `copy` the file `target`, whole: synced first, then renamed over it. */
export function replaceWith(copy: string, target: string): void {
  fsyncFile(copy);
  fs.renameSync(copy, target);
}
