/**
 * The board's list answers a page read from the network while no offline worker controlled it (a
 * first visit): the worker, once active, keeps them from here rather than asking the API for them again
 * (src/offline/register.ts). The API sends them `no-store`, so the browser's HTTP cache has none of
 * them, and asking again would cost a first visit the answer's bytes twice. No imports: the worker's
 * registration reads this on pages that never load the API client.
 */
export interface ListAnswer {
  url: string;
  /** The answer's body, as it came. */
  body: string;
  /** When it was read, in ms since 1970. */
  at: number;
}

/** A first visit reads one answer, a few if the visitor pages or searches before the worker is active. */
const MAX_ANSWERS = 5;
const answers: ListAnswer[] = [];
/** Set once the worker has taken the page over: answers of requests sent before then go to it at once. */
let handOver: ((answers: ListAnswer[]) => void) | null = null;

/**
 * Whether a request sent now goes past any worker: no worker controls the page. Asked when the request
 * is sent, since one sent before the worker took the page over comes back after it, and the worker never
 * saw it.
 */
export function noWorkerControls(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && !navigator.serviceWorker.controller;
}

/** Notes an answer to a request sent while no worker controlled the page (`noWorkerControls`). */
export function noteListAnswer(url: string, body: string, at: number): void {
  answers.push({ url, body, at });
  if (answers.length > MAX_ANSWERS) answers.shift();
  handOver?.(takeListAnswers());
}

/** The answers noted so far, oldest first; taken once (the worker keeps them). */
export function takeListAnswers(): ListAnswer[] {
  return answers.splice(0);
}

/** From now on, every answer noted goes to `to` at once; so do the ones noted so far. */
export function handListAnswersTo(to: (answers: ListAnswer[]) => void): void {
  handOver = to;
  const noted = takeListAnswers();
  if (noted.length > 0) to(noted);
}
