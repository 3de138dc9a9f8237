/**
 * A local stand-in for the Telegram Bot API, for tests and `npm run bench:telegram`: a real HTTP server
 * (port 0) that answers `POST /bot{token}/{method}` the way Telegram does for what `npm run telegram`
 * calls, records every call with its arrival time, and can be told to answer 429 or 5xx, or to hold a
 * request without answering (before or after carrying it out), as a run cut off half-way sees it.
 *
 * Faithful where the tool depends on it:
 * - a channel numbers its messages one by one, people's posts included (`humanPost`);
 * - `parse_mode: HTML` accepts only Telegram's tags and entities and refuses the rest with "can't parse
 *   entities", as Telegram does, so unescaped load text fails here as it would there;
 * - `editMessageText` answers 400 "message to edit not found" for an id not in use, "message can't be
 *   edited" for a post the bot did not make, and "message is not modified" when text (after parsing)
 *   and keyboard are those of the message already; an edit without `reply_markup` removes the keyboard;
 * - a wrong token gets 401 Unauthorized, an unknown chat 400 "chat not found", a chat where the bot is
 *   not an admin 403.
 * Optionally it enforces Telegram's limit of about 20 messages a minute in one chat with 429s.
 *
 * For the alerts bot (`npm run telegram -- alerts`) it also keeps private chats: people who send it
 * text (`/start TOKEN`, `/stop`, `/list`) or press a button under one of its messages, read back with
 * `getUpdates` (an `offset` confirms, and forgets, every update before it), `answerCallbackQuery`, and a
 * person who blocked the bot (403 "Forbidden: bot was blocked by the user"), told to the bot or not (a
 * `my_chat_member` update). A Telegram that stopped answering holds every call of a method (`holdAll`).
 *
 * Made of two parts: FakeTelegram keeps the chats, the updates and what is scripted, and carries calls
 * out; FakeBotServer answers each HTTP request from it.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type Entity, parseTelegramHtml } from './telegram-html';

export { type Entity, parseTelegramHtml };

export interface FakeCall {
  method: string;
  body: Record<string, unknown>;
  /** Arrival time, ms since the epoch. */
  at: number;
  /** The status answered; 0 for a request held without an answer. */
  status: number;
  description?: string;
}

export interface FakeMessage {
  id: number;
  /** The chat it is in: the channel (as TELEGRAM_CHAT_ID names it), or a private chat's id. */
  chat: string;
  /** The text as readers see it, after HTML parsing. */
  text: string;
  entities: Entity[];
  /** The HTML the bot sent. */
  html: string;
  replyMarkup: unknown;
  byBot: boolean;
  edits: number;
}

export interface ScriptedAnswer {
  status: number;
  description?: string;
  retryAfter?: number;
  /** Send an HTML page instead of JSON, as the proxy in front of the API does for 502. */
  html?: boolean;
  /** Carry the call out first, then answer with this failure (an answer lost on its way back). */
  performFirst?: boolean;
}

export type Hold = 'before' | 'after';

export interface FakeBotApiOptions {
  token?: string;
  /** The chat the bot may post to, as TELEGRAM_CHAT_ID names it. */
  chat?: string;
  /** false: the bot was not made an admin of the channel (403). */
  botIsAdmin?: boolean;
  /** Answer 429 when more than this many messages reach the chat within a minute; off when unset. */
  perMinuteLimit?: number;
  /** Any numeric chat id is a person's private chat, as if each had written first (the alerts' bench). */
  anyPrivateChat?: boolean;
  /** false: calls and messages are counted (`counts`) but not kept, so a bench of 50,000 costs no memory. */
  record?: boolean;
}

