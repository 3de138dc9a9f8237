import { CACHE_PREFIX } from './policy';

/**
 * The kill switch (docs/offline.md): the script a deploy publishes at the worker's URL to take the
 * offline worker out of every browser that has it. Browsers fetch the worker's URL on the next visit
 * (the host serves it uncached); this one takes over at once, deletes the worker's caches and
 * unregisters itself. It has no fetch handler: open pages go on
 * with the network, and the next page has no worker. It reloads nothing, so that a page that still
 * registers a worker cannot loop. Plain script, no Workbox: it must run whatever the worker it replaces was.
 */
export function killSwitchWorker(): string {
  return `// The offline worker's kill switch (docs/offline.md): removes the worker and its caches.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(${JSON.stringify(CACHE_PREFIX)})).map((name) => caches.delete(name)));
    await self.registration.unregister();
  })());
});
`;
}
