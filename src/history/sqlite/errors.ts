/** Why the history cannot be used now, in one line for the person who runs the build or the CLI. */
export class HistoryError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message.replace(/\s+/g, ' ').trim());
    this.name = new.target.name;
  }
}

/** The file cannot be used: corrupt, not a history, or written by a newer schema. */
export class HistoryFileError extends HistoryError {
  constructor(file: string, cause: string) {
    super(file, `Board history ${file} cannot be read: ${cause}`);
  }
}

/** The command that removes a lock whose holder is gone (tools/history/cli.ts). */
export const UNLOCK_COMMAND = 'npm run history -- unlock';

/**
 * The lock could not be taken in time: another process writes the history. `otherMachine`: the lock
 * names another host, whose processes this one cannot see, so only a person can tell that it is gone.
 */
export class HistoryLockedError extends HistoryError {
  constructor(file: string, holder: string, waitedMs: number, otherMachine = false) {
    super(
      file,
      `Board history ${file} is being written by ${holder}; waited ${Math.round(waitedMs / 1000)} s for it to finish (HISTORY_LOCK_WAIT_SECONDS)` +
        (otherMachine
          ? `. A lock from another machine is never taken over: once that machine is no longer writing the history, ${UNLOCK_COMMAND} removes it`
          : ''),
    );
  }
}

/** The disk is full: the history could not be written, and is left as it was. */
export class HistoryDiskFullError extends HistoryError {
  constructor(file: string, cause: string) {
    super(
      file,
      `Board history ${file} cannot be written: the disk is full (${cause}); nothing was changed: free some space on that disk and run it again`,
    );
  }
}

/** The file was written with another HISTORY_KEY than the one given. */
export class HistoryKeyError extends HistoryError {}

/** SQLite's result code for a full disk (or a database at its page limit). */
const SQLITE_FULL = 13;

/** A full disk, from SQLite or from the file system, as the error naming the history; null for anything else. */
export function diskFullError(file: string, error: unknown): HistoryDiskFullError | null {
  const { code, errcode, message } = (error ?? {}) as { code?: unknown; errcode?: unknown; message?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT' || errcode === SQLITE_FULL) return new HistoryDiskFullError(file, String(message));
  return null;
}

/** Any failure while opening `file`, as the one-line error the build and the CLI report. */
export function asFileError(file: string, error: unknown): unknown {
  if (error instanceof HistoryError) return error;
  const full = diskFullError(file, error);
  if (full) return full;
  const message = (error as { message?: unknown } | null)?.message;
  return new HistoryFileError(file, typeof message === 'string' ? message : String(error));
}
