import { pagesRegisterOfflineWorker } from '../config/env';

/**
 * Registers the offline worker (./register.ts, a script of its own) once the page has loaded and the
 * browser is idle: nothing of it runs before the first render, and a first visit fetches it last. A
 * build with the kill switch (docs/offline.md) leaves it out.
 */
let registered: Promise<typeof import('./register')> | null = null;

export function registerOfflineWorkerWhenIdle(): void {
  if (!pagesRegisterOfflineWorker() || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 10_000 }) : window.setTimeout(run, 1_000);
  const start = () =>
    whenIdle(() => {
      registered = import('./register');
      void registered.then(({ registerOfflineWorker }) => registerOfflineWorker()).catch(() => undefined);
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * After a navigation within the site: a city or route page whose data the worker answered from its
 * cache says so, and a board, city or route page has the worker keep its taps' code (./register.ts);
 * before the worker's script is there, the first page's check does it.
 */
export function offlineNoticeAfterNavigation(): void {
  void registered
    ?.then(({ controlledPage, keepTapsOfListPage }) =>
      Promise.all([
        navigator.serviceWorker.controller ? controlledPage().then((page) => page.showOfflineNotice()) : null,
        keepTapsOfListPage(),
      ]),
    )
    .catch(() => undefined);
}
