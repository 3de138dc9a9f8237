import { CACHE_PREFIX } from './policy';

/**
 * The kill switch (docs/offline.md): the script a deploy publishes at the worker's URL to take the
 * offline worker out of every browser that has it. Browsers fetch the worker's URL on the next visit
 * (the host serves it uncached); this one takes over at once, deletes the worker's caches and the
 * records Workbox keeps of them, unregisters itself and reloads the open pages, which then come from
 * the network with no worker. Plain script, no Workbox: it must run whatever the worker it replaces was.
 */
export function killSwitchWorker(): string {
  return `// The offline worker's kill switch (docs/offline.md): removes the worker and its caches.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(${JSON.stringify(CACHE_PREFIX)})).map((name) => caches.delete(name)));
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase('workbox-expiration');
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
    await self.registration.unregister();
    const pages = await self.clients.matchAll({ type: 'window' });
    await Promise.all(pages.map((page) => page.navigate(page.url).catch(() => undefined)));
  })());
});
`;
}
