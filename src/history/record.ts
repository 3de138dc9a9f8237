import { createHmac } from 'node:crypto';
import type { Load } from '../api-client/types';
import type { HistoryLoad } from './types';
import { matchPlace } from '../places/match';

/**
 * A load read from the API, reduced to what the history may keep: no names, phone numbers or usernames
 * (issue 29). The store turns these into rows; nothing here speaks SQL.
 */
export type HistoryFields = Omit<HistoryLoad, 'firstSeen' | 'lastSeen' | 'closedAt' | 'posterHash'> & {
  /** Raw HMAC bytes, or null when the load names no phone. */
  poster: Buffer | null;
};

/**
 * Runs of digits with the separators people type in phone numbers (`+998 90 123-45-67`, `(90) 1234567`):
 * seven digits or more make a phone number; shorter runs (`20 t`, `1000 qop`) are cargo.
 */
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;
const MIN_PHONE_DIGITS = 7;
/** Telegram handles and e-mail addresses are personal too. */
const HANDLE_LIKE = /[\w.+-]*@[\w.-]+/g;

export function scrubTitle(title: string): string {
  return title
    .replace(PHONE_LIKE, (match) => (match.replace(/\D/g, '').length >= MIN_PHONE_DIGITS ? ' ' : match))
    .replace(HANDLE_LIKE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** HMAC-SHA256 of the phone's digits, so `+998 90 123 45 67` and `998901234567` are one poster. */
export function posterHash(phone: string | null | undefined, key: string): Buffer | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits ? createHmac('sha256', key).update(digits).digest() : null;
}

function place(name: string): { name: string; known: boolean } {
  const known = matchPlace(name);
  return known ? { name: known.slug, known: true } : { name, known: false };
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
    title: scrubTitle(load.title),
    vehicleType: load.vehicleType,
    weight: load.weight,
    price: load.price,
    currency: load.currency,
    loadingDate: load.loadingDate,
    createdAt: load.createdAt,
    // contactSource already chose the contact or the user (normalize.ts): the poster is that phone.
    poster: posterHash(load.contact?.phone, key),
  };
}