export interface FakeBotApi {
  url: string;
  token: string;
  chat: string;
  calls: FakeCall[];
  messages: FakeMessage[];
  /** Posts in the channel by the bot, in id order. */
  botPosts(): FakeMessage[];
  /**
   * Every call of `method` whose body `when` accepts gets this answer instead (nothing is carried out),
   * as Telegram refuses one message for its own content, run after run.
   */
  answerWhen(method: string, when: (body: Record<string, unknown>) => boolean, answer: ScriptedAnswer): void;
  /** The next `count` calls of `method` get this answer instead (nothing is carried out). */
  answerNext(method: string, answer: ScriptedAnswer, count?: number): void;
  /**
   * A coming call of `method` (the next, or the one after `skip` more) never gets an answer: 'before'
   * carries nothing out, 'after' does the work first.
   */
  holdNext(method: string, hold: Hold, skip?: number): void;
  /** From now on no call of `method` gets an answer, nor is carried out: a Telegram that stopped answering. */
  holdAll(method: string): void;
  /** A post by a person (an admin) in the channel: it takes the next id, and the bot cannot edit it. */
  humanPost(text: string): FakeMessage;
  /**
   * A person writes to the bot in their private chat (whose id is theirs): an update `getUpdates` gives.
   * `at`: when they sent it (epoch ms; default now). Returns the update's id.
   */
  userSends(user: FakeUser, text: string, at?: number): number;
  /** A person presses the button with `data` under one of the bot's messages in their chat. */
  userPresses(user: FakeUser, messageId: number, data: string): number;
  /** From now on the person has blocked the bot: every message to them is refused with 403. */
  block(user: FakeUser): void;
  /** The person blocks the bot, and Telegram tells it so: a `my_chat_member` update (status `kicked`). */
  userBlocks(user: FakeUser): number;
  /** The bot's messages in one private chat, in order. */
  chatMessages(chatId: number | string): FakeMessage[];
  /** Updates not yet confirmed by an `offset`. */
  pendingUpdates(): number;
  /** Calls received and messages carried out, kept or not. */
  counts: { calls: number; messages: number };
  close(): Promise<void>;
}

/** A Telegram user as an update names them: the alerts must keep none of this but the id. */
export interface FakeUser {
  id: number;
  firstName: string;
  username?: string;
  languageCode?: string;
}

const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

type Outcome = { status: number; payload: Record<string, unknown> };
type Update = { update_id: number } & Record<string, unknown>;

const failure = (status: number, description: string, extra: Record<string, unknown> = {}): Outcome => ({
  status,
  payload: { ok: false, error_code: status, description, ...extra },
});
const success = (result: unknown): Outcome => ({ status: 200, payload: { ok: true, result } });

function userJson(user: FakeUser): Record<string, unknown> {
  return {
    id: user.id,
    is_bot: false,
    first_name: user.firstName,
    ...(user.username ? { username: user.username } : {}),
    ...(user.languageCode ? { language_code: user.languageCode } : {}),
  };
}

function privateChatJson(user: FakeUser): Record<string, unknown> {
  return { id: user.id, type: 'private', first_name: user.firstName, ...(user.username ? { username: user.username } : {}) };
}

const BOT_USER = { id: 123456, is_bot: true, first_name: 'Test', username: 'test_bot' };

/** What the fake keeps: the channel's and the private chats' messages, the updates, what is scripted. */
class FakeTelegram {
  readonly calls: FakeCall[] = [];
  readonly messages: FakeMessage[] = [];
  readonly counts = { calls: 0, messages: 0 };
  readonly scripted = new Map<string, ScriptedAnswer[]>();
  readonly rules: Array<{ method: string; when: (body: Record<string, unknown>) => boolean; answer: ScriptedAnswer }> = [];
  readonly holds = new Map<string, { hold: Hold; skip: number }>();
  readonly heldForGood = new Set<string>();
  readonly updates: Update[] = [];
  readonly blocked = new Set<string>();
  private readonly privateChats = new Set<string>();
  private readonly callbacks = new Set<string>();
  private readonly recentMessages: number[] = [];
  private nextId = 1;
  private nextUpdate = 1;

  constructor(
    readonly token: string,
    readonly chat: string,
    private readonly options: FakeBotApiOptions,
  ) {}

  get record(): boolean {
    return this.options.record ?? true;
  }

  private isPrivate(id: string): boolean {
    return this.privateChats.has(id) || (this.options.anyPrivateChat === true && /^\d+$/.test(id));
  }

