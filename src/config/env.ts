import { DEFAULT_API_URL, DEFAULT_SITE_URL } from './constants';

/**
 * Environment, read inside functions (not at import) so tests and scripts can set it first.
 * Gatsby inlines `process.env.GATSBY_*` into browser bundles by its literal name, so each is
 * written out in full below.
 */

export function apiUrl(): string {
  return trimSlash(process.env.GATSBY_API_URL || DEFAULT_API_URL);
}

/** Public origin for canonical, alternate, sitemap and share URLs. gatsby-config copies SITE_URL to
 * GATSBY_SITE_URL so the same value reaches the browser's Head rendering. */
export function siteUrl(): string {
  return trimSlash(process.env.GATSBY_SITE_URL || process.env.SITE_URL || DEFAULT_SITE_URL);
}

function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The API's origin, for preconnect hints and the connect-src policy; null when the URL is unusable. */
export function apiOrigin(): string | null {
  try {
    return new URL(apiUrl()).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the build publishes the offline service worker: `OFFLINE_WORKER=off` publishes its kill
 * switch instead (docs/offline.md). gatsby-config copies it to the name Gatsby inlines into the pages,
 * which then register no worker: in the browser only that name is there. A blank value is no value, so
 * an empty GATSBY_OFFLINE_WORKER never overrides OFFLINE_WORKER.
 */
export function offlineWorkerEnabled(): boolean {
  const operator = process.env.OFFLINE_WORKER;
  return operator?.trim()
    ? readFlag('OFFLINE_WORKER', operator, true)
    : readFlag('GATSBY_OFFLINE_WORKER', process.env.GATSBY_OFFLINE_WORKER, true);
}

/**
 * In the pages: whether they register the offline worker. gatsby-config writes GATSBY_OFFLINE_WORKER as
 * `on` or `off` from offlineWorkerEnabled(), the one reading of the switch, so the browser's script
 * compares the word it was built with and carries no flag reader.
 */
export function pagesRegisterOfflineWorker(): boolean {
  return process.env.GATSBY_OFFLINE_WORKER !== 'off';
}

/** BENCH_SOURCE_MAPS: a build whose CPU profiles can be read by module (docs/build.md), never for deploying. */
export function benchSourceMaps(): boolean {
  return readFlag('BENCH_SOURCE_MAPS', process.env.BENCH_SOURCE_MAPS);
}

/**
 * The one rule of every on/off variable, for the build and the tools alike (tools/env.ts reads its
 * flags through it): these words in any case, and unset or blank for the default. Anything else stops
 * the command with one line naming the variable: a switch that guards something (ALLOW_EMPTY_BOARD) or
 * turns something off (OFFLINE_WORKER) must never read a typo as the other way round.
 */
const FLAG_WORDS: Readonly<Record<string, boolean>> = {
  1: true,
  true: true,
  yes: true,
  on: true,
  0: false,
  false: false,
  no: false,
  off: false,
};

export class FlagError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
  ) {
    super(`${variable} is ${JSON.stringify(value)}; use 1, true, yes or on to turn it on, or 0, false, no or off to turn it off.`);
    this.name = 'FlagError';
  }
}

/** The on/off variable `name` holding `value`: `fallback` when unset or blank; FlagError for any other word. */
export function readFlag(name: string, value: string | undefined, fallback = false): boolean {
  const word = (value ?? '').trim();
  if (!word) return fallback;
  const key = word.toLowerCase();
  if (Object.prototype.hasOwnProperty.call(FLAG_WORDS, key)) return FLAG_WORDS[key] as boolean;
  throw new FlagError(name, word);
}

/** A Telegram username as Telegram allows one: 5 to 32 letters, digits and `_`, starting with a letter. */
const TELEGRAM_USERNAME = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;

/**
 * TELEGRAM_ALERTS_BOT as the build reads it: the alerts bot's username, or '' when unset (no alerts
 * link). A value that is no username throws one line naming the variable: the build stops rather than
 * publish links to a bot nobody can open (src/gatsby/pre-init.ts). gatsby-config copies it to
 * GATSBY_TELEGRAM_ALERTS_BOT.
 */
export function alertsBotFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const value = (env.TELEGRAM_ALERTS_BOT ?? '').trim();
  if (value && !TELEGRAM_USERNAME.test(value))
    throw new Error(
      `TELEGRAM_ALERTS_BOT is ${JSON.stringify(value).slice(0, 60)}; give the alerts bot's username without @: 5 to 32 letters, digits and _, starting with a letter.`,
    );
  return value;
}

/** The same, '' for a bad value: for gatsby-config, which names the bot to the pages; onPreInit stops the build. */
export function alertsBotOrNone(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return alertsBotFromEnv(env);
  } catch {
    // Reported by src/gatsby/pre-init.ts in one line, before anything is built.
    return '';
  }
}

/** The alerts bot's username in the browser and the build's pages; '' when the build names none. */
export function alertsBot(): string {
  return (process.env.GATSBY_TELEGRAM_ALERTS_BOT ?? '').trim();
}
