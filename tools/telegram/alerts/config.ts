import path from 'node:path';
import { DEFAULT_SITE_URL } from '../../../src/config/constants';
import { PUBLISHED_BOARD_FILE } from '../../../src/feeds/published-board';
import type { DeployConfig } from '../../deploy/deploy';
import { toolEnv } from '../../env';
import { DEFAULT_API_URL, DEFAULT_TIME_BUDGET_SECONDS, withStateBucket } from '../config';
import { DEFAULT_ALERTS_STATE_FILE } from './state';

/** `npm run telegram -- alerts`' settings, from the environment (docs/telegram.md, "Alerts"). */
export interface AlertsConfig {
  token: string;
  apiUrl: string;
  siteUrl: string;
  stateFile: string;
  /** The build's board file: `{PUBLIC_DIR}/feeds/board.json`. */
  boardFile: string;
  /** Pause between two calls: Telegram takes about 30 messages a second from one bot. */
  minIntervalMs: number;
  /** Pause between two messages to one chat: about one a second. */
  chatIntervalMs: number;
  /** A run starts no new message after this long; the rest waits for the next run. */
  timeBudgetMs: number;
  /** Where the state is kept between runs besides the file: the deploy's bucket, when DEPLOY_BUCKET is set. */
  bucket: DeployConfig | null;
}

/** 30 messages a second, rounded up to whole milliseconds. */
export const DEFAULT_ALERTS_INTERVAL_MS = 34;
export const DEFAULT_CHAT_INTERVAL_MS = 1_000;

/**
 * Throws one line per value missing or wrong (tools/env.ts). TELEGRAM_MIN_INTERVAL_MS, the tests' knob,
 * sets both pauses when given.
 */
export function alertsConfigFromEnv(env: NodeJS.ProcessEnv): AlertsConfig {
  const vars = toolEnv(env);
  const token = vars.string('TELEGRAM_ALERTS_BOT_TOKEN', {
    required: 'the alerts bot’s token @BotFather gave (a bot of its own, no webhook)',
  });
  // Alerts are read on phones far from here: a link to the developer's machine must never reach them.
  const siteUrl = vars.url('SITE_URL', {
    required: 'the public site the alerts link to',
    public: true,
    fallback: DEFAULT_SITE_URL,
    example: 'https://yukbor.uz',
  });
  const apiUrl = vars.url('TELEGRAM_API_URL', { fallback: DEFAULT_API_URL, example: DEFAULT_API_URL });
  const publicDir = vars.string('PUBLIC_DIR', { fallback: 'public' });
  const pace = vars.integer('TELEGRAM_MIN_INTERVAL_MS', { fallback: -1, min: 0, max: 60_000 });
  const config: AlertsConfig = {
    token,
    apiUrl,
    siteUrl,
    stateFile: vars.string('TELEGRAM_ALERTS_STATE_FILE', { fallback: DEFAULT_ALERTS_STATE_FILE }),
    boardFile: path.join(publicDir, PUBLISHED_BOARD_FILE),
    minIntervalMs: pace >= 0 ? pace : DEFAULT_ALERTS_INTERVAL_MS,
    chatIntervalMs: pace >= 0 ? pace : DEFAULT_CHAT_INTERVAL_MS,
    timeBudgetMs: vars.integer('TELEGRAM_TIME_BUDGET_SECONDS', { fallback: DEFAULT_TIME_BUDGET_SECONDS, min: 1, max: 86_400 }) * 1000,
    bucket: null,
  };
  return withStateBucket(config, vars, env);
}
