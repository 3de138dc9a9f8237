import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { S3Client } from '@aws-sdk/client-s3';
import type { TFunction } from 'i18next';
import { parsePublishedBoard, type PublishedBoard, type PublishedLoad } from '../../src/feeds/published-board';
import { ObjectChangedError } from '../deploy/conditional-object';
import { type BotApi, createBotApi, isSetupFailure, OutcomeUnknownError, OutOfTimeError, TelegramApiError } from './bot-api';
import { bucketStateStore, chooseState, type StateInBucket, StaleStateError, type StateStore } from './bucket-state';
import type { TelegramConfig } from './config';
import { planRun, type RunPlan } from './plan';
import { closedPost, openPost, type Post, postBody } from './post';
import { emptyState, type PostRecord, readState, type TelegramState, writeState } from './state';
import { telegramTranslator } from './texts';

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

export interface FailedMessage {
  load: string;
  action: 'post' | 'close' | 'reopen';
  reason: string;
  /** Runs in which Telegram refused it, this one included (0: no answer, which does not count). */
  runs: number;
  /** This was the last try: it is not tried again. */
  gaveUp: boolean;
}

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

interface SentMessage {
  message_id: number;
}

/** Runs in which Telegram may refuse one load's message before it is given up. */
export const MAX_FAILED_RUNS = 3;
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
  const hold = store ? await take(store, state, stored, now) : null;
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
  if (store && hold) await giveBack(store, channel, hold, failure, log);
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

/**
 * Takes the state in the bucket for this run: a new generation, marked taken, written only if the
 * bucket's copy is still the one read. Returns the ETag to give it back with.
 */
async function take(store: StateStore, state: TelegramState, stored: StateInBucket | null, now: () => Date): Promise<string> {
  state.generation = Math.max(state.generation, stored?.state.generation ?? 0) + 1;
  state.taken = { run: randomUUID(), at: now().toISOString() };
  try {
    return await store.write(state, stored?.etag ?? null);
  } catch (error) {
    if (error instanceof ObjectChangedError)
      throw new StaleStateError(`${store.where} changed while this run was reading it: another run is posting; nothing was posted`);
    throw error;
  }
}

/** Gives the state back to the bucket, also after a failure (what was posted is in it). */
async function giveBack(store: StateStore, channel: Channel, etag: string, failure: unknown, log: (line: string) => void): Promise<void> {
  channel.state.taken = null;
  channel.save();
  try {
    await store.write(channel.state, etag);
  } catch (error) {
    const line = `could not give the state back to ${store.where} (${error instanceof Error ? error.message : String(error)}): upload ${channel.stateFile} (npm run telegram:state -- upload), or the next run stops`;
    if (failure) log(line);
    else throw new Error(line);
  }
}

type Outcome =
  | { done: 'posted' | 'closed' | 'reopened' }
  | { done: 'failed'; failed: FailedMessage; unanswered?: OutcomeUnknownError | TelegramApiError };

class Channel {
  constructor(
    private readonly config: TelegramConfig,
    readonly state: TelegramState,
    private readonly api: BotApi,
    private readonly t: TFunction,
    private readonly log: (line: string) => void,
    private readonly now: () => Date,
  ) {}

  get stateFile(): string {
    return this.config.stateFile;
  }

  /** Records what needs no call: a first run's seen loads, and records that are no longer needed. */
  apply(plan: RunPlan, firstRun: boolean): void {
    for (const id of plan.seen) this.state.posts[id] = { message: null };
    for (const id of plan.forget) delete this.state.posts[id];
    if (firstRun || plan.seen.length + plan.forget.length > 0) this.save();
  }

  async post(load: PublishedLoad): Promise<Outcome> {
    const body = postBody(load, this.config.language, this.t);
    const post = openPost(load, this.config.language, this.config.siteUrl, this.t);
    this.state.inFlight = { load: load.id, since: this.now().toISOString() };
    this.save();
    try {
      const sent = await this.api.call<SentMessage>('sendMessage', this.params(post), { idempotent: false });
      this.state.posts[load.id] = { message: sent.message_id, body };
      this.state.lastMessage = Math.max(this.state.lastMessage ?? 0, sent.message_id);
      return { done: 'posted' };
    } catch (error) {
      const failed = this.refused(load.id, 'post', error);
      this.state.posts[load.id] = {
        message: null,
        failed: { reason: failed.reason, runs: failed.runs, at: this.now().toISOString() },
        ...(failed.gaveUp ? { gaveUp: this.now().toISOString() } : {}),
      };
      return { done: 'failed', failed, ...unanswered(error) };
    } finally {
      this.state.inFlight = null;
      this.save();
    }
  }

  /**
   * The last run stopped between recording a send and hearing its answer. Whether the post exists
   * cannot be known without editing messages, and an edit of a message the state does not record as
   * this load's post could overwrite another post: the load is sent again.
   */
  forgetInFlight(): void {
    const load = this.state.inFlight?.load;
    this.state.inFlight = null;
    this.save();
    this.log(`The last run stopped while posting load ${load}: it is posted again (the channel may show it twice).`);
  }

