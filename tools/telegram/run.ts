import fs from 'node:fs';
import type { S3Client } from '@aws-sdk/client-s3';
import type { TFunction } from 'i18next';
import { parsePublishedBoard, type PublishedBoard } from '../../src/feeds/published-board';
import { createBotApi, OutOfTimeError } from './bot-api';
import { bucketStateStore, chooseState, giveStateBack, type StateInBucket, type StateStore, takeState } from './bucket-state';
import { Channel, type FailedMessage, MAX_FAILED_RUNS, type Outcome } from './channel';
import type { TelegramConfig } from './config';
import { planRun, type RunPlan } from './plan';
import { closedPost, openPost, type Post } from './post';
import { emptyState, readState, type TelegramState } from './state';
import { telegramTranslator } from './texts';

export { type FailedMessage, MAX_FAILED_RUNS };

/**
 * One run of `npm run telegram`: reads the board the build published and the state of the last run
 * (from the bucket too when DEPLOY_BUCKET is set, refusing an older copy: bucket-state.ts), then posts
 * the new loads (oldest first), marks the posts of loads that left the board as closed, and edits the
 * post of a load back on the board to its open post again. The state is written before every send (the
 * send in flight) and after every message.
 *
 * A message Telegram refuses on its own (a 400 for that text, 429s past the retry limit) does not stop
 * the run: the load is recorded as failed with the reason, the others go on, and later runs try it
 * again until MAX_FAILED_RUNS, when it is given up. Only a failure of the token, the chat or the
 * connection stops a run. A message is edited only where the state records it as that load's post.
 */

export interface RunReport {
  posted: number;
  closed: number;
  /** Posts marked closed whose load came back, edited back to the open post. */
  reopened: number;
  /** First run: loads recorded without a post. */
  seen: number;
  /** Messages left for the next run when the time budget ran out. */
  left: number;
  /** Messages Telegram refused or did not answer in this run; the rest of the run went on. */
  failed: FailedMessage[];
  /** HTTP requests to the Bot API. */
  requests: number;
  seconds: number;
}

export interface RunOptions {
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** How long closed posts are remembered (a load that comes back within it is not posted again). */
  keepClosedDays?: number;
  /** The bucket's client (tests give s3rver's); the state store is made from `config.bucket`. */
  s3Client?: S3Client;
}

/** Sends without an answer in a row after which the run stops: the API is unwell, not the loads. */
const MAX_UNANSWERED_IN_A_ROW = 2;
const KEEP_CLOSED_DAYS = 30;

export function readBoard(file: string): PublishedBoard {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`cannot read the board the build published, ${file} (${code}): run after npm run build`);
  }
  return parsePublishedBoard(text, file);
}

export async function runTelegram(config: TelegramConfig, options: RunOptions = {}): Promise<RunReport> {
  const { log = console.log, now = () => new Date() } = options;
  const started = Date.now();
  const board = readBoard(config.boardFile);
  const local = readState(config.stateFile);
  checkChat(config, local);
  const t = telegramTranslator(config.language);
  const planOptions = { firstPosts: config.firstPosts, now: now(), keepClosedDays: options.keepClosedDays ?? KEEP_CLOSED_DAYS };
  if (config.dryRun) return dryRun(config, planRun(board, local, planOptions), local, t, log, started);

  const store: StateStore | null = config.bucket ? bucketStateStore(config.bucket, options.s3Client) : null;
  const stored: StateInBucket | null = store ? await store.read() : null;
  const saved = store ? chooseState(local, stored?.state ?? null, config.stateFile, store.where) : local;
  checkChat(config, saved);
  const state = saved ? structuredClone(saved) : emptyState(config.chatId);
  const api = createBotApi({
    apiUrl: config.apiUrl,
    token: config.token,
    minIntervalMs: config.minIntervalMs,
    // A failed call is tried again at the messages' own pace, and sooner only in tests.
    retryDelayMs: Math.max(500, config.minIntervalMs),
    sleep: options.sleep,
    log,
    deadline: started + config.timeBudgetMs,
  });
  const channel = new Channel(config, state, api, t, log, now);
  const hold = store ? await takeState(store, state, stored, now) : null;
  channel.save();
  const report: RunReport = { posted: 0, closed: 0, reopened: 0, seen: 0, left: 0, failed: [], requests: 0, seconds: 0 };
  let failure: unknown = null;
  try {
    if (state.inFlight) channel.forgetInFlight();
    const plan = planRun(board, saved ? state : null, planOptions);
    // A marketplace board does not empty in fifteen minutes; a build that published nothing does.
    if (board.loads.length === 0 && plan.close.length > 0)
      throw new Error(
        `${config.boardFile} lists no loads: not marking ${plan.close.length} posts closed; check the build's read of the API`,
      );
    report.seen = plan.seen.length;
    channel.apply(plan, saved === null);
    const work: Array<() => Promise<Outcome>> = [
      ...plan.post.map((load) => () => channel.post(load)),
      ...plan.close.map((id) => () => channel.close(id)),
      ...plan.reopen.map((load) => () => channel.reopen(load)),
    ];
    let unanswered = 0;
    for (const [index, step] of work.entries()) {
      if (Date.now() - started > config.timeBudgetMs) {
        report.left = work.length - index;
        break;
      }
      let outcome: Outcome;
      try {
        outcome = await step();
      } catch (error) {
        if (!(error instanceof OutOfTimeError)) throw error;
        log(`${error.message}: the run ends here and the rest waits for the next run.`);
        report.left = work.length - index;
        break;
      }
      if (outcome.done !== 'failed') {
        report[outcome.done] += 1;
        unanswered = 0;
        continue;
      }
      report.failed.push(outcome.failed);
      unanswered = outcome.unanswered ? unanswered + 1 : 0;
      if (outcome.unanswered && unanswered >= MAX_UNANSWERED_IN_A_ROW) throw outcome.unanswered;
    }
  } catch (error) {
    failure = error;
  } finally {
    report.requests = api.requests;
    report.seconds = (Date.now() - started) / 1000;
  }
  if (store && hold) await giveStateBack(store, state, () => channel.save(), config.stateFile, hold, failure, log);
  if (failure) throw failure;
  log(summary(config, report));
  return report;
}

