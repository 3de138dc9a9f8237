import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES, languageByPrefix } from '../../src/config/languages';
import { DEFAULT_SITE_URL } from '../../src/config/constants';
import { PUBLISHED_BOARD_FILE } from '../../src/feeds/published-board';
import { type DeployConfig, deployConfigFromEnv } from '../deploy/deploy';
import { EnvError, toolEnv, type EnvReader, type ToolVariable } from '../env';

/** `npm run telegram`'s settings, from the environment (docs/telegram.md). */
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
  /** Where the state is kept between runs besides the file: the deploy's bucket, when DEPLOY_BUCKET is set. */
  bucket: DeployConfig | null;
}

export const DEFAULT_API_URL = 'https://api.telegram.org';
export const DEFAULT_STATE_FILE = '.telegram-state.json';
export const DEFAULT_FIRST_POSTS = 10;
/** 20 messages a minute, the Bot API's limit for one group or channel. */
export const DEFAULT_MIN_INTERVAL_MS = 3_000;
export const DEFAULT_TIME_BUDGET_SECONDS = 600;

/**
 * Throws one line per value missing or wrong (tools/env.ts). A dry run needs neither token nor chat
 * nor SITE_URL. With DEPLOY_BUCKET set, the state is also kept in the deploy's bucket (bucket-state.ts).
 */
export function telegramConfigFromEnv(env: NodeJS.ProcessEnv): TelegramConfig {
  const vars = toolEnv(env);
  const dryRun = vars.flag('TELEGRAM_DRY_RUN');
  const required = (what: string) => (dryRun ? undefined : what);
  const token = vars.string('TELEGRAM_BOT_TOKEN', { required: required('the bot token @BotFather gave') });
  const chatId = vars.string('TELEGRAM_CHAT_ID', { required: required('the channel (@name or numeric id)') });
  // Posts are public and permanent: a link to the developer's machine must never reach a channel.
  const siteUrl = vars.url('SITE_URL', {
    required: required('the public site the posts link to'),
    public: !dryRun,
    fallback: DEFAULT_SITE_URL,
    example: 'https://yukbor.uz',
  });
  const prefix = vars.oneOf(
    'TELEGRAM_LANG',
    LANGUAGES.map((language) => language.prefix),
    DEFAULT_LANGUAGE.prefix,
  );
  const apiUrl = vars.url('TELEGRAM_API_URL', { fallback: DEFAULT_API_URL, example: DEFAULT_API_URL });
  const publicDir = vars.string('PUBLIC_DIR', { fallback: 'public' });
  const config: TelegramConfig = {
    token,
    chatId,
    language: languageByPrefix(prefix) ?? DEFAULT_LANGUAGE,
    apiUrl,
    siteUrl,
    firstPosts: vars.integer('TELEGRAM_FIRST_POSTS', { fallback: DEFAULT_FIRST_POSTS, min: 0, max: 1000 }),
    dryRun,
    stateFile: vars.string('TELEGRAM_STATE_FILE', { fallback: DEFAULT_STATE_FILE }),
    boardFile: path.join(publicDir, PUBLISHED_BOARD_FILE),
    minIntervalMs: vars.integer('TELEGRAM_MIN_INTERVAL_MS', { fallback: DEFAULT_MIN_INTERVAL_MS, min: 0, max: 60_000 }),
    timeBudgetMs: vars.integer('TELEGRAM_TIME_BUDGET_SECONDS', { fallback: DEFAULT_TIME_BUDGET_SECONDS, min: 1, max: 86_400 }) * 1000,
    bucket: null,
  };
  return withStateBucket(config, vars, env);
}

/**
 * Ends a run's reading of its variables: with DEPLOY_BUCKET set, its state is kept in the deploy's bucket
 * too. Every value missing or wrong, of the run's own and of the bucket's, is named in one error.
 */
export function withStateBucket<Config extends { bucket: DeployConfig | null }>(
  config: Config,
  vars: EnvReader<ToolVariable>,
  env: NodeJS.ProcessEnv,
): Config {
  let problems: readonly string[] = [];
  try {
    vars.done();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    problems = error.problems;
  }
  try {
    config.bucket = vars.string('DEPLOY_BUCKET') ? deployConfigFromEnv(env) : null;
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    problems = [...problems, ...error.problems];
  }
  if (problems.length > 0) throw new EnvError(problems);
  return config;
}