  async close(id: string): Promise<Outcome> {
    const record = this.state.posts[id] as PostRecord & { message: number };
    const post = closedPost(record.body ?? '', this.t);
    const closed = this.now().toISOString();
    try {
      await this.api.call('editMessageText', { ...this.params(post), message_id: record.message }, { idempotent: true });
    } catch (error) {
      const answer = editAnswer(error);
      if (answer === 'not-found' || answer === 'not-editable')
        this.log(`The post of load ${id} (message ${record.message}) is gone from the channel or not editable; recorded as closed.`);
      else if (answer !== 'not-modified') {
        const failed = this.refused(id, 'close', error);
        this.state.posts[id] = {
          ...record,
          failed: { reason: failed.reason, runs: failed.runs, at: closed },
          // Given up: left as it is, and no longer tried.
          ...(failed.gaveUp ? { gaveUp: closed, closed } : {}),
        };
        this.save();
        return { done: 'failed', failed, ...unanswered(error) };
      }
    }
    this.state.posts[id] = { message: record.message, closed };
    this.save();
    return { done: 'closed' };
  }

  /**
   * A load back on the board whose post says closed: the post is edited back to the load's open post
   * (its facts as they are now, the link and the button), in place. One edit; no new post.
   */
  async reopen(load: PublishedLoad): Promise<Outcome> {
    const record = this.state.posts[load.id] as PostRecord & { message: number };
    const body = postBody(load, this.config.language, this.t);
    const post = openPost(load, this.config.language, this.config.siteUrl, this.t);
    try {
      await this.api.call('editMessageText', { ...this.params(post), message_id: record.message }, { idempotent: true });
    } catch (error) {
      const answer = editAnswer(error);
      if (answer === 'not-found' || answer === 'not-editable') {
        // Nothing to edit: the load is posted anew by the next run, as a load never posted.
        this.log(
          `The post of load ${load.id} (message ${record.message}) is gone from the channel or not editable; the next run posts the load again.`,
        );
        delete this.state.posts[load.id];
        this.save();
        return { done: 'reopened' };
      }
      if (answer !== 'not-modified') {
        const failed = this.refused(load.id, 'reopen', error);
        const at = this.now().toISOString();
        this.state.posts[load.id] = {
          ...record,
          failed: { reason: failed.reason, runs: failed.runs, at },
          ...(failed.gaveUp ? { gaveUp: at } : {}),
        };
        this.save();
        return { done: 'failed', failed, ...unanswered(error) };
      }
    }
    this.state.posts[load.id] = { message: record.message, body };
    this.save();
    return { done: 'reopened' };
  }

  /**
   * A message that failed: rethrows what stops the run (the token, the chat, the connection, the
   * time budget), else says what happened and whether it counts against the load.
   */
  private refused(load: string, action: FailedMessage['action'], error: unknown): FailedMessage {
    if (isSetupFailure(error) || error instanceof OutOfTimeError) throw error;
    const before = this.state.posts[load]?.failed?.runs ?? 0;
    if (error instanceof TelegramApiError && error.status < 500) {
      const runs = before + 1;
      return { load, action, reason: `${error.status} ${error.description}`, runs, gaveUp: runs >= MAX_FAILED_RUNS };
    }
    if (error instanceof OutcomeUnknownError || error instanceof TelegramApiError) {
      // No answer, or the API's own failure: not the message's fault, so it does not count.
      const reason =
        error instanceof OutcomeUnknownError
          ? `no answer (${error.failure.message}); it may have gone out`
          : `${error.status} ${error.description}`;
      return { load, action, reason, runs: before, gaveUp: false };
    }
    throw error;
  }

  private params(post: Pick<Post, 'text' | 'replyMarkup'>): Record<string, unknown> {
    return {
      chat_id: this.config.chatId,
      text: post.text,
      parse_mode: 'HTML',
      reply_markup: post.replyMarkup,
      // Every load page shares the site's card image; a preview on every post would only fill the feed.
      link_preview_options: { is_disabled: true },
    };
  }

  save(): void {
    writeState(this.config.stateFile, this.state);
  }
}

function unanswered(error: unknown): { unanswered?: OutcomeUnknownError | TelegramApiError } {
  if (error instanceof OutcomeUnknownError) return { unanswered: error };
  if (error instanceof TelegramApiError && error.status >= 500) return { unanswered: error };
  return {};
}

type EditAnswer = 'not-modified' | 'not-found' | 'not-editable' | 'other';

function editAnswer(error: unknown): EditAnswer {
  if (!(error instanceof TelegramApiError) || error.status !== 400) return 'other';
  const text = error.description.toLowerCase();
  if (text.includes('message is not modified')) return 'not-modified';
  if (text.includes('message to edit not found') || text.includes('message_id_invalid')) return 'not-found';
  if (text.includes("message can't be edited")) return 'not-editable';
  return 'other';
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
