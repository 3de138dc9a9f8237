import fs from 'node:fs';
import path from 'node:path';
import { InjectManifest } from 'workbox-webpack-plugin';
import { offlineWorkerEnabled } from '../config/env';
import { SERVICE_WORKER_FILE } from '../hosting/policy';
import { killSwitchWorker } from '../offline/kill-switch';
import { INSTALL_CHUNKS, TAP_CHUNKS } from '../offline/policy';

/**
 * The service worker (src/offline/worker.ts), compiled by Workbox's webpack plugin with the site's own
 * scripts, so that it is written anew exactly when they change: its list of the build's entry scripts
 * (which it keeps at install, with the controlled page's script) changes with every deploy of new code, which is what makes browsers
 * install the new worker. Source maps and licence files are not written for it.
 */
export function serviceWorkerPlugin(): InjectManifest[] {
  if (!offlineWorkerEnabled()) return [];
  return [
    new InjectManifest({
      swSrc: path.resolve(process.cwd(), 'src', 'offline', 'worker.ts'),
      swDest: SERVICE_WORKER_FILE,
      // Every page the worker controls runs the entry scripts and the controlled page's own, kept at
      // install; the chunks a board, city or route page fetches on a tap are kept when such a page is
      // visited; anything else is kept as a visitor's pages load it.
      chunks: [...INSTALL_CHUNKS, ...TAP_CHUNKS],
      exclude: [/\.map$/, /\.LICENSE\.txt$/, /\.css$/],
      // The names carry a content hash: no revision, so the worker reads them from the HTTP cache.
      dontCacheBustURLsMatching: /[-.][0-9a-f]{16,}\./,
    }),
  ];
}

/**
 * With OFFLINE_WORKER=off the build publishes, at the worker's URL, a worker that removes itself and
 * every cache of the offline worker (docs/offline.md, "The kill switch"), and its pages register none.
 */
export function writeKillSwitch(publicDir: string): boolean {
  if (offlineWorkerEnabled()) return false;
  fs.writeFileSync(path.join(publicDir, SERVICE_WORKER_FILE), killSwitchWorker());
  return true;
}
