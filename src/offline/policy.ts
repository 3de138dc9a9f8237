import { normalizeLoadList, receivedItems } from '../api-client/normalize';
import { splitLanguagePrefix } from '../i18n/paths';
import { FILTER_FILE, GATSBY_STATIC_DIR, HASHED_BUNDLE, PLACE_INDEX, RANGES_FILE, TEXT_FILE } from '../hosting/file-names';

/**
 * What the service worker (./worker.ts) keeps for a driver without a network, and for how long: the
 * board, the city and route pages a visitor opened, their page data, the scripts and styles they ran,
 * the place index and the board's API answers. Never the 40,000 load pages, nor pages nobody opened.
 * Pure, so that jest reads the same rules the worker runs (docs/offline.md states them).
 */

/** What a request is to the worker; null: the worker leaves it to the browser. */
export type OfflineKind = 'page' | 'page-data' | 'app-data' | 'asset' | 'api';

/** Every cache the worker writes starts with this, so that the kill switch knows what is its own. */
export const CACHE_PREFIX = 'offline-';

export const CACHE_NAMES: Readonly<Record<OfflineKind, string>> = {
  page: `${CACHE_PREFIX}pages`,
  'page-data': `${CACHE_PREFIX}page-data`,
  'app-data': `${CACHE_PREFIX}app-data`,
  asset: `${CACHE_PREFIX}assets`,
  api: `${CACHE_PREFIX}board-api`,
};

/** The site's offline pages (./offline-page.ts), kept at install apart from the budgeted kinds. */
export const OFFLINE_PAGE_CACHE = `${CACHE_PREFIX}fallback`;

/**
 * How long a page, its data or the board's answer may take before a kept copy stands in (CONTRACT.md,
 * "Offline": a few seconds; a network that says "online" and answers nothing is the common case).
 */
export const NETWORK_TIMEOUT_MS = 3_000;
/**
 * Once a request has waited the whole timeout, the network is taken for silent: for this long the
 * page's next requests (its data, the board's answer) wait only SILENT_NETWORK_WAIT_MS before a kept
 * copy stands in, so a page opened on a dead network waits the timeout once, not once per request.
 * Any answer from the network ends it.
 */
export const SILENT_NETWORK_MS = 30_000;
export const SILENT_NETWORK_WAIT_MS = 500;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * How much of each kind is kept, and for how long after it was fetched: the 30 most recently opened
 * board, city and route pages and their data, the board's last 30 answers (one per page of a search),
 * app-data.json of the builds whose pages are kept, and two builds' worth of scripts, which outlive the
 * pages that run them. An older entry is no longer shown, and goes at the next write.
 */
export const LIMITS: Readonly<Record<OfflineKind, { entries: number; maxAgeSeconds: number }>> = {
  page: { entries: 30, maxAgeSeconds: 14 * DAY_SECONDS },
  'page-data': { entries: 30, maxAgeSeconds: 14 * DAY_SECONDS },
  api: { entries: 30, maxAgeSeconds: 14 * DAY_SECONDS },
  'app-data': { entries: 10, maxAgeSeconds: 30 * DAY_SECONDS },
  asset: { entries: 80, maxAgeSeconds: 30 * DAY_SECONDS },
};

/** Everything kept together, bodies as kept (uncompressed): beyond it the oldest entries go first. */
export const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The chunks of code a board, city or route page fetches on a tap, by their `webpackChunkName`
 * (src/components/load-board/lazy-parts.tsx, board-cards-lazy.ts; src/board/sources/sources.ts,
 * places-on-demand.ts, card-extras.ts, api-list.ts; the footer a client-side navigation draws, footer-part-lazy.ts): the build lists them into the worker beside its entry scripts
 * (src/gatsby/service-worker.ts), and the worker keeps them when such a page is visited, so that a tap
 * without a network finds them. A jest test holds this list and the code's chunk names together.
 */
export const TAP_CHUNKS = [
  'board-tap-filter-panel',
  'board-tap-filter-extras',
  'board-tap-list-query',
  'board-tap-places',
  'board-tap-cards',
  'board-tap-ranges',
  'board-tap-states',
  'board-tap-oldest-first',
  'board-tap-footer',
] as const;

/**
 * What every page the worker controls runs: the build's entry scripts, and the page's side of the worker
 * once it controls the page (src/offline/controlled-page.ts, which a first visit never fetches). The
 * worker keeps them when it installs.
 */
