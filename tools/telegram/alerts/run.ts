import fs from 'node:fs';
import type { S3Client } from '@aws-sdk/client-s3';
import { tashkentDay } from '../../../src/config/time';
import { type BotApi, createBotApi, OutcomeUnknownError, OutOfTimeError, TelegramApiError } from '../bot-api';
import { bucketStateStore, chooseState, giveStateBack, takeState } from '../bucket-state';
import { readBoard } from '../run';
import type { AlertsConfig } from './config';
import { vehicleNamesById } from './kept-list';
import { alertMessage, type OutMessage } from './messages';
import { planAlerts } from './plan';
import { ALERTS_STATE, type AlertsState, emptyAlertsState, Journal, type PendingAnswer, readAlertsState, writeAlertsState } from './state';
import { applyUpdate, type ButtonAnswer, type UpdateCounts, updateId } from './updates';

/**
 * One run of `npm run telegram -- alerts` (docs/telegram.md, "Alerts"): reads what people sent the bot
 * since the last run (`getUpdates`, from the offset the state keeps) and answers it, then sends each
 * kept search the loads of the build's board (feeds/board.json) that its list holds and that were posted
 * since its last alert: one message a search and run, oldest first, at Telegram's pace, until the time
 * budget is spent.
 *
 * At most once: the updates read are in the state on disk before any answer goes out, and every alert
 * is in the journal (state.ts) before it is sent, so a run killed at any point sends nothing twice; what
 * was in flight then is counted as sent. A chat that blocked the bot is forgotten. Nothing about anyone
 * reaches the log: it counts.
 */

export interface AlertsReport extends UpdateCounts {
  /** Answers to commands and buttons sent. */
  answers: number;
  alerts: number;
  /** Loads those alerts listed. */
  loads: number;
  /** Alerts left for the next run when the time budget ran out. */
  left: number;
  /** Messages Telegram refused, or sent without an answer (counted as sent). */
  failed: number;
  /** Searches whose token this run cannot read (left as they are). */
  unreadable: number;
  requests: number;
  seconds: number;
}

export interface AlertsRunOptions {
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** The run's clock (epoch ms): its day, its time budget, and the pause between two messages to a chat. */
  clock?: () => number;
  /** The bucket's client (tests give s3rver's); the state store is made from `config.bucket`. */
  s3Client?: S3Client;
  /** How long one request may go unanswered (bot-api.ts's 30 s); tests shorten it. */
  requestTimeoutMs?: number;
}

/** A run that stopped on a failure, with what it had done by then (the log must not say it sent nothing). */
export class AlertsRunFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly report: AlertsReport,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'AlertsRunFailure';
  }
}

/** Sends without an answer in a row after which the run stops: the API is unwell, not the messages. */
const MAX_UNANSWERED_IN_A_ROW = 2;
/** Updates read per `getUpdates` call, Telegram's most. */
const UPDATES_PER_CALL = 100;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Sent = 'sent' | 'forgotten' | 'refused' | 'unanswered';

class Sender {
  private readonly lastSent = new Map<string, number>();
  /** Chats forgotten in this run (they refused a message for good): nothing more goes to them. */
  private readonly gone = new Set<string>();
  private unanswered = 0;

  constructor(
    private readonly api: BotApi,
    private readonly config: AlertsConfig,
    private readonly state: AlertsState,
    private readonly clock: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
    readonly report: AlertsReport,
  ) {}

  /** One message to a chat, at most one a chat every `chatIntervalMs`; a chat that refuses for good is forgotten. */
  async send(chat: string, message: OutMessage): Promise<Sent> {
    if (this.gone.has(chat)) return 'forgotten';
    const wait = (this.lastSent.get(chat) ?? -Infinity) + this.config.chatIntervalMs - this.clock();
    if (wait > 0) await this.sleep(wait);
    this.lastSent.set(chat, this.clock());
    const params = {
      chat_id: chat,
      text: message.text,
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...(message.buttons.length > 0 ? { reply_markup: { inline_keyboard: message.buttons } } : {}),
    };
    try {
      await this.api.call('sendMessage', params, { idempotent: false });
      this.unanswered = 0;
      return 'sent';
    } catch (error) {
      return this.failed(chat, error);
    }
  }

