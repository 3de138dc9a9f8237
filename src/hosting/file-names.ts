/**
 * The names of the files whose name carries a hash of their content, so that a file of that name never
 * changes. The hosting policy (./policy.ts) caches them for a year; the service worker
 * (src/offline/) keeps them cache-first. Plain patterns with no imports, so the worker's bundle can
 * read them too.
 */

/** Gatsby's bundles at the top (`app-<hash>.js`, `styles.<hash>.css`), their maps and licence files. */
export const HASHED_BUNDLE = /^[^/]+[-.][0-9a-f]{16,}\.(js|css)(\.map|\.LICENSE\.txt)?$/;
/** The place suggestion files, `places/<prefix>.<hash>.json` (src/gatsby/place-files.ts). */
export const PLACE_INDEX = /^places\/[a-z-]+\.[0-9a-f]{12,}\.json$/;
/** The filter indexes and their card chunks, `filters/<hash>.json`, `filters/cards/<hash>.json` (src/gatsby/filter-files.ts). */
export const FILTER_FILE = /^filters\/(cards\/)?[0-9a-f]{12,}\.json$/;
/** The cards' price ranges, `rates/ranges.<hash>.json` (src/gatsby/rates.ts). */
export const RANGES_FILE = /^rates\/ranges\.[0-9a-f]{12,}\.json$/;
/** The texts for pages that switch language at run time, `locales/<hash>/{lng}/{ns}.json` (src/gatsby/locales.ts). */
export const TEXT_FILE = /^locales\/[0-9a-f]{12,}\/[a-z-]+\/[a-z-]+\.json$/;
/** Gatsby's own folder of hashed files: images, and query results under static/d/. */
export const GATSBY_STATIC_DIR = 'static/';

/** Where the service worker is served: at the top, so that its scope is the whole site. */
export const SERVICE_WORKER_FILE = 'sw.js';