export const INSTALL_CHUNKS = ['app', 'framework', 'webpack-runtime', 'offline-controlled-page'] as const;

/** Whether a script the build listed into the worker is one it keeps at install (the rest are TAP_CHUNKS'). */
export function isInstallScript(url: string): boolean {
  const name = url.slice(url.lastIndexOf('/') + 1);
  return INSTALL_CHUNKS.some((chunk) => name.startsWith(`${chunk}-`) && /-[0-9a-f]{16,}\.js$/.test(name));
}

/** The API paths whose answers are kept: the list calls, never a single load. */
const API_LIST_PATH = /\/loads\/?$/;

/**
 * The pages kept for offline reading: the board (`/loads`) and the city and route pages with their
 * later pages (`/loads/from/toshkent`, `/loads/to/buxoro/2`, `/loads/route/toshkent/samarqand`), bare
 * or under a language prefix.
 */
const OFFLINE_PAGE = /^\/loads(\/(from|to)\/[^/]+(\/\d+)?|\/route\/[^/]+\/[^/]+(\/\d+)?)?$/;

export function isOfflinePage(pathname: string): boolean {
  return OFFLINE_PAGE.test(splitLanguagePrefix(withoutTrailingSlash(pathname)).path);
}

/** `/page-data/ru/loads/page-data.json` → `/ru/loads`; null for any other path. */
export function pageOfPageData(pathname: string): string | null {
  const match = /^\/page-data\/(.+)\/page-data\.json$/.exec(pathname);
  if (!match?.[1]) return null;
  return match[1] === 'index' ? '/' : `/${match[1]}`;
}

export const APP_DATA_PATH = '/page-data/app-data.json';

export interface Origins {
  /** The site's own origin (the worker's). */
  site: string;
  /** The API base, `/api` included (GATSBY_API_URL); null when unusable. */
  api: string | null;
}

/** What the worker does with a GET request for `url`; `navigation` for a page the browser opens. */
export function offlineKind(url: URL, origins: Origins, navigation: boolean): OfflineKind | null {
  if (url.origin === origins.site) {
    if (navigation) return isOfflinePage(url.pathname) ? 'page' : null;
    if (url.pathname === APP_DATA_PATH) return 'app-data';
    const page = pageOfPageData(url.pathname);
    if (page !== null) return isOfflinePage(page) ? 'page-data' : null;
    return isKeptAsset(url.pathname.slice(1)) ? 'asset' : null;
  }
  return isApiList(url, origins.api) ? 'api' : null;
}

/**
 * Scripts, styles, the place index, the filter indexes, the cards' price ranges and the texts of the pages
 * that switch language at run time (their names carry their content's hash), and Gatsby's static files.
 */
function isKeptAsset(key: string): boolean {
  if (key.endsWith('.map') || key.endsWith('.LICENSE.txt')) return false;
  return (
    [HASHED_BUNDLE, PLACE_INDEX, FILTER_FILE, RANGES_FILE, TEXT_FILE].some((name) => name.test(key)) || key.startsWith(GATSBY_STATIC_DIR)
  );
}

function isApiList(url: URL, api: string | null): boolean {
  if (!api) return false;
  const base = new URL(api);
  if (url.origin !== base.origin) return false;
  const basePath = base.pathname.replace(/\/+$/, '');
  return url.pathname.startsWith(`${basePath}/`) && API_LIST_PATH.test(url.pathname.slice(basePath.length));
}

/** `application/json`, or a JSON type such as `application/vnd.api+json`, whatever its parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Whether an API answer may be kept as the board's answer: JSON by its Content-Type, and a list of
 * loads in a shape the site reads (src/api-client/normalize.ts). A hotel's or a station's Wi-Fi login
 * page answers every URL with `200 text/html`; kept, it would stand in for the loads last seen, and the
 * offline board would show "not JSON" instead of them.
 */
export function isBoardAnswer(contentType: string | null, body: string): boolean {
  return JSON_TYPE.test((contentType ?? '').trim()) && readsAsBoard(body);
}

/**
 * Whether `body` parses as a board answer, whatever type it was sent as (an answer the page handed over):
 * a list the board reads at least one load from, or an empty one. A list whose items are all unreadable
 * (`{"data":[{"error":"rate limited"}]}`) is an error in a list's clothes; kept, it would replace the
 * loads last seen with none.
 */
