import { getI18n } from 'react-i18next';
import { SERVICE_WORKER_FILE } from '../hosting/file-names';
import { MESSAGES } from './messages';
import * as styles from './reload-offer.module.css';

/**
 * The page's side of the offline worker (./worker.ts), loaded by gatsby-browser once the page has
 * loaded and the browser is idle: nothing of it runs before the first render or delays the page.
 */

/** How often a page left open asks the host whether a new worker (a new deploy) is there. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerOfflineWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  // The worker of a later deploy takes over open pages at once; one that runs older scripts offers a
  // reload instead of mixing its scripts with the new deploy's data.
  container.addEventListener('controllerchange', () => {
    if (controlled) offerReload();
    controlled = true;
  });
  const registration = await container.register(`/${SERVICE_WORKER_FILE}`, { updateViaCache: 'none' });
  if (!controlled) void handOverLoadedPage();
  const checkForUpdate = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  window.addEventListener('online', checkForUpdate);
  window.setInterval(checkForUpdate, UPDATE_CHECK_MS);
}

/**
 * A first visit ran before the worker was there: the worker is given what this page loaded (its HTML,
 * data, scripts and the board's answers) and keeps what it keeps of it, so the page opens offline next
 * time. Whatever the worker does not keep it ignores.
 */
async function handOverLoadedPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  registration.active?.postMessage({ type: MESSAGES.keepPage, urls: [window.location.href, ...loaded] });
}

let offered = false;

/** A bar at the foot of the page, in the page's language, with a button that reloads it. */
function offerReload(): void {
  if (offered) return;
  offered = true;
  const t = getI18n()?.t.bind(getI18n());
  const bar = document.createElement('div');
  bar.className = styles.offer ?? '';
  bar.setAttribute('role', 'status');
  const text = document.createElement('p');
  text.textContent = t ? t('common:offline.update') : '';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = styles.reload ?? '';
  button.textContent = t ? t('common:offline.reload') : '';
  button.addEventListener('click', () => window.location.reload());
  bar.append(text, button);
  document.body.append(bar);
}
