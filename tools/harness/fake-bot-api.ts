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
 * person who blocked the bot (403 "Forbidden: bot was blocked by the user").
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

export function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const token = options.token ?? '123456:TEST-token';
  const chat = options.chat ?? '@yukbor_test';
  const botIsAdmin = options.botIsAdmin ?? true;
  const calls: FakeCall[] = [];
  const messages: FakeMessage[] = [];
  const scripted = new Map<string, ScriptedAnswer[]>();
  const rules: Array<{ method: string; when: (body: Record<string, unknown>) => boolean; answer: ScriptedAnswer }> = [];
  const holds = new Map<string, { hold: Hold; skip: number }>();
  const sockets = new Set<Socket>();
  const heldResponses = new Set<http.ServerResponse>();
  let nextId = 1;
  const recentMessages: number[] = [];
  const updates: Array<{ update_id: number } & Record<string, unknown>> = [];
  let nextUpdate = 1;
  const blocked = new Set<string>();
  const privateChats = new Set<string>();
  const callbacks = new Set<string>();
  const record = options.record ?? true;
  const counts = { calls: 0, messages: 0 };
  const isPrivate = (id: string) => privateChats.has(id) || (options.anyPrivateChat === true && /^\d+$/.test(id));

  function answer(response: http.ServerResponse, call: FakeCall, status: number, payload: Record<string, unknown>): void {
    call.status = status;
    if (typeof payload.description === 'string') call.description = payload.description;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  }

  function fail(
    response: http.ServerResponse,
    call: FakeCall,
    status: number,
    description: string,
    extra: Record<string, unknown> = {},
  ): void {
    answer(response, call, status, { ok: false, error_code: status, description, ...extra });
  }

  /** Carries out a call; returns the answer to give. */
  function perform(method: string, body: Record<string, unknown>): { status: number; payload: Record<string, unknown> } {
    const error = (status: number, description: string) => ({ status, payload: { ok: false, error_code: status, description } });
    if (method === 'getUpdates') return { status: 200, payload: { ok: true, result: readUpdates(body) } };
    if (method === 'answerCallbackQuery') {
      const id = String(body.callback_query_id ?? '');
      if (!callbacks.delete(id)) return error(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
      return { status: 200, payload: { ok: true, result: true } };
    }
    if (method !== 'sendMessage' && method !== 'editMessageText' && method !== 'getMe') return error(404, 'Not Found');
    if (method === 'getMe')
      return { status: 200, payload: { ok: true, result: { id: 123456, is_bot: true, first_name: 'Test', username: 'test_bot' } } };
    const target = String(body.chat_id ?? '');
    if (target !== chat && !isPrivate(target)) return error(400, 'Bad Request: chat not found');
    if (blocked.has(target)) return error(403, 'Forbidden: bot was blocked by the user');
    if (target === chat && !botIsAdmin) return error(403, 'Forbidden: bot is not a member of the channel chat');
    if (typeof body.text !== 'string') return error(400, 'Bad Request: message text is empty');
    let parsed: { text: string; entities: Entity[] };
    try {
      parsed = body.parse_mode === 'HTML' ? parseTelegramHtml(body.text) : { text: body.text, entities: [] };
    } catch (parseError) {
      return error(400, `Bad Request: can't parse entities: ${(parseError as Error).message}`);
    }
    if (parsed.text.trim() === '') return error(400, 'Bad Request: message text is empty');
    if (parsed.text.length > 4096) return error(400, 'Bad Request: message is too long');
    const markup = normalizeMarkup(body.reply_markup);
    if (method === 'sendMessage') {
      const message: FakeMessage = {
        id: nextId,
        chat: target,
        text: parsed.text,
        entities: parsed.entities,
        html: body.text,
        replyMarkup: markup,
        byBot: true,
        edits: 0,
      };
      nextId += 1;
      counts.messages += 1;
      if (record) messages.push(message);
      return { status: 200, payload: { ok: true, result: messageJson(message) } };
    }
    const message = messages.find((candidate) => candidate.id === Number(body.message_id) && candidate.chat === target);
    if (!message) return error(400, 'Bad Request: message to edit not found');
    if (!message.byBot) return error(400, "Bad Request: message can't be edited");
    if (
      message.text === parsed.text &&
      JSON.stringify(message.entities) === JSON.stringify(parsed.entities) &&
      JSON.stringify(message.replyMarkup) === JSON.stringify(markup)
    )
      return error(400, NOT_MODIFIED);
    Object.assign(message, {
      text: parsed.text,
      entities: parsed.entities,
      html: body.text,
      replyMarkup: markup,
      edits: message.edits + 1,
    });
    return { status: 200, payload: { ok: true, result: messageJson(message) } };
  }

  /** Updates from `offset` on, at most `limit`; those before `offset` are confirmed and forgotten. */
  function readUpdates(body: Record<string, unknown>): unknown[] {
    const offset = Number(body.offset ?? 0);
    if (offset > 0) while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift();
    const limit = Math.min(100, Math.max(1, Number(body.limit ?? 100)));
    return updates.slice(0, limit);
  }

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

  function messageJson(message: FakeMessage): Record<string, unknown> {
    return {
      message_id: message.id,
      date: Math.floor(Date.now() / 1000),
      chat:
        message.chat === chat
          ? { id: -1001234567890, type: 'channel', title: 'Test channel', username: chat.replace(/^@/, '') }
          : { id: Number(message.chat), type: 'private' },
      text: message.text,
      ...(message.entities.length > 0 ? { entities: message.entities } : {}),
      ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
    };
  }

  /** Seconds to wait when one more message now would break the per-minute limit, else 0. */
  function rateLimitWait(now: number): number {
    const limit = options.perMinuteLimit;
    if (!limit) return 0;
    while (recentMessages.length > 0 && (recentMessages[0] as number) <= now - 60_000) recentMessages.shift();
    if (recentMessages.length < limit) return 0;
    return Math.max(1, Math.ceil(((recentMessages[0] as number) + 60_000 - now) / 1000));
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const call: FakeCall = { method: match?.[2] ?? '?', body, at, status: 0 };
      counts.calls += 1;
      if (record) calls.push(call);
      if (!match) return fail(response, call, 404, 'Not Found');
      if (match[1] !== token) return fail(response, call, 401, 'Unauthorized');
      const method = call.method;
      const queue = scripted.get(method);
      const next = rules.find((rule) => rule.method === method && rule.when(body))?.answer ?? queue?.shift();
      if (next) {
        if (next.performFirst) perform(method, body);
        call.status = next.status;
        call.description = next.description;
        if (next.html) {
          response.writeHead(next.status, { 'content-type': 'text/html' });
          response.end(
            `<html><head><title>${next.status} Bad Gateway</title></head><body><center><h1>${next.status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>`,
          );
          return;
        }
        const extra = next.retryAfter === undefined ? {} : { parameters: { retry_after: next.retryAfter } };
        return fail(
          response,
          call,
          next.status,
          next.description ??
            (next.retryAfter === undefined ? 'Internal Server Error' : `Too Many Requests: retry after ${next.retryAfter}`),
          extra,
        );
      }
      const sendsMessage = method === 'sendMessage' || method === 'editMessageText';
      if (sendsMessage && String(body.chat_id ?? '') === chat) {
        const wait = rateLimitWait(at);
        if (wait > 0) return fail(response, call, 429, `Too Many Requests: retry after ${wait}`, { parameters: { retry_after: wait } });
      }
      const hold = holds.get(method);
      if (hold && hold.skip > 0) hold.skip -= 1;
      else if (hold) {
        holds.delete(method);
        if (hold.hold === 'after') perform(method, body);
        heldResponses.add(response);
        return undefined;
      }
      const result = perform(method, body);
      if (sendsMessage && result.status === 200 && String(body.chat_id ?? '') === chat) recentMessages.push(at);
      return answer(response, call, result.status, result.payload);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        token,
        chat,
        calls,
        messages,
        botPosts: () => messages.filter((message) => message.byBot),
        answerWhen(method, when, scriptedAnswer) {
          rules.push({ method, when, answer: scriptedAnswer });
        },
        answerNext(method, scriptedAnswer, count = 1) {
          const queue = scripted.get(method) ?? [];
          for (let index = 0; index < count; index += 1) queue.push(scriptedAnswer);
          scripted.set(method, queue);
        },
        holdNext(method, hold, skip = 0) {
          holds.set(method, { hold, skip });
        },
        humanPost(text) {
          const message: FakeMessage = { id: nextId, chat, text, entities: [], html: text, replyMarkup: null, byBot: false, edits: 0 };
          nextId += 1;
          messages.push(message);
          return message;
        },
        userSends(user, text, at = Date.now()) {
          privateChats.add(String(user.id));
          const command = /^\/[A-Za-z]+/.exec(text)?.[0];
          const update = {
            update_id: nextUpdate,
            message: {
              message_id: nextId,
              from: userJson(user),
              chat: privateChatJson(user),
              date: Math.floor(at / 1000),
              text,
              ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
            },
          };
          nextId += 1;
          nextUpdate += 1;
          updates.push(update);
          return update.update_id;
        },
        userPresses(user, messageId, data) {
          const message = messages.find((candidate) => candidate.id === messageId && candidate.chat === String(user.id));
          const id = `cb${nextUpdate}`;
          callbacks.add(id);
          const update = {
            update_id: nextUpdate,
            callback_query: {
              id,
              from: userJson(user),
              chat_instance: '42',
              data,
              ...(message ? { message: { ...messageJson(message), chat: privateChatJson(user) } } : {}),
            },
          };
          nextUpdate += 1;
          updates.push(update);
          return update.update_id;
        },
        block(user) {
          blocked.add(String(user.id));
        },
        chatMessages: (chatId) => messages.filter((message) => message.chat === String(chatId)),
        pendingUpdates: () => updates.length,
        counts,
        close() {
          for (const response of heldResponses) response.destroy();
          for (const socket of sockets) socket.destroy();
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
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
