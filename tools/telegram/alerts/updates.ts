import type { Language } from '../../../src/config/languages';
import { listKey } from './board-match';
import { type KeptList, keptList } from './kept-list';
import {
  describeList,
  helpMessage,
  listMessage,
  MAX_CHAT_SEARCHES,
  noteMessage,
  type OutMessage,
  readerLanguage,
  startedMessage,
  stopIdOf,
} from './messages';
import type { AlertsState, Subscription } from './state';

/**
 * What the people who write to the alerts bot asked for since the last run, read from `getUpdates`
 * and applied to the state: `/start {token}` keeps a search, `/stop` forgets the chat, `/list` lists its
 * searches, the button under an alert stops that one. Only private chats are heard. Of an update only
 * the chat's id is kept (the name, the username and the text are read and dropped), and the answers
 * are made here and sent by the run after the state that holds them is on disk.
 */

/** An answer to send: a message to a chat, or the answer to a pressed button. */
export type ButtonAnswer = { callback: string; text: string };
export type Answer = { chat: string; message: OutMessage } | ButtonAnswer;

export interface UpdateCounts {
  updates: number;
  subscribed: number;
  stopped: number;
  /** /start tokens refused (malformed, of another version, a sixth search). */
  refused: number;
  /** Chats forgotten: they blocked the bot (Telegram said so, or refused a message), or are gone. */
  forgotten: number;
}

export interface UpdateContext {
  state: AlertsState;
  today: string;
  /** The run's clock (epoch ms): a search kept "later" than it counts from it. */
  now: number;
  vehicleNames: ReadonlyMap<string, string>;
  siteUrl: string;
  counts: UpdateCounts;
}

interface TelegramUser {
  id?: unknown;
  language_code?: unknown;
}

interface TelegramMessage {
  chat?: { id?: unknown; type?: unknown };
  from?: TelegramUser;
  date?: unknown;
  text?: unknown;
}

interface TelegramUpdate {
  update_id?: unknown;
  message?: TelegramMessage;
  /** The bot's own membership in a chat changed: in a private chat, `kicked` is the person blocking it. */
  my_chat_member?: { chat?: { id?: unknown; type?: unknown }; new_chat_member?: { status?: unknown } };
  callback_query?: { id?: unknown; from?: TelegramUser; data?: unknown; message?: TelegramMessage };
}

