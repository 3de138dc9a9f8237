import fs from 'node:fs';
import type { TFunction } from 'i18next';
import { parsePublishedBoard, type PublishedBoard, type PublishedLoad } from '../../src/feeds/published-board';
import { type BotApi, createBotApi, OutcomeUnknownError, TelegramApiError } from './bot-api';
import type { TelegramConfig } from './config';
import { planRun, type RunPlan } from './plan';
import { closedPost, openPost, type Post, postBody } from './post';
import { emptyState, type InFlight, readState, type TelegramState, writeState } from './state';
import { telegramTranslator } from './texts';

/**
 * One run of `npm run telegram`: reads the board the build published and the state of the last run,
 * settles a send the last run left unconfirmed, then posts the new loads (oldest first) and marks the
 * posts of loads that left the board as closed. The state is written before every send (the send in
 * flight) and after every message.
 */

export interface RunReport {
  posted: number;
  closed: number;
  /** First run: loads recorded without a post. */
  seen: number;
  /** Messages left for the next run when the time budget ran out. */
  left: number;
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
}

interface SentMessage {
  message_id: number;
}

/** Ids of a channel's messages count up one by one; this many above the last known post are checked. */
const PROBE_WINDOW = 10;
/** Ids that do not exist, in a row, after which the rest are taken to be unused too. */
const PROBE_MISSING_IN_A_ROW = 2;
const MAX_SEND_ATTEMPTS = 3;
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
  const saved = readState(config.stateFile);
  if (saved && config.chatId && saved.chat !== config.chatId)
    throw new Error(
      `the state file ${config.stateFile} belongs to chat ${saved.chat}, not ${config.chatId}: give each chat its own TELEGRAM_STATE_FILE`,
    );
  const t = telegramTranslator(config.language);
  const planOptions = { firstPosts: config.firstPosts, now: now(), keepClosedDays: options.keepClosedDays ?? KEEP_CLOSED_DAYS };
  if (config.dryRun) return dryRun(config, planRun(board, saved, planOptions), saved, t, log, started);

  const api = createBotApi({
    apiUrl: config.apiUrl,
    token: config.token,
    minIntervalMs: config.minIntervalMs,
    // A failed call is tried again at the messages' own pace, and sooner only in tests.
    retryDelayMs: Math.max(500, config.minIntervalMs),
    sleep: options.sleep,
    log,
  });
  const channel = new Channel(config, saved ?? emptyState(config.chatId), api, t, log, now);
  const report: RunReport = { posted: 0, closed: 0, seen: 0, left: 0, requests: 0, seconds: 0 };
  try {
    if (channel.state.inFlight) await channel.settleInFlight();
    const plan = planRun(board, saved ? channel.state : null, planOptions);
    // A marketplace board does not empty in fifteen minutes; a build that published nothing does.
    if (board.loads.length === 0 && plan.close.length > 0)
      throw new Error(
        `${config.boardFile} lists no loads: not marking ${plan.close.length} posts closed; check the build's read of the API`,
      );
    report.seen = plan.seen.length;
    channel.apply(plan, saved === null);
    const toPost = plan.post;
    const work: Array<() => Promise<void>> = [
      ...toPost.map((load) => async () => {
        await channel.post(load);
        report.posted += 1;
      }),
      ...plan.close.map((id) => async () => {
        await channel.close(id);
        report.closed += 1;
      }),
    ];
    for (const [index, step] of work.entries()) {
      if (Date.now() - started > config.timeBudgetMs) {
        report.left = work.length - index;
        break;
      }
      await step();
    }
  } finally {
    report.requests = api.requests;
    report.seconds = (Date.now() - started) / 1000;
  }
  log(summary(config, report));
  return report;
}

class Channel {
  constructor(
    private readonly config: TelegramConfig,
    readonly state: TelegramState,
    private readonly api: BotApi,
    private readonly t: TFunction,
    private readonly log: (line: string) => void,
    private readonly now: () => Date,
  ) {}

