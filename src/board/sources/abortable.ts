/** `work`, or the abort of `signal`, whichever comes first: shared work goes on for the next caller. */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason ?? new Error('Aborted'));
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason ?? new Error('Aborted'));
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
