import { builtTime } from '../loads/built-time';
import { NETWORK_PROBE_MS, ONLINE_TRY_DELAYS_MS } from '../config/constants';
import { MESSAGES, OFFLINE_NOTICE_ATTRIBUTE, OFFLINE_TEXT_ATTRIBUTES, type HowServed, type WorkerBuild } from './messages';

/**
 * What a page the offline worker controls does beside registering (./register.ts): says when the page
 * is a kept copy and reloads it once the network answers, and offers a reload when a later deploy's
 * worker has taken the page over. A script of its own, kept by the worker at install.
 */

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

/** Offers a reload when the worker now in control came with another build than the scripts this page runs. */
export async function offerReloadIfOtherBuild(): Promise<void> {
  if (await runsOtherBuild()) offerReload();
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