  /** Carries out a call; returns the answer to give. */
  perform(method: string, body: Record<string, unknown>): Outcome {
    if (method === 'getUpdates') return success(this.readUpdates(body));
    if (method === 'answerCallbackQuery') {
      if (!this.callbacks.delete(String(body.callback_query_id ?? '')))
        return failure(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
      return success(true);
    }
    if (method === 'getMe') return success(BOT_USER);
    if (method !== 'sendMessage' && method !== 'editMessageText') return failure(404, 'Not Found');
    const target = String(body.chat_id ?? '');
    if (target !== this.chat && !this.isPrivate(target)) return failure(400, 'Bad Request: chat not found');
    if (this.blocked.has(target)) return failure(403, 'Forbidden: bot was blocked by the user');
    if (target === this.chat && this.options.botIsAdmin === false)
      return failure(403, 'Forbidden: bot is not a member of the channel chat');
    if (typeof body.text !== 'string') return failure(400, 'Bad Request: message text is empty');
    let parsed: { text: string; entities: Entity[] };
    try {
      parsed = body.parse_mode === 'HTML' ? parseTelegramHtml(body.text) : { text: body.text, entities: [] };
    } catch (parseError) {
      return failure(400, `Bad Request: can't parse entities: ${(parseError as Error).message}`);
    }
    if (parsed.text.trim() === '') return failure(400, 'Bad Request: message text is empty');
    if (parsed.text.length > 4096) return failure(400, 'Bad Request: message is too long');
    const markup = normalizeMarkup(body.reply_markup);
    if (method === 'sendMessage') return this.sendMessage(target, body.text, parsed, markup);
    return this.editMessage(target, Number(body.message_id), body.text, parsed, markup);
  }

  private sendMessage(target: string, html: string, parsed: { text: string; entities: Entity[] }, markup: unknown): Outcome {
    const message: FakeMessage = { id: this.nextId, chat: target, ...parsed, html, replyMarkup: markup, byBot: true, edits: 0 };
    this.nextId += 1;
    this.counts.messages += 1;
    if (this.record) this.messages.push(message);
    return success(this.messageJson(message));
  }

  private editMessage(target: string, id: number, html: string, parsed: { text: string; entities: Entity[] }, markup: unknown): Outcome {
    const message = this.messages.find((candidate) => candidate.id === id && candidate.chat === target);
    if (!message) return failure(400, 'Bad Request: message to edit not found');
    if (!message.byBot) return failure(400, "Bad Request: message can't be edited");
    if (
      message.text === parsed.text &&
      JSON.stringify(message.entities) === JSON.stringify(parsed.entities) &&
      JSON.stringify(message.replyMarkup) === JSON.stringify(markup)
    )
      return failure(400, NOT_MODIFIED);
    Object.assign(message, { ...parsed, html, replyMarkup: markup, edits: message.edits + 1 });
    return success(this.messageJson(message));
  }

  /** Updates from `offset` on, at most `limit`; those before `offset` are confirmed and forgotten. */
  private readUpdates(body: Record<string, unknown>): unknown[] {
    const offset = Number(body.offset ?? 0);
    if (offset > 0) while (this.updates.length > 0 && (this.updates[0]?.update_id ?? 0) < offset) this.updates.shift();
    const limit = Math.min(100, Math.max(1, Number(body.limit ?? 100)));
    return this.updates.slice(0, limit);
  }

  messageJson(message: FakeMessage): Record<string, unknown> {
    return {
      message_id: message.id,
      date: Math.floor(Date.now() / 1000),
      chat:
        message.chat === this.chat
          ? { id: -1001234567890, type: 'channel', title: 'Test channel', username: this.chat.replace(/^@/, '') }
          : { id: Number(message.chat), type: 'private' },
      text: message.text,
      ...(message.entities.length > 0 ? { entities: message.entities } : {}),
      ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
    };
  }

  /** Seconds to wait when one more message now would break the per-minute limit, else 0. */
  rateLimitWait(now: number): number {
    const limit = this.options.perMinuteLimit;
    if (!limit) return 0;
    while (this.recentMessages.length > 0 && (this.recentMessages[0] as number) <= now - 60_000) this.recentMessages.shift();
    if (this.recentMessages.length < limit) return 0;
    return Math.max(1, Math.ceil(((this.recentMessages[0] as number) + 60_000 - now) / 1000));
  }

  countMessage(at: number): void {
    this.recentMessages.push(at);
  }

  humanPost(text: string): FakeMessage {
    const message: FakeMessage = {
      id: this.nextId,
      chat: this.chat,
      text,
      entities: [],
      html: text,
      replyMarkup: null,
      byBot: false,
      edits: 0,
    };
    this.nextId += 1;
    this.messages.push(message);
    return message;
  }

  private addUpdate(fields: Record<string, unknown>): number {
    const update = { update_id: this.nextUpdate, ...fields };
    this.nextUpdate += 1;
    this.updates.push(update);
    return update.update_id;
  }

  userSends(user: FakeUser, text: string, at: number): number {
    this.privateChats.add(String(user.id));
    const command = /^\/[A-Za-z]+/.exec(text)?.[0];
    const message = {
      message_id: this.nextId,
      from: userJson(user),
      chat: privateChatJson(user),
      date: Math.floor(at / 1000),
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
    };
    this.nextId += 1;
    return this.addUpdate({ message });
  }

  userPresses(user: FakeUser, messageId: number, data: string): number {
    const message = this.messages.find((candidate) => candidate.id === messageId && candidate.chat === String(user.id));
    const id = `cb${this.nextUpdate}`;
    this.callbacks.add(id);
    return this.addUpdate({
      callback_query: {
        id,
        from: userJson(user),
        chat_instance: '42',
        data,
        ...(message ? { message: { ...this.messageJson(message), chat: privateChatJson(user) } } : {}),
      },
    });
  }

  userBlocks(user: FakeUser): number {
    this.blocked.add(String(user.id));
    const member = (status: string) => ({ user: BOT_USER, status });
    return this.addUpdate({
      my_chat_member: {
        chat: privateChatJson(user),
        from: userJson(user),
        date: Math.floor(Date.now() / 1000),
        old_chat_member: member('member'),
        new_chat_member: { ...member('kicked'), until_date: 0 },
      },
    });
  }
}

/** Answers one request: scripted answers first, then holds, then the call carried out. */
class FakeBotServer {
  readonly sockets = new Set<Socket>();
  readonly heldResponses = new Set<http.ServerResponse>();

