import { handListAnswersTo, takeListAnswers } from '../api-client/answers-before-worker';
import { SERVICE_WORKER_FILE } from '../hosting/file-names';
import { builtTime } from '../loads/built-time';
import { ONLINE_TRY_DELAYS_MS } from '../config/constants';
import {
  MESSAGES,
  OFFLINE_LIST_PAGE_ATTRIBUTE,
  OFFLINE_NOTICE_ATTRIBUTE,
  OFFLINE_TEXT_ATTRIBUTES,
  type HowServed,
  type WorkerBuild,
} from './messages';

/**
 * The page's side of the offline worker (./worker.ts), loaded by gatsby-browser once the page has
 * loaded and the browser is idle: nothing of it runs before the first render or delays the page.
 */

/** How often a page left open asks the host whether a new worker (a new deploy) is there. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** While a page shows loads kept from an earlier visit, how often it tries the network again. */
const NETWORK_PROBE_MS = 30_000;

export async function registerOfflineWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  // The worker of a later deploy takes over open pages at once; one that runs another build's scripts
  // offers a reload instead of mixing them with the new deploy's data.
  container.addEventListener('controllerchange', () => {
    if (controlled) void runsOtherBuild().then((other) => other && offerReload());
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

let offered = false;

/**
 * Styled here rather than in a CSS module: the site's CSS is inlined into every page, and this bar is
 * shown only on pages left open across a deploy.
 */
const OFFER_STYLE =
  'position:fixed;left:var(--space-3);right:var(--space-3);bottom:var(--space-3);z-index:1000;display:flex;flex-wrap:wrap;gap:var(--space-3);align-items:center;justify-content:space-between;max-width:40rem;margin:0 auto;padding:var(--space-3) var(--space-4);border-radius:var(--radius);background:var(--color-dark);color:var(--color-on-dark);box-shadow:var(--shadow)';
const RELOAD_STYLE =
  'min-height:44px;padding:0 var(--space-4);border:0;border-radius:var(--radius-small);background:var(--color-on-dark);color:var(--color-dark);font:inherit;font-weight:700;cursor:pointer';

/**
 * A bar at the foot of the page, in the page's language, with a button that reloads it. Only the board,
 * city and route pages, the ones a driver keeps open, carry its words; elsewhere Gatsby's own check
 * turns the next link into a full page load.
 */
function offerReload(): void {
  const update = text('update');
  const reload = text('reload');
  if (offered || !update || !reload) return;
  offered = true;
  const bar = document.createElement('div');
  bar.setAttribute('style', OFFER_STYLE);
  bar.setAttribute('role', 'status');
  const words = document.createElement('p');
  words.style.margin = '0';
  words.textContent = update;
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('style', RELOAD_STYLE);
  button.textContent = reload;
  button.addEventListener('click', () => window.location.reload());
  bar.append(words, button);
  document.body.append(bar);
}

/** A text the page carries for this script, in its language (src/components/offline-notice.tsx); null on pages without it. */
function text(name: keyof typeof OFFLINE_TEXT_ATTRIBUTES): string | null {
  const attribute = OFFLINE_TEXT_ATTRIBUTES[name];
  return document.querySelector(`[${attribute}]`)?.getAttribute(attribute) ?? null;
}

/** Whether the worker now in control came with another build than the scripts this page runs. */
async function runsOtherBuild(): Promise<boolean> {
  const own = [...document.scripts]
    .map((script) => (script.src ? new URL(script.src).pathname : ''))
    .filter((src) => /\/webpack-runtime-/.test(src));
  const answer = await ask<WorkerBuild>(MESSAGES.build, 5_000);
  return answer !== null && own.length > 0 && !own.some((src) => answer.scripts.includes(src));
}

/** A question to the worker in control, answered on a port; null when there is none or it does not answer. */
function ask<T>(type: string, waitMs: number): Promise<T | null> {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => resolve(null), waitMs);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      window.clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

/** Asks the worker whether it answered this page (or its data) from its cache, and when that was seen. */
async function howServed(): Promise<HowServed> {
  return (await ask<HowServed>(MESSAGES.howServed, 2_000)) ?? { seenAt: null, slow: false };
}

let stopWaitingForNetwork: (() => void) | null = null;

/**
 * On a city or route page the worker answered from its cache (the board says so itself, from its own
 * answer): fills the page's notice, and reloads the page once the network answers again.
 */
export async function showOfflineNotice(): Promise<void> {
  const slot = document.querySelector<HTMLElement>(`[${OFFLINE_NOTICE_ATTRIBUTE}]`);
  if (!slot) return;
  const { seenAt, slow } = await howServed();
  // A site slow to answer while the phone has a network is not "no connection".
  const notice = text(slow && navigator.onLine ? 'slow' : 'notice');
  if (!notice) return;
  const seen = seenAt === null ? null : builtTime(seenAt);
  stopWaitingForNetwork?.();
  stopWaitingForNetwork = null;
  if (!seen) {
    slot.textContent = '';
    return;
  }
  slot.textContent = notice.replace('{date}', seen.date).replace('{time}', seen.time);
  stopWaitingForNetwork = whenNetworkAnswers(() => window.location.reload());
}

/**
 * Calls `then` once the site answers again: on `online` (after a moment, and once more if the first
 * try fails), and every NETWORK_PROBE_MS for a network that says "online" and answers nothing. A HEAD
 * request, which the worker leaves to the network. Returns a function that stops waiting.
 */
function whenNetworkAnswers(then: () => void): () => void {
  let done = false;
  const probe = async (): Promise<boolean> => {
    if (done) return true;
    try {
      const response = await fetch(window.location.pathname, { method: 'HEAD', cache: 'no-store' });
      if (!response.ok || done) return false;
      stop();
      then();
      return true;
    } catch {
      return false;
    }
  };
  // Each try after the first that answered finds `done` and asks nothing.
  const onOnline = () => {
    for (const delay of ONLINE_TRY_DELAYS_MS) window.setTimeout(() => void probe(), delay);
  };
  const interval = window.setInterval(() => void probe(), NETWORK_PROBE_MS);
  window.addEventListener('online', onOnline);
  const stop = () => {
    done = true;
    window.clearInterval(interval);
    window.removeEventListener('online', onOnline);
  };
  return stop;
}