  /**
   * The answer to a pressed button, best effort and tried once: Telegram refuses one that waited too
   * long, and whatever else becomes of it, the message after it says the same and the alerts go on.
   */
  async answerButton(callback: string, text: string): Promise<void> {
    try {
      await this.api.call('answerCallbackQuery', { callback_query_id: callback, text }, { idempotent: false });
    } catch (error) {
      if (error instanceof TelegramApiError && error.status === 401) throw error;
    }
  }

  private failed(chat: string, error: unknown): Sent {
    if (error instanceof TelegramApiError) {
      const gone = error.status === 403 || (error.status === 400 && /chat not found|user is deactivated/i.test(error.description));
      if (gone) {
        this.gone.add(chat);
        delete this.state.chats[chat];
        this.report.forgotten += 1;
        return 'forgotten';
      }
      if (error.status === 401 || error.status === 404 || error.status === 409) throw error;
      this.report.failed += 1;
      return 'refused';
    }
    if (error instanceof OutcomeUnknownError) {
      this.report.failed += 1;
      this.unanswered += 1;
      if (this.unanswered >= MAX_UNANSWERED_IN_A_ROW) throw error;
      return 'unanswered';
    }
    throw error;
  }
}

export async function runAlerts(config: AlertsConfig, options: AlertsRunOptions = {}): Promise<AlertsReport> {
  const { log = console.log, sleep = defaultSleep, clock = Date.now } = options;
  const started = clock();
  const outOfTime = () => clock() - started > config.timeBudgetMs;
  const board = readBoard(config.boardFile);
  const local = readAlertsState(config.stateFile);
  const store = config.bucket ? bucketStateStore(config.bucket, options.s3Client, ALERTS_STATE) : null;
  const stored = store ? await store.read() : null;
  const saved = store ? chooseState(local, stored?.state ?? null, config.stateFile, store.where, ALERTS_STATE) : local;
  const state = saved ? structuredClone(saved) : emptyAlertsState();
  const save = () => writeAlertsState(config.stateFile, state);
  const hold = store ? await takeState(store, state, stored, () => new Date(clock())) : null;
  save();

  const report: AlertsReport = {
    updates: 0,
    subscribed: 0,
    stopped: 0,
    refused: 0,
    answers: 0,
    alerts: 0,
    loads: 0,
    forgotten: 0,
    left: 0,
    failed: 0,
    unreadable: 0,
    requests: 0,
    seconds: 0,
  };
  const api = createBotApi({
    apiUrl: config.apiUrl,
    token: config.token,
    minIntervalMs: config.minIntervalMs,
    retryDelayMs: Math.max(500, config.minIntervalMs),
    sleep,
    log,
    deadline: started + config.timeBudgetMs,
    now: clock,
    ...(options.requestTimeoutMs === undefined ? {} : { timeoutMs: options.requestTimeoutMs }),
  });
  const sender = new Sender(api, config, state, clock, sleep, report);
  const journal = new Journal(config.stateFile);
  const today = tashkentDay(clock()) ?? '1970-01-01';
  // No cursor passes the run's clock, nor the build's: the board's file was written by the build.
  const runNow = Math.min(clock(), boardWrittenAt(config.boardFile));
  const vehicleNames = vehicleNamesById(board.vehicleTypes);
  let failure: unknown = null;
  try {
    const context = { state, today, now: runNow, vehicleNames, siteUrl: config.siteUrl, counts: report };
    const buttons = await readUpdates(api, context, save, outOfTime);
    for (const button of buttons) if (!outOfTime()) await sender.answerButton(button.callback, button.text);
    await sendAnswers(state, sender, journal, outOfTime);
    const plan = planAlerts(board, state, today, vehicleNames, runNow);
    report.unreadable = plan.unreadable;
    for (const { subscription, upTo } of plan.quiet) subscription.since = upTo;
    for (const [index, alert] of plan.alerts.entries()) {
      // A chat forgotten in this run (it blocked the bot) gets nothing more.
      if (!state.chats[alert.chat]?.includes(alert.subscription)) continue;
      if (outOfTime()) {
        report.left = plan.alerts.length - index;
        break;
      }
      const before = alert.subscription.since;
      journal.record({ chat: alert.chat, id: alert.subscription.id, upTo: alert.upTo });
      alert.subscription.since = alert.upTo;
      const message = alertMessage(alert.list, alert.subscription.id, alert.loads, alert.total, config.siteUrl, alert.detours);
      let sent: Sent;
      try {
        sent = await sender.send(alert.chat, message);
      } catch (error) {
        if (!(error instanceof OutOfTimeError)) throw error;
        // Telegram refused it (429) and did nothing: the next run sends it.
        alert.subscription.since = before;
        log(`${error.message}: the run ends here and the rest waits for the next run.`);
        report.left = plan.alerts.length - index;
        break;
      }
      if (sent === 'sent') {
        report.alerts += 1;
        report.loads += message.loads;
      }
    }
  } catch (error) {
    // A 429 past the budget (reading updates, or answering) is no failure: the rest is the next run's.
    if (error instanceof OutOfTimeError) log(`${error.message}: the run ends here and the rest waits for the next run.`);
    else failure = error;
  } finally {
    journal.close();
    report.requests = api.requests;
    report.seconds = (clock() - started) / 1000;
  }
  if (store && hold) await giveStateBack(store, state, save, config.stateFile, hold, failure, log, ALERTS_STATE);
  else save();
  if (failure) throw new AlertsRunFailure(failure, report);
  log(alertsSummary(report, state));
  return report;
}