  constructor(private readonly telegram: FakeTelegram) {}

  private reply(response: http.ServerResponse, call: FakeCall, { status, payload }: Outcome): void {
    call.status = status;
    if (typeof payload.description === 'string') call.description = payload.description;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  }

  private scripted(response: http.ServerResponse, call: FakeCall, next: ScriptedAnswer): void {
    if (next.performFirst) this.telegram.perform(call.method, call.body);
    if (next.html) {
      call.status = next.status;
      call.description = next.description;
      response.writeHead(next.status, { 'content-type': 'text/html' });
      response.end(
        `<html><head><title>${next.status} Bad Gateway</title></head><body><center><h1>${next.status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>`,
      );
      return;
    }
    const extra = next.retryAfter === undefined ? {} : { parameters: { retry_after: next.retryAfter } };
    const description =
      next.description ?? (next.retryAfter === undefined ? 'Internal Server Error' : `Too Many Requests: retry after ${next.retryAfter}`);
    this.reply(response, call, failure(next.status, description, extra));
  }

  /** Whether this call is held without an answer (carried out first when the hold says 'after'). */
  private held(method: string, body: Record<string, unknown>, response: http.ServerResponse): boolean {
    const { holds, heldForGood } = this.telegram;
    const hold = holds.get(method);
    if (!heldForGood.has(method)) {
      if (!hold) return false;
      if (hold.skip > 0) {
        hold.skip -= 1;
        return false;
      }
      holds.delete(method);
      if (hold.hold === 'after') this.telegram.perform(method, body);
    }
    this.heldResponses.add(response);
    return true;
  }

