import { createHmac } from 'node:crypto';
import type { Load } from '../api-client/types';
import { currencyCode } from '../loads/currency';
import { matchPlace } from '../places/match';
import { DEVELOPMENT_HISTORY_KEY } from './config';
import { internationalNumber } from './phone';
import type { HistoryLoad } from './types';

/**
 * A load read from the API, reduced to what the history may keep (CONTRACT.md, "Where state is kept"):
 * no text a poster wrote. The title, the note, the contact and a place the gazetteer does not know are
 * not kept at all; what is kept is a field of the load (numbers, dates) or a value of a list the site or
 * the marketplace owns: the gazetteer's slug, a name of the API's dictionary of vehicle types, a
 * currency's code. The poster is a keyed hash of its international number (phone.ts). No regular
 * expression has to find a phone, a name or a handle in free text, since none is kept. The store turns
 * these into rows; nothing here speaks SQL.
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
 * A load's poster (CONTRACT.md, "Distance and rates"): the account that owns it, by its phone, whatever
 * contact numbers it types (one account under three made-up numbers is one poster); a load without an
 * owner's phone is its contact's.
 */
function posterOf(load: Load, key: string): Buffer | null {
  return (load.ownerPhone ? posterHash(load.ownerPhone, key) : null) ?? posterHash(load.contact?.phone, key);
}

/** How a vehicle type's name is compared with the dictionary's: case and runs of spaces aside. */
function vehicleKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The API's dictionary of vehicle types as the history knows it (`/vehicle-types`, which a poster picks
 * from, never types): a load's vehicle type is kept in the dictionary's spelling when it names one of
 * them, and as unknown otherwise, so an API or an import file that sends free text there keeps nothing.
 */
export class VehicleTypes {
  private readonly byKey = new Map<string, string>();

  constructor(names: Iterable<string> = []) {
    for (const name of names) this.add(name);
  }

  /** Adds a name; false when it was known already (or is blank). */
  add(name: string): boolean {
    const key = vehicleKey(name);
    if (!key || this.byKey.has(key)) return false;
    this.byKey.set(key, name.trim().replace(/\s+/g, ' '));
    return true;
  }

  /** The dictionary's name for `text`, or '' when it names none. */
  kept(text: string): string {
    return this.byKey.get(vehicleKey(text)) ?? '';
  }
}

/**
 * The code of the currency a load's price is in (`UZS` for every spelling of the sum, src/loads/currency.ts),
 * kept when it is a currency the site knows; anything else the API sent there (`Ali`, a look-alike of
 * UZS) is text a poster typed, kept as unknown.
 */
export function currencyOfRecord(text: string): string {
  return currencyCode(text);
}

/**
 * Whether `id` looks like one of the marketplace's ids (`48213`, `a1b2-c3`, `ёк-7`): letters, digits,
 * `-` and `_`, at most 64. Anything else (`+998901234567`, a name with a space, 200 characters) is
 * not an id the API hands out, and may be text a poster typed: an import refuses it, and the closed-load
 * index never publishes it.
 */
export function looksLikeAnId(id: string): boolean {
  return /^[\p{L}\p{N}_-]{1,64}$/u.test(id);
}

/**
 * The largest numbers a load's fields can hold: no trip is priced at a billion in any currency (and a
 * phone number with its country code, twelve digits, is no price), no load weighs a thousand tonnes or
 * fills five thousand cubic metres. A larger number is a typing slip or a phone typed in the wrong field,
 * and is kept, and published, as unknown.
 */
export const LOAD_NUMBER_LIMITS = { price: 1_000_000_000, weight: 1000, volume: 5000 } as const;

/** `value` when it is within its field's limit, else null. */
export function boundedNumber(value: number | null, field: keyof typeof LOAD_NUMBER_LIMITS): number | null {
  return value !== null && Number.isFinite(value) && value >= 0 && value <= LOAD_NUMBER_LIMITS[field] ? value : null;
}

function place(name: string): { name: string; known: boolean } {
  const known = matchPlace(name);
  return known ? { name: known.slug, known: true } : { name: '', known: false };
}

export function historyFieldsOf(load: Load, key: string, vehicleTypes: VehicleTypes): HistoryFields {
  const from = place(load.from);
  const to = place(load.to);
  return {
    id: load.id,
    from: from.name,
    fromKnown: from.known,
    to: to.name,
    toKnown: to.known,
    vehicleType: vehicleTypes.kept(load.vehicleType),
    weight: boundedNumber(load.weight, 'weight'),
    volume: boundedNumber(load.volume, 'volume'),
    price: boundedNumber(load.price, 'price'),
    currency: currencyOfRecord(load.currency),
    loadingDate: load.loadingDate,
    createdAt: load.createdAt,
    poster: posterOf(load, key),
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
