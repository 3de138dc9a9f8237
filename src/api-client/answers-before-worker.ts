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

/** Notes an answer read from the network, unless a worker controls the page already (it keeps its own). */
export function noteListAnswer(url: string, body: string, at: number): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  answers.push({ url, body, at });
  if (answers.length > MAX_ANSWERS) answers.shift();
}

/** The answers noted so far, oldest first; taken once (the worker keeps them). */
export function takeListAnswers(): ListAnswer[] {
  return answers.splice(0);
}