  handle(url: string, body: Record<string, unknown>, response: http.ServerResponse): void {
    const telegram = this.telegram;
    const at = Date.now();
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url);
    const call: FakeCall = { method: match?.[2] ?? '?', body, at, status: 0 };
    telegram.counts.calls += 1;
    if (telegram.record) telegram.calls.push(call);
    if (!match) return this.reply(response, call, failure(404, 'Not Found'));
    if (match[1] !== telegram.token) return this.reply(response, call, failure(401, 'Unauthorized'));
    const method = call.method;
    const next = telegram.rules.find((rule) => rule.method === method && rule.when(body))?.answer ?? telegram.scripted.get(method)?.shift();
    if (next) return this.scripted(response, call, next);
    const toChannel = (method === 'sendMessage' || method === 'editMessageText') && String(body.chat_id ?? '') === telegram.chat;
    const wait = toChannel ? telegram.rateLimitWait(at) : 0;
    if (wait > 0)
      return this.reply(response, call, failure(429, `Too Many Requests: retry after ${wait}`, { parameters: { retry_after: wait } }));
    if (this.held(method, body, response)) return undefined;
    const result = telegram.perform(method, body);
    if (toChannel && result.status === 200) telegram.countMessage(at);
    return this.reply(response, call, result);
  }

  listen(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      this.handle(request.url ?? '', body, response);
    });
  }
}

/** The fake's handle for a test: what it recorded, and the people and scripts it plays. */
function fakeApiOf(telegram: FakeTelegram, server: FakeBotServer, http_: http.Server, url: string): FakeBotApi {
  return {
    url,
    token: telegram.token,
    chat: telegram.chat,
    calls: telegram.calls,
    messages: telegram.messages,
    counts: telegram.counts,
    botPosts: () => telegram.messages.filter((message) => message.byBot),
    answerWhen: (method, when, answer) => void telegram.rules.push({ method, when, answer }),
    answerNext(method, answer, count = 1) {
      const queue = telegram.scripted.get(method) ?? [];
      for (let index = 0; index < count; index += 1) queue.push(answer);
      telegram.scripted.set(method, queue);
    },
    holdNext: (method, hold, skip = 0) => void telegram.holds.set(method, { hold, skip }),
    holdAll: (method) => void telegram.heldForGood.add(method),
    humanPost: (text) => telegram.humanPost(text),
    userSends: (user, text, at = Date.now()) => telegram.userSends(user, text, at),
    userPresses: (user, messageId, data) => telegram.userPresses(user, messageId, data),
    block: (user) => void telegram.blocked.add(String(user.id)),
    userBlocks: (user) => telegram.userBlocks(user),
    chatMessages: (chatId) => telegram.messages.filter((message) => message.chat === String(chatId)),
    pendingUpdates: () => telegram.updates.length,
    close() {
      for (const response of server.heldResponses) response.destroy();
      for (const socket of server.sockets) socket.destroy();
      return new Promise<void>((done) => http_.close(() => done()));
    },
  };
}

export function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const telegram = new FakeTelegram(options.token ?? '123456:TEST-token', options.chat ?? '@yukbor_test', options);
  const server = new FakeBotServer(telegram);
  const listener = http.createServer((request, response) => server.listen(request, response));
  listener.on('connection', (socket) => {
    server.sockets.add(socket);
    socket.on('close', () => server.sockets.delete(socket));
  });
  return new Promise((resolve) => {
    listener.listen(0, '127.0.0.1', () => {
      const { port } = listener.address() as AddressInfo;
      resolve(fakeApiOf(telegram, server, listener, `http://127.0.0.1:${port}`));
    });
  });
}

/** An inline keyboard as stored: none when absent or empty (Telegram drops an empty keyboard). */
function normalizeMarkup(markup: unknown): unknown {
  if (!markup || typeof markup !== 'object') return null;
  const keyboard = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (!Array.isArray(keyboard) || keyboard.every((row) => !Array.isArray(row) || row.length === 0)) return null;
  return { inline_keyboard: keyboard };
}
