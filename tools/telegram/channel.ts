import type { TFunction } from 'i18next';
import type { PublishedLoad } from '../../src/feeds/published-board';
import { type BotApi, isSetupFailure, OutcomeUnknownError, OutOfTimeError, TelegramApiError } from './bot-api';
import type { TelegramConfig } from './config';
import type { RunPlan } from './plan';
import { closedPost, openPost, type Post, postBody } from './post';
import { type PostRecord, type TelegramState, writeState } from './state';

/**
 * The channel as one run of `npm run telegram` changes it (run.ts): a post per new load, the closed
 * edit of a load that left, the open edit of one that came back, each recorded in the state as it goes.
 * A message is edited only where the state records it as that load's post.
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

/** Runs in which Telegram may refuse one load's message before it is given up. */
export const MAX_FAILED_RUNS = 3;

interface SentMessage {
  message_id: number;
}
export type Outcome =
  | { done: 'posted' | 'closed' | 'reopened' }
  | { done: 'failed'; failed: FailedMessage; unanswered?: OutcomeUnknownError | TelegramApiError };

export class Channel {
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
