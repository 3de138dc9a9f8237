import fs from 'node:fs';
import path from 'node:path';
import { HistoryFileError } from './errors';

/**
 * The history file's life on disk, apart from what is in it. A history opened to write works on a copy
 * beside the file (the working copy), and saving renames that copy over the file: a build cut off before
 * its save leaves the file as it was, and no reader ever sees half a file.
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

/** Removes the working copies of `file` whose process is gone (a build that was killed). */
export function removeDeadCopies(file: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.working') ? Number(name.slice(prefix.length, -'.working'.length)) : NaN;
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
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