/**
 * The answers waiting in the state, oldest first (those an earlier run had no time for, then this
 * run's), each in the journal before it goes, so none is sent twice; what the time budget leaves
 * stays in the state for the next run.
 */
async function sendAnswers(state: AlertsState, sender: Sender, journal: Journal, outOfTime: () => boolean): Promise<void> {
  while (state.answers.length > 0 && !outOfTime()) {
    const answer = state.answers[0] as PendingAnswer;
    journal.record({ answered: answer.update });
    state.answers.shift();
    try {
      if ((await sender.send(answer.chat, answer.message)) === 'sent') sender.report.answers += 1;
    } catch (error) {
      // Telegram refused it (429) and did nothing: it waits for the next run, with the others.
      if (error instanceof OutOfTimeError) state.answers.unshift(answer);
      throw error;
    }
  }
}

/**
 * Reads every update since the state's offset and applies each: the messages to send join the state's
 * answers, on disk with the offset after each call (before the next one confirms the updates to
 * Telegram). Returns the answers to pressed buttons, which are worth sending in this run only.
 */
async function readUpdates(
  api: BotApi,
  context: Parameters<typeof applyUpdate>[1],
  save: () => void,
  outOfTime: () => boolean,
): Promise<ButtonAnswer[]> {
  const buttons: ButtonAnswer[] = [];
  const { state } = context;
  while (!outOfTime()) {
    const updates = await api.call<unknown[]>(
      'getUpdates',
      { offset: state.offset, limit: UPDATES_PER_CALL, timeout: 0, allowed_updates: ['message', 'callback_query', 'my_chat_member'] },
      { idempotent: true },
    );
    if (!Array.isArray(updates) || updates.length === 0) break;
    for (const update of updates) {
      const id = updateId(update);
      if (id === null || id < state.offset) continue;
      for (const answer of applyUpdate(update, context))
        if ('callback' in answer) buttons.push(answer);
        else state.answers.push({ update: id, chat: answer.chat, message: answer.message });
      state.offset = id + 1;
    }
    save();
    if (updates.length < UPDATES_PER_CALL) break;
  }
  return buttons;
}

/** When the build wrote its board (the file's time); never unknown, so "now" when the file says nothing. */
function boardWrittenAt(file: string): number {
  const time = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  return time !== undefined && Number.isFinite(time) ? time : Number.POSITIVE_INFINITY;
}

function alertsSummary(report: AlertsReport, state: AlertsState): string {
  const chats = Object.keys(state.chats).length;
  const searches = Object.values(state.chats).reduce((sum, list) => sum + list.length, 0);
  return [
    `Telegram alerts: read ${report.updates} updates (${report.subscribed} searches kept, ${report.stopped} stopped, ${report.refused} links refused), `,
    `sent ${report.answers} answers and ${report.alerts} alerts of ${report.loads} loads`,
    report.forgotten > 0 ? `, forgot ${report.forgotten} chats that blocked the bot` : '',
    report.left > 0 ? `, left ${report.left} alerts for the next run (time budget)` : '',
    report.failed > 0 ? `, ${report.failed} messages refused or unanswered` : '',
    report.unreadable > 0 ? `, ${report.unreadable} searches of a token this run cannot read` : '',
    `; ${chats} chats keep ${searches} searches; ${report.requests} requests in ${report.seconds.toFixed(1)} s.`,
  ].join('');
}
