/** The file cannot be used: corrupt, not a history, or written by a newer schema. One line. */
export class HistoryFileError extends Error {
  constructor(
    readonly file: string,
    cause: string,
  ) {
    super(`Board history ${file} cannot be read: ${cause}`.replace(/\s+/g, ' ').trim());
    this.name = 'HistoryFileError';
  }
}

/** Any failure while opening `file`, as the one-line error the build and the CLI report. */
export function asFileError(file: string, error: unknown): unknown {
  if (error instanceof HistoryFileError) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return new HistoryFileError(file, typeof message === 'string' ? message : String(error));
}