export function readsAsBoard(body: string): boolean {
  try {
    const raw = JSON.parse(body) as unknown;
    return normalizeLoadList(raw).loads.length > 0 || receivedItems(raw) === 0;
  } catch {
    return false;
  }
}

const HTML_TYPE = /^text\/html\s*(?:;|$)/i;

/**
 * Whether a page's answer is the build's HTML, whole: `text/html`, with the build's mark that Gatsby
 * writes into every page (buildOfHtml), and ending as a document ends. A captive portal's
 * `200 text/html`, a `200 application/json` "maintenance" or a page cut by a dropped connection is
 * passed on as it came and never replaces the page last kept.
 */
export function isBuildPage(contentType: string | null, html: string): boolean {
  return HTML_TYPE.test((contentType ?? '').trim()) && buildOfHtml(html) !== null && /<\/html>\s*$/i.test(html);
}

/**
 * Whether a page's data is Gatsby's page-data.json, whole: the component it runs, its path and its
 * result (the page's context). Anything else, kept, would break the page it is given to offline.
 */
export function readsAsPageData(text: string): boolean {
  try {
    const value = JSON.parse(text) as { componentChunkName?: unknown; path?: unknown; result?: unknown } | null;
    return (
      typeof value?.componentChunkName === 'string' &&
      typeof value.path === 'string' &&
      typeof value.result === 'object' &&
      value.result !== null
    );
  } catch {
    return false;
  }
}

/**
 * The key a page is kept under: its path alone. The board's query (`?search=…&page=2`) is read by the
 * page's script from the API; its HTML is the same file.
 */
export function pageCacheKey(url: URL): string {
  return `${url.origin}${withoutTrailingSlash(url.pathname)}`;
}

/**
 * The key a page's data is kept under: its path alone. Gatsby asks for a page's data again with the
 * page's query (`page-data.json?vehicle=Tent`) at each change of the board's filters: the same file,
 * which must neither be kept once per query nor be missing offline for a query not seen before.
 */
export function pageDataCacheKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** app-data.json is one URL for every build: each build's copy is kept under a key of its own. */
export function appDataCacheKey(origin: string, build: string): string {
  return `${origin}${APP_DATA_PATH}?build=${encodeURIComponent(build)}`;
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The build a page's HTML belongs to: Gatsby writes webpack's compilation hash into every page. */
export function buildOfHtml(html: string): string | null {
  return /window\.___webpackCompilationHash\s*=\s*"([^"]+)"/.exec(html)?.[1] ?? null;
}

/** The build app-data.json names. */
export function buildOfAppData(text: string): string | null {
  try {
    const value = (JSON.parse(text) as { webpackCompilationHash?: unknown }).webpackCompilationHash;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

/** A kept entry, as the budget sees it. */
export interface KeptEntry {
  kind: OfflineKind;
  key: string;
  seenAt: number;
  size: number;
}

/** Whether an entry fetched at `seenAt` may still be shown at `now`. */
export function isFresh(kind: OfflineKind, seenAt: number, now: number): boolean {
  return now - seenAt <= LIMITS[kind].maxAgeSeconds * 1000;
}

/**
 * The entries to drop: those past their kind's age, those beyond their kind's count (the oldest), and
 * then the oldest of all until the rest fits within `maxBytes`.
 */
export function entriesToDrop(entries: readonly KeptEntry[], now: number, maxBytes = MAX_BYTES): KeptEntry[] {
  const newestFirst = [...entries].sort((a, b) => b.seenAt - a.seenAt);
  const counted = new Map<OfflineKind, number>();
  const drop = new Set<KeptEntry>();
  for (const entry of newestFirst) {
    const count = (counted.get(entry.kind) ?? 0) + 1;
    counted.set(entry.kind, count);
    if (count > LIMITS[entry.kind].entries || !isFresh(entry.kind, entry.seenAt, now)) drop.add(entry);
  }
  let total = newestFirst.reduce((sum, entry) => sum + (drop.has(entry) ? 0 : entry.size), 0);
  for (const entry of [...newestFirst].reverse()) {
    if (total <= maxBytes) break;
    if (drop.has(entry)) continue;
    drop.add(entry);
    total -= entry.size;
  }
  return newestFirst.filter((entry) => drop.has(entry)).reverse();
}
