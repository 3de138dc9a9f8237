/*
 * Apart from failure.ts, which the board's first script carries: only the worked lists (a chunk of
 * their own) throw it.
 */

/**
 * A file of the site could not be had: `unreachable` when the request did not reach the site (read as
 * offline, like an API that cannot be reached: unreachable.ts), otherwise its answer was not a good one.
 */
export class FileFailure extends Error {
  readonly fileFailure = true;
  constructor(
    message: string,
    readonly unreachable: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'FileFailure';
  }
}
