import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES, languageByPrefix } from '../../src/config/languages';
import { DEFAULT_SITE_URL } from '../../src/config/constants';
import { PUBLISHED_BOARD_FILE } from '../../src/feeds/published-board';

/** `npm run telegram`'s settings, from the environment (README, "Telegram channel"). */
export interface TelegramConfig {
  token: string;
  chatId: string;
  language: Language;
  apiUrl: string;
  siteUrl: string;
  /** How many of the newest loads a first run posts. */
  firstPosts: number;
  dryRun: boolean;
  stateFile: string;
  /** The build's board file: `{PUBLIC_DIR}/feeds/board.json`. */
  boardFile: string;
  /** Pause between two calls to the chat. */
  minIntervalMs: number;
  /** A run starts no new message after this long; the rest waits for the next run. */
  timeBudgetMs: number;
}

export const DEFAULT_API_URL = 'https://api.telegram.org';
export const DEFAULT_STATE_FILE = '.telegram-state.json';
export const DEFAULT_FIRST_POSTS = 10;
/** 20 messages a minute, the Bot API's limit for one group or channel. */
export const DEFAULT_MIN_INTERVAL_MS = 3_000;
export const DEFAULT_TIME_BUDGET_SECONDS = 600;

/** Throws one line naming what is missing or wrong. A dry run needs neither token nor chat. */
export function telegramConfigFromEnv(env: NodeJS.ProcessEnv): TelegramConfig {
  const dryRun = isSet(env.TELEGRAM_DRY_RUN);
  const token = (env.TELEGRAM_BOT_TOKEN ?? '').trim();
  const chatId = (env.TELEGRAM_CHAT_ID ?? '').trim();
  if (!dryRun && !token) throw new Error('Set TELEGRAM_BOT_TOKEN to the bot token @BotFather gave.');
  if (!dryRun && !chatId) throw new Error('Set TELEGRAM_CHAT_ID to the channel (@name or numeric id).');
  const siteUrl = (env.SITE_URL ?? '').trim().replace(/\/+$/, '');
  // Posts are public and permanent: a link to the developer's localhost must never reach a channel.
  if (!dryRun && !siteUrl) throw new Error('Set SITE_URL to the site the posts link to.');
  const languageText = (env.TELEGRAM_LANG ?? '').trim();
  const language = languageText ? languageByPrefix(languageText) : DEFAULT_LANGUAGE;
  if (!language)
    throw new Error(`TELEGRAM_LANG is ${JSON.stringify(languageText)}; use one of ${LANGUAGES.map((l) => l.prefix).join(', ')}.`);
  const apiUrl = (env.TELEGRAM_API_URL || DEFAULT_API_URL).trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(apiUrl) || !URL.canParse(apiUrl))
    throw new Error(`TELEGRAM_API_URL is ${JSON.stringify(apiUrl)}; give an http(s) origin such as ${DEFAULT_API_URL}.`);
  const publicDir = env.PUBLIC_DIR || 'public';
  return {
    token,
    chatId,
    language,
    apiUrl,
    siteUrl: siteUrl || DEFAULT_SITE_URL,
    firstPosts: count(env, 'TELEGRAM_FIRST_POSTS', DEFAULT_FIRST_POSTS),
    dryRun,
    stateFile: env.TELEGRAM_STATE_FILE || DEFAULT_STATE_FILE,
    boardFile: path.join(publicDir, PUBLISHED_BOARD_FILE),
    minIntervalMs: count(env, 'TELEGRAM_MIN_INTERVAL_MS', DEFAULT_MIN_INTERVAL_MS),
    timeBudgetMs: count(env, 'TELEGRAM_TIME_BUDGET_SECONDS', DEFAULT_TIME_BUDGET_SECONDS) * 1000,
  };
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} is ${JSON.stringify(text)}; use a whole number, 0 or more.`);
  return value;
}