  has(id: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.state.posts, id);
  }

  /** Records what needs no call: a first run's seen loads, and records that are no longer needed. */
  apply(plan: RunPlan, firstRun: boolean): void {
    for (const id of plan.seen) this.state.posts[id] = { message: null };
    for (const id of plan.forget) delete this.state.posts[id];
    if (firstRun || plan.seen.length + plan.forget.length > 0) this.save();
  }

  async post(load: PublishedLoad): Promise<void> {
    const body = postBody(load, this.config.language, this.t);
    const post = openPost(load, this.config.language, this.config.siteUrl, this.t);
    const flight: InFlight = {
      load: load.id,
      body,
      text: post.text,
      replyMarkup: post.replyMarkup,
      after: this.state.lastMessage,
      since: this.now().toISOString(),
    };
    this.state.inFlight = flight;
    this.save();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const sent = await this.api.call<SentMessage>('sendMessage', this.params(post), { idempotent: false });
        this.record(load.id, sent.message_id, body);
        return;
      } catch (error) {
        if (!(error instanceof OutcomeUnknownError)) {
          // Telegram refused it, or it never left this machine: nothing went out, nothing to settle.
          this.state.inFlight = null;
          this.save();
          throw error;
        }
        if (attempt >= MAX_SEND_ATTEMPTS) throw error;
        const found = await this.findInFlight(flight);
        if (found !== null) {
          this.record(load.id, found, body);
          return;
        }
      }
    }
  }

  /** The last run stopped between recording a send and hearing its answer: did the post go out? */
  async settleInFlight(): Promise<void> {
    const flight = this.state.inFlight as InFlight;
    const found = await this.findInFlight(flight);
    if (found !== null) {
      this.record(flight.load, found, flight.body);
      this.log(`The last run's post of load ${flight.load} went out (message ${found}): recorded, not posted again.`);
    } else {
      this.state.inFlight = null;
      this.save();
      this.log(`The last run's post of load ${flight.load} did not go out: it is posted with the new loads.`);
    }
  }

  /**
   * Finds the post of a send whose answer never came. A channel numbers its messages one by one, so
   * the post, if it exists, has an id just above the newest one confirmed before it. Each candidate is
   * edited to exactly the text and button being sent: Telegram answers "message is not modified" for
   * our post, "message can't be edited" for anyone else's post (the bot has no right to edit others'),
   * and "message to edit not found" for an id not (or no longer) in use.
   */
  private async findInFlight(flight: InFlight): Promise<number | null> {
    if (flight.after === null) {
      // No earlier post to count from (the first send in this chat): sending again is the lesser harm.
      this.log(
        `Cannot tell whether the post of load ${flight.load} went out (no earlier post in chat ${this.config.chatId} to count from).`,
      );
      return null;
    }
    let missing = 0;
    for (let id = flight.after + 1; id <= flight.after + PROBE_WINDOW && missing < PROBE_MISSING_IN_A_ROW; id += 1) {
      try {
        await this.api.call('editMessageText', { ...this.params(flight), message_id: id }, { idempotent: true });
        // Another post of this bot, now holding this load's post: no duplicate, but say so.
        this.log(`Message ${id} in chat ${this.config.chatId} was another post of this bot; it now shows load ${flight.load}.`);
        return id;
      } catch (error) {
        const answer = editAnswer(error);
        if (answer === 'not-modified') return id;
        if (answer === 'not-found') missing += 1;
        else if (answer === 'not-editable') missing = 0;
        else throw error;
      }
    }
    return null;
  }

  async close(id: string): Promise<void> {
    const record = this.state.posts[id];
    if (!record || record.message === null) return;
    const post = closedPost(record.body ?? '', this.t);
    try {
      await this.api.call('editMessageText', { ...this.params(post), message_id: record.message }, { idempotent: true });
    } catch (error) {
      const answer = editAnswer(error);
      if (answer === 'not-found' || answer === 'not-editable')
        this.log(`The post of load ${id} (message ${record.message}) is gone from the channel or not editable; recorded as closed.`);
      else if (answer !== 'not-modified') throw error;
    }
    this.state.posts[id] = { message: record.message, closed: this.now().toISOString() };
    this.save();
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

  private record(id: string, message: number, body: string): void {
    this.state.posts[id] = { message, body };
    this.state.lastMessage = Math.max(this.state.lastMessage ?? 0, message);
    this.state.inFlight = null;
    this.save();
  }

  private save(): void {
    writeState(this.config.stateFile, this.state);
  }
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
  if (saved?.inFlight) log(`The last run left the post of load ${saved.inFlight.load} unconfirmed; a real run checks it first.`);
  for (const load of plan.post) {
    const post = openPost(load, config.language, config.siteUrl, t);
    log(`\n--- sendMessage (load ${load.id})\n${post.text}\n${describeButtons(post)}`);
  }
  for (const id of plan.close) {
    const record = saved?.posts[id];
    const post = closedPost(record?.body ?? '', t);
    log(`\n--- editMessageText (message ${record?.message}, load ${id})\n${post.text}\n${describeButtons(post)}`);
  }
  const report: RunReport = {
    posted: plan.post.length,
    closed: plan.close.length,
    seen: plan.seen.length,
    left: 0,
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
    `Telegram chat ${config.chatId || '(not set)'}: ${did('post', 'posted')} ${plural(report.posted, 'new load')}, ${did('close', 'closed')} ${plural(report.closed, 'post')}`,
    report.seen > 0 ? `, ${did('record', 'recorded')} ${plural(report.seen, 'load')} as seen (first run)` : '',
    report.left > 0 ? `, ${plural(report.left, 'message')} left for the next run (time budget)` : '',
    dry ? '' : `; ${plural(report.requests, 'request')} in ${report.seconds.toFixed(1)} s`,
    '.',
  ].join('');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
