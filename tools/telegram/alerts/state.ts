import fs from 'node:fs';
import type { EnvReader, ToolVariable } from '../../env';
import { TELEGRAM_ALERTS_STATE_KEY } from '../../deploy/state-location';
import type { StateCommand, StateKind } from '../bucket-state';
import { writeWhole, type Taken } from '../state';
import type { OutMessage } from './messages';

/**
 * What the alerts keep between runs (TELEGRAM_ALERTS_STATE_FILE, and the bucket: bucket-state.ts): each
 * chat's id and its kept searches, nothing else about anyone (no name, no username, no message text),
 * and how far each search has been sent. Written whole and atomically (a temporary file renamed over
 * the old one).
 *
 * Nothing is sent twice: before each alert goes out, a line saying which search it covers and up to
 * which load is appended to a journal beside the file (`{file}.journal`) and synced to disk. A run cut
 * off anywhere leaves the file and its journal, and whoever reads the state next (the next run, or
 * `npm run telegram:state -- alerts upload`) counts every journal line as sent: an alert whose answer
 * never came is not sent again, and may be lost. The journal is what keeps a run at Telegram's pace:
 * the whole state of ten thousand chats is megabytes, too much to write before every message.
 */

export const ALERTS_STATE_VERSION = 1;
export const DEFAULT_ALERTS_STATE_FILE = '.telegram-alerts-state.json';

/** How far a search has been sent: loads posted after `at` (epoch ms), or at `at` but not in `ids`, are new. */
export interface Cursor {
  at: number;
  ids: string[];
}

export interface Subscription {
  /** Short and ours alone, for the "stop this alert" button's callback data. */
  id: string;
  /** The search, as its link carried it (src/search/alert-token.ts): read again on every run's day. */
  token: string;
  /** A new subscription counts from its /start. */
  since: Cursor;
}

export interface AlertsState {
  version: typeof ALERTS_STATE_VERSION;
  generation: number;
  taken: Taken | null;
  /** The next update to read (`getUpdates` offset): one past the last one read. */
  offset: number;
  /** The next subscription's id, in base 36. */
  nextId: number;
  /** Each chat's searches, by the chat's id. */
  chats: Record<string, Subscription[]>;
  /**
   * Answers to updates already read (so confirmed to Telegram) and not yet tried: a run that ran out of
   * time, or was killed, leaves them to the next. Our own words and the chat's id, nothing the person wrote.
   */
  answers: PendingAnswer[];
}

/** An answer to one update: the update's number (one message each), the chat, what to send. */
export interface PendingAnswer {
  update: number;
  chat: string;
  message: OutMessage;
}

/** One line of the journal: an alert about to be sent, or an answer (by its update's number). */
export type InFlight = { chat: string; id: string; upTo: Cursor } | { answered: number };

export function emptyAlertsState(): AlertsState {
  return { version: ALERTS_STATE_VERSION, generation: 0, taken: null, offset: 0, nextId: 1, chats: {}, answers: [] };
}

export function journalFile(file: string): string {
  return `${file}.journal`;
}

/** The later of two cursors; at the same time, every id either counts. */
export function laterCursor(a: Cursor, b: Cursor): Cursor {
  if (a.at > b.at) return a;
  if (a.at < b.at) return b;
  return { at: a.at, ids: [...new Set([...b.ids, ...a.ids])].sort() };
}

const isCursor = (value: unknown): value is Cursor =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Cursor).at === 'number' &&
  Array.isArray((value as Cursor).ids) &&
  (value as Cursor).ids.every((id) => typeof id === 'string');

const isSubscription = (value: unknown): value is Subscription =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Subscription).id === 'string' &&
  typeof (value as Subscription).token === 'string' &&
  isCursor((value as Subscription).since);

const isPendingAnswer = (value: unknown): value is PendingAnswer =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as PendingAnswer).update) &&
  typeof (value as PendingAnswer).chat === 'string' &&
  typeof (value as PendingAnswer).message?.text === 'string' &&
  Array.isArray((value as PendingAnswer).message.buttons);

