import { offlineWorkerEnabled } from '../config/env';

/**
 * Registers the offline worker (./register.ts, a script of its own) once the page has loaded and the
 * browser is idle: nothing of it runs before the first render, and a first visit fetches it last. A
 * build with the kill switch (docs/offline.md) leaves it out.
 */
export function registerOfflineWorkerWhenIdle(): void {
  if (!offlineWorkerEnabled() || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 10_000 }) : window.setTimeout(run, 1_000);
  const start = () =>
    whenIdle(() => {
      void import('./register').then(({ registerOfflineWorker }) => registerOfflineWorker()).catch(() => undefined);
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