function checkChat(config: TelegramConfig, state: TelegramState | null): void {
  if (state && config.chatId && state.chat !== config.chatId)
    throw new Error(
      `the state file ${config.stateFile} belongs to chat ${state.chat}, not ${config.chatId}: give each chat its own TELEGRAM_STATE_FILE`,
    );
}

function dryRun(
  config: TelegramConfig,
  plan: RunPlan,
  saved: TelegramState | null,
  t: TFunction,
  log: (line: string) => void,
  started: number,
): RunReport {
  log(
    `Dry run for chat ${config.chatId || '(TELEGRAM_CHAT_ID not set)'} in ${config.language.prefix}: nothing is sent, no state is written.`,
  );
  if (saved?.inFlight) log(`The last run stopped while posting load ${saved.inFlight.load}; a real run posts it again.`);
  for (const load of plan.post) {
    const post = openPost(load, config.language, config.siteUrl, t);
    log(`\n--- sendMessage (load ${load.id})\n${post.text}\n${describeButtons(post)}`);
  }
  for (const id of plan.close) {
    const record = saved?.posts[id];
    const post = closedPost(record?.body ?? '', t);
    log(`\n--- editMessageText (message ${record?.message}, load ${id})\n${post.text}\n${describeButtons(post)}`);
  }
  for (const load of plan.reopen) {
    const post = openPost(load, config.language, config.siteUrl, t);
    log(
      `\n--- editMessageText (message ${saved?.posts[load.id]?.message}, load ${load.id}, back on the board)\n${post.text}\n${describeButtons(post)}`,
    );
  }
  const report: RunReport = {
    posted: plan.post.length,
    closed: plan.close.length,
    reopened: plan.reopen.length,
    seen: plan.seen.length,
    left: 0,
    failed: [],
    requests: 0,
    seconds: (Date.now() - started) / 1000,
  };
  log(`\n${summary(config, report, true)}`);
  return report;
}

function describeButtons(post: Post): string {
  const buttons = post.replyMarkup.inline_keyboard.flat();
  return buttons.length > 0 ? buttons.map((button) => `[${button.text}] -> ${button.url}`).join('\n') : '(no button)';
}

function summary(config: TelegramConfig, report: RunReport, dry = false): string {
  const did = (verb: string, past: string) => (dry ? `would ${verb}` : past);
  return [
    `Telegram chat ${config.chatId || '(not set)'}: ${did('post', 'posted')} ${plural(report.posted, 'load')}, ${did('close', 'closed')} ${plural(report.closed, 'post')}`,
    report.reopened > 0 ? `, ${did('mark', 'marked')} ${plural(report.reopened, 'post')} open again (the load came back)` : '',
    report.seen > 0 ? `, ${did('record', 'recorded')} ${plural(report.seen, 'load')} as seen (first run)` : '',
    report.left > 0 ? `, ${plural(report.left, 'message')} left for the next run (time budget)` : '',
    report.failed.length > 0 ? `, ${plural(report.failed.length, 'message')} refused or unanswered (below)` : '',
    dry ? '' : `; ${plural(report.requests, 'request')} in ${report.seconds.toFixed(1)} s`,
    '.',
  ].join('');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** One line per message that failed in a run: what, why, and what happens next. */
export function describeFailedMessage(failed: FailedMessage, chat: string): string {
  const what = {
    post: `load ${failed.load} was not posted to chat ${chat}`,
    close: `the post of load ${failed.load} in chat ${chat} was not marked closed`,
    reopen: `the post of load ${failed.load} in chat ${chat} was not marked open again`,
  }[failed.action];
  if (failed.gaveUp) return `${what} (${failed.reason}), refused in ${failed.runs} runs: given up, it is not tried again.`;
  const tries = failed.runs > 0 ? `; refused in ${failed.runs} of at most ${MAX_FAILED_RUNS} runs` : '';
  return `${what} (${failed.reason})${tries}; the next run tries again.`;
}
