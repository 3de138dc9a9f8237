import { pagesRegisterOfflineWorker } from '../config/env';
import { keepTapsOfListPage, registerOfflineWorker, showOfflineNotice } from './register';

/**
 * Registers the offline worker (./register.ts) once the page has loaded and the browser is idle:
 * nothing of it runs before the first render. Its few functions come with the entry script rather than
 * as a script of their own, which would repeat the modules it shares with the board's and cost a first
 * visit one more request for less than a kilobyte. A build with the kill switch (docs/offline.md)
 * leaves it out.
 */
let registered = false;

export function registerOfflineWorkerWhenIdle(): void {
  if (!pagesRegisterOfflineWorker() || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 10_000 }) : window.setTimeout(run, 1_000);
  const start = () =>
    whenIdle(() => {
      registered = true;
      void registerOfflineWorker().catch(() => undefined);
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * After a navigation within the site: a city or route page whose data the worker answered from its
 * cache says so, and a board, city or route page has the worker keep its taps' code (./register.ts);
 * before the worker is registered, the first page's check does it.
 */
export function offlineNoticeAfterNavigation(): void {
  if (!registered) return;
  void Promise.all([showOfflineNotice(), keepTapsOfListPage()]).catch(() => undefined);
}
