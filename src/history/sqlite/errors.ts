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

/** The lock could not be taken in time: another process writes the history. */
export class HistoryLockedError extends HistoryError {
  constructor(file: string, holder: string, waitedMs: number) {
    super(
      file,
      `Board history ${file} is being written by ${holder}; waited ${Math.round(waitedMs / 1000)} s for it to finish (HISTORY_LOCK_WAIT_SECONDS)`,
    );
  }
}

/** The file was written with another HISTORY_KEY than the one given. */
export class HistoryKeyError extends HistoryError {}

/** Any failure while opening `file`, as the one-line error the build and the CLI report. */
export function asFileError(file: string, error: unknown): unknown {
  if (error instanceof HistoryError) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return new HistoryFileError(file, typeof message === 'string' ? message : String(error));
}