export function parseAlertsState(text: string, source: string): AlertsState {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // Read as a first run, it would forget every subscription: the run stops instead.
    throw new Error(`the alerts state ${source} is not JSON; restore it (deleting it forgets every subscription)`);
  }
  const state = data as Partial<AlertsState> | null;
  const valid =
    typeof state === 'object' &&
    state !== null &&
    state.version === ALERTS_STATE_VERSION &&
    Number.isInteger(state.generation) &&
    (state.generation ?? -1) >= 0 &&
    (state.taken === null || (typeof state.taken === 'object' && typeof state.taken?.run === 'string')) &&
    Number.isInteger(state.offset) &&
    Number.isInteger(state.nextId) &&
    typeof state.chats === 'object' &&
    state.chats !== null &&
    Object.values(state.chats).every((list) => Array.isArray(list) && list.every(isSubscription)) &&
    (state.answers === undefined || (Array.isArray(state.answers) && state.answers.every(isPendingAnswer)));
  if (!valid) throw new Error(`the alerts state ${source} is not an alerts state of version ${ALERTS_STATE_VERSION}`);
  // A state written before answers were kept has none waiting.
  return { ...(state as AlertsState), answers: state.answers ?? [] };
}

/** Counts each journal line as sent. A line cut off by a kill mid-write is no line. */
function replayJournal(state: AlertsState, file: string): void {
  let text: string;
  try {
    text = fs.readFileSync(journalFile(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new Error(`cannot read the alerts journal ${journalFile(file)}: ${(error as Error).message}`);
  }
  for (const line of text.split('\n')) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    // Any line that is not one of ours (`null`, a number, a list) is no line either.
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const { chat, id, upTo, answered } = entry as Partial<Record<string, unknown>>;
    if (Number.isInteger(answered)) state.answers = state.answers.filter((answer) => answer.update !== answered);
    const subscription = typeof chat === 'string' ? state.chats[chat]?.find((one) => one.id === id) : undefined;
    if (subscription && isCursor(upTo)) subscription.since = laterCursor(subscription.since, upTo);
  }
}

/** The state with its journal counted in; null when there is no state file (the first run). */
export function readAlertsState(file: string): AlertsState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read the alerts state ${file}: ${(error as Error).message}`);
  }
  const state = parseAlertsState(text, file);
  replayJournal(state, file);
  return state;
}

/** Whole or not at all; then the journal it now holds goes. */
export function writeAlertsState(file: string, state: AlertsState): void {
  writeWhole(file, JSON.stringify(state));
  fs.rmSync(journalFile(file), { force: true });
}

/** The journal of one run, open for appending; each line is on disk before `record` returns. */
export class Journal {
  private handle: number | null = null;

  constructor(private readonly file: string) {}

  record(entry: InFlight): void {
    if (this.handle === null) this.handle = fs.openSync(journalFile(this.file), 'a');
    fs.writeSync(this.handle, `${JSON.stringify(entry)}\n`);
    fs.fsyncSync(this.handle);
  }

  close(): void {
    if (this.handle !== null) fs.closeSync(this.handle);
    this.handle = null;
  }
}

export const ALERTS_STATE: StateKind<AlertsState> = {
  key: TELEGRAM_ALERTS_STATE_KEY,
  command: 'npm run telegram:state -- alerts',
  unlisted: 'chats may hold alerts it does not list',
  parse: parseAlertsState,
  read: readAlertsState,
  write: writeAlertsState,
};

/** `npm run telegram:state -- alerts …`: the alerts' state file and kind. */
export function alertsStateCommand(vars: EnvReader<ToolVariable>): StateCommand<AlertsState> {
  const file = vars.string('TELEGRAM_ALERTS_STATE_FILE', { fallback: DEFAULT_ALERTS_STATE_FILE });
  vars.done();
  return { kind: ALERTS_STATE, file, name: 'alerts’ state', noneYet: 'the next run starts with no subscription.' };
}
