import { createHmac } from 'node:crypto';
import type { Load } from '../api-client/types';
import { matchPlace } from '../places/match';
import { DEVELOPMENT_HISTORY_KEY } from './config';
import { internationalNumber } from './phone';
import { scrubText } from './scrub';
import type { HistoryLoad } from './types';

/**
 * A load read from the API, reduced to what the history may keep: no names, phone numbers, handles or
 * links in any text (scrub.ts), and the poster as a keyed hash of its international number (phone.ts).
 * The store turns these into rows; nothing here speaks SQL.
 */
export type HistoryFields = Omit<HistoryLoad, 'firstSeen' | 'lastSeen' | 'closedAt' | 'posterHash'> & {
  /** Raw HMAC bytes, or null when the load names no phone. */
  poster: Buffer | null;
};

/**
 * HMAC-SHA256 of the phone's international number (`998901234567`), so `+998 90 123 45 67`,
 * `90 123 45 67`, `8 90 123 45 67` and `998901234567` are one poster.
 */
export function posterHash(phone: string | null | undefined, key: string): Buffer | null {
  const number = internationalNumber(phone ?? '');
  return number ? createHmac('sha256', key).update(number).digest() : null;
}

/**
 * Free text repeats across loads (a few thousand titles, places and vehicle types among a million loads
 * of an import): each distinct text is scrubbed once. Bounded, so a file of all-different titles does
 * not grow it without end.
 */
const scrubbed = new Map<string, string>();
const SCRUBBED_KEPT = 50_000;

export function scrubbedText(text: string): string {
  let clean = scrubbed.get(text);
  if (clean === undefined) {
    if (scrubbed.size >= SCRUBBED_KEPT) scrubbed.clear();
    clean = scrubText(text);
    scrubbed.set(text, clean);
  }
  return clean;
}

function place(name: string): { name: string; known: boolean } {
  const known = matchPlace(name);
  return known ? { name: known.slug, known: true } : { name: scrubbedText(name), known: false };
}

export function historyFieldsOf(load: Load, key: string): HistoryFields {
  const from = place(load.from);
  const to = place(load.to);
  return {
    id: load.id,
    from: from.name,
    fromKnown: from.known,
    to: to.name,
    toKnown: to.known,
    title: scrubbedText(load.title),
    vehicleType: scrubbedText(load.vehicleType),
    weight: load.weight,
    price: load.price,
    currency: scrubbedText(load.currency),
    loadingDate: load.loadingDate,
    createdAt: load.createdAt,
    // contactSource already chose the contact or the user (normalize.ts): the poster is that phone.
    poster: posterHash(load.contact?.phone, key),
  };
}

/**
 * What the history file keeps of the key its posters are hashed with: enough to tell one key from
 * another, never the key. HMAC-SHA256 of a fixed text, its first 16 hex digits.
 */
export function keyFingerprint(key: string): string {
  return createHmac('sha256', key).update('yukbor board history key fingerprint').digest('hex').slice(0, 16);
}

/** How a fingerprint reads in a message: the development key is named as such. */
export function describeFingerprint(fingerprint: string): string {
  return fingerprint === keyFingerprint(DEVELOPMENT_HISTORY_KEY) ? 'the development key' : `the key with fingerprint ${fingerprint}`;
}