/** The update's number, or null for something that is not an update. */
export function updateId(update: unknown): number | null {
  const id = (update as TelegramUpdate | null)?.update_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

function chatIdOf(value: unknown): string | null {
  return typeof value === 'number' && Number.isInteger(value) ? String(value) : null;
}

/** The language the chat reads: its newest search's, else the Telegram app's of whoever wrote. */
function chatLanguage(context: UpdateContext, chat: string, from: TelegramUser | undefined): Language {
  const searches = context.state.chats[chat] ?? [];
  for (const subscription of [...searches].reverse()) {
    const list = keptList(subscription.token, context.today, context.vehicleNames);
    if (!('problem' in list)) return list.language;
  }
  return readerLanguage(from?.language_code);
}

function readable(context: UpdateContext, searches: readonly Subscription[]): Array<{ id: string; list: KeptList }> {
  return searches.flatMap((subscription) => {
    const list = keptList(subscription.token, context.today, context.vehicleNames);
    return 'problem' in list ? [] : [{ id: subscription.id, list }];
  });
}

function start(context: UpdateContext, chat: string, token: string, at: number, from: TelegramUser | undefined): OutMessage {
  const { state, counts } = context;
  const list = keptList(token, context.today, context.vehicleNames);
  // A type the dictionary does not list is no search the board makes (one it drops later matches nothing).
  const unknownType = !('problem' in list) && list.unknownVehicles > 0 && context.vehicleNames.size > 0;
  if ('problem' in list || unknownType) {
    counts.refused += 1;
    return noteMessage(readerLanguage(from?.language_code), 'problem' in list ? list.problem : 'malformed');
  }
  const searches = state.chats[chat] ?? [];
  const same = readable(context, searches).find((one) => listKey(one.list) === listKey(list));
  if (same) return noteMessage(list.language, 'already', { list: describeList({ ...same.list, language: list.language }) });
  if (searches.length >= MAX_CHAT_SEARCHES) {
    counts.refused += 1;
    return noteMessage(list.language, 'full', { count: MAX_CHAT_SEARCHES });
  }
  const id = state.nextId.toString(36);
  state.nextId += 1;
  state.chats[chat] = [...searches, { id, token, since: { at: Math.min(at, context.now), ids: [] } }];
  counts.subscribed += 1;
  return startedMessage(list, id);
}

function stopOne(context: UpdateContext, chat: string, id: string): { language: Language; stopped: KeptList | null } {
  const searches = context.state.chats[chat] ?? [];
  const subscription = searches.find((one) => one.id === id);
  const language = chatLanguage(context, chat, undefined);
  if (!subscription) return { language, stopped: null };
  const rest = searches.filter((one) => one !== subscription);
  if (rest.length > 0) context.state.chats[chat] = rest;
  else delete context.state.chats[chat];
  context.counts.stopped += 1;
  const list = keptList(subscription.token, context.today, context.vehicleNames);
  return { language: 'problem' in list ? language : list.language, stopped: 'problem' in list ? null : list };
}

/** Applies one update to the state; the answers it wants sent. */
export function applyUpdate(update: unknown, context: UpdateContext): Answer[] {
  const { state, counts, siteUrl } = context;
  const { message, callback_query: pressed, my_chat_member: member } = (update ?? {}) as TelegramUpdate;
  counts.updates += 1;
  if (member) {
    const chat = chatIdOf(member.chat?.id);
    const status = member.new_chat_member?.status;
    // Blocked: its searches go now, and so does anything still waiting to be sent to it.
    if (chat && member.chat?.type === 'private' && (status === 'kicked' || status === 'left')) {
      if (state.chats[chat] || state.answers.some((answer) => answer.chat === chat)) counts.forgotten += 1;
      delete state.chats[chat];
      state.answers = state.answers.filter((answer) => answer.chat !== chat);
    }
    return [];
  }
  if (pressed) {
    const chat = chatIdOf(pressed.message?.chat?.id) ?? chatIdOf(pressed.from?.id);
    const id = stopIdOf(pressed.data);
    const callback = typeof pressed.id === 'string' ? pressed.id : null;
    if (!chat || pressed.message?.chat?.type !== 'private' || !id) return callback ? [{ callback, text: '' }] : [];
    const { language, stopped } = stopOne(context, chat, id);
    const note = stopped ? noteMessage(language, 'stoppedOne', { list: describeList(stopped) }) : noteMessage(language, 'gone');
    // The button's own answer may come too late for Telegram (a run can be minutes away): the message says it too.
    return [...(callback ? [{ callback, text: plainText(note.text) }] : []), { chat, message: note }];
  }
  const chat = chatIdOf(message?.chat?.id);
  if (!message || !chat || message.chat?.type !== 'private' || typeof message.text !== 'string') return [];
  const command = /^\/([A-Za-z]+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(message.text.trim());
  const name = command?.[1]?.toLowerCase();
  const argument = command?.[2]?.trim() ?? '';
  const at = typeof message.date === 'number' ? message.date * 1000 : 0;
  if (name === 'start' && argument) return [{ chat, message: start(context, chat, argument, at, message.from) }];
  const language = chatLanguage(context, chat, message.from);
  if (name === 'stop') {
    const had = state.chats[chat]?.length ?? 0;
    delete state.chats[chat];
    counts.stopped += had;
    return [{ chat, message: noteMessage(language, had > 0 ? 'stoppedAll' : 'nothing') }];
  }
  if (name === 'list') return [{ chat, message: listMessage(readable(context, state.chats[chat] ?? []), language, siteUrl) }];
  return [{ chat, message: helpMessage(language, siteUrl) }];
}

/** A button's answer is plain text of at most 200 characters. */
function plainText(html: string): string {
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
