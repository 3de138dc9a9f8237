import { handListAnswersTo, takeListAnswers } from '../api-client/answers-before-worker';
import { SERVICE_WORKER_FILE } from '../hosting/file-names';
import { MESSAGES, OFFLINE_LIST_PAGE_ATTRIBUTE } from './messages';

/**
 * The page's side of the offline worker (./worker.ts), run by gatsby-browser once the page has
 * loaded and the browser is idle (./register-when-idle.ts): nothing of it runs before the first render or delays the page. What
 * only a page the worker controls needs (the notice of a kept copy, the reload offer after a deploy) is
 * a script of its own, ./controlled-page.ts, which a first visit never fetches: the worker keeps it at
 * install (INSTALL_CHUNKS in ./policy.ts), so a later visit finds it offline.
 */

/** How often a page left open asks the host whether a new worker (a new deploy) is there. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Runs one part of a page the worker controls, whose code is fetched the first time it is needed. */
function withControlledPage(run: (page: typeof import('./controlled-page')) => Promise<void>): Promise<void> {
  return import(/* webpackChunkName: "offline-controlled-page" */ './controlled-page').then(run).catch(() => undefined);
}

/** On a page the worker answered: says so when the answer was a kept copy (./controlled-page.ts). */
export function showOfflineNotice(): Promise<void> {
  return navigator.serviceWorker.controller ? withControlledPage((page) => page.showOfflineNotice()) : Promise.resolve();
}

export async function registerOfflineWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  // The worker of a later deploy takes over open pages at once; one that runs another build's scripts
  // offers a reload instead of mixing them with the new deploy's data.
  container.addEventListener('controllerchange', () => {
    if (controlled) void withControlledPage((page) => page.offerReloadIfOtherBuild());
    // Answers to requests sent before the worker took the page over, now and as they come.
    else {
      const worker = container.controller;
      if (worker) handListAnswersTo((answers) => worker.postMessage({ type: MESSAGES.keepPage, urls: [], answers }));
    }
    controlled = true;
  });
  if (controlled) void showOfflineNotice();
  // Offline, registering fails (the browser cannot fetch the worker to compare it): the page keeps the
  // worker it has.
  const registration = await container
    .register(`/${SERVICE_WORKER_FILE}`, { updateViaCache: 'none' })
    .catch(() => container.getRegistration());
  if (!registration) return;
  if (!controlled) void handOverLoadedPage();
  void keepTapsOfListPage();
  const checkForUpdate = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  window.addEventListener('online', checkForUpdate);
  window.setInterval(checkForUpdate, UPDATE_CHECK_MS);
}

/**
 * A first visit ran before the worker was there: the worker is given what this page loaded (its HTML,
 * data and scripts, which it reads from the browser's HTTP cache, and the board's answers as they came,
 * which that cache does not hold) and keeps what it keeps of it, so the page opens offline next time.
 * Whatever the worker does not keep it ignores.
 */
async function handOverLoadedPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  registration.active?.postMessage({ type: MESSAGES.keepPage, urls: [window.location.href, ...loaded], answers: takeListAnswers() });
}

/**
 * On a board, city or route page: the worker keeps the code a tap on it fetches (the filter panel, the
 * worked lists, the places, the cards), so that a tap without a network finds it. Once per build the
 * worker fetches it (cache first).
 */
export async function keepTapsOfListPage(): Promise<void> {
  if (!document.querySelector(`[${OFFLINE_LIST_PAGE_ATTRIBUTE}]`)) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: MESSAGES.keepTaps });
}
