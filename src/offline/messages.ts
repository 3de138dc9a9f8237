/**
 * What the pages and the service worker say to each other, and the marks the worker puts on what it
 * keeps. Apart from ./policy.ts so that a page's script carries these few names, not the worker's rules.
 */

export { SEEN_AT_HEADER } from '../config/kept-copy';
/** Added by the worker to a kept copy besides when it was fetched: its size and its build. */
export const SIZE_HEADER = 'X-Offline-Size';
export const BUILD_HEADER = 'X-Offline-Build';

export const MESSAGES = {
  /** Page → worker: keep these URLs, which this page loaded before the worker controlled it. */
  keepPage: 'OFFLINE_KEEP_PAGE',
  /** Page → worker, answered on the message's port with a HowServed. */
  howServed: 'OFFLINE_HOW_SERVED',
  /** Page → worker, answered on the message's port with a WorkerBuild. */
  build: 'OFFLINE_BUILD',
  /** Page → worker: a board, city or route page is open; keep the code its taps fetch (policy.ts, TAP_CHUNKS). */
  keepTaps: 'OFFLINE_KEEP_TAPS',
  /**
   * Page → worker, answered on the message's port (with `true`) once everything the worker had started
   * when it came (every event's waitUntil: the copies it keeps, the answers it checks) has settled.
   */
  settled: 'OFFLINE_SETTLED',
} as const;

/** The entry scripts of the build the worker came with (the page compares its own with them). */
export interface WorkerBuild {
  scripts: string[];
}

export interface HowServed {
  /** When the kept copy this page was answered with had been fetched; null: the network answered. */
  seenAt: number | null;
  /** The kept copy stood in for a site that did not answer in time, not for a request that failed. */
  slow?: boolean;
}

/**
 * The element a page keeps for the offline notice (src/components/offline-notice.tsx): a live region
 * present, empty, from the HTML on, so that screen readers speak its text once when it is set. It
 * carries, in the page's language, the texts the worker's page script shows (that script has no
 * i18next): the notice, with `{date}` and `{time}` to fill in, and the reload offer's two.
 */
export const OFFLINE_NOTICE_ATTRIBUTE = 'data-offline-notice';
/** On the notice of every board, city and route page (which the board's own notice is too): such a page asks the worker to keep its taps' code. */
export const OFFLINE_LIST_PAGE_ATTRIBUTE = 'data-offline-list';
export const OFFLINE_TEXT_ATTRIBUTES = {
  notice: 'data-notice-text',
  slow: 'data-slow-text',
  update: 'data-update-text',
  reload: 'data-reload-text',
} as const;
