import type { Load } from '../api-client/types';
import type { PricePosition } from './price-position';
import { postedAt } from './posting-time';

/**
 * The one answer to "is this card unchanged?": what a load's card shows, but for how long ago it was
 * posted (which moves with the clock and is compared on its own). The board's state (same-list.ts),
 * the memoized card (load-card.tsx) and the build's cards kept as HTML (`cardsRenderedFrom`) all ask it.
 */

/** The fields of a load a card reads. Contact and notes are not on a card: a change there changes none. */
const CARD_FIELDS = [
  'id',
  'title',
  'weight',
  'volume',
  'trucksNeeded',
  'price',
  'currency',
  'loadingDate',
  'createdAt',
  'vehicleType',
  'from',
  'to',
] as const satisfies ReadonlyArray<keyof Load>;

/** Whether two loads (each parsed afresh from the API, so never the same object) give the same card. */
export function sameCardFields(a: Load, b: Load): boolean {
  return CARD_FIELDS.every((key) => a[key] === b[key]);
}

/** What a card shows beside its load's own fields, each worked out by the list around it. */
export interface CardExtras {
  /** A place text from the API as the page's language names it. */
  placeName: (apiText: string) => string;
  /** The road distance of a route of place texts, in km. */
  routeKm: (from: string, to: string) => number | null;
  /** By load id: where each price sits against its route's usual range. */
  positions?: Readonly<Partial<Record<string, PricePosition>>>;
  /** A load posted after this is marked new (a kept search's loads since it was last opened). */
  newSince?: number | null;
  /** The link to a load's way back (the reversed route around both ends), or null: none for it. */
  wayBack?: (load: Load) => string | null;
}

/** Whether `extras` mark the load new. */
export function isNewIn(extras: Pick<CardExtras, 'newSince'>, load: Load): boolean {
  const since = extras.newSince;
  return since !== null && since !== undefined && postedAt(load) > since;
}

/** Where `extras` place the load's price (null without a position). */
export function positionOf(extras: Pick<CardExtras, 'positions'>, load: Load): PricePosition | null {
  const { positions } = extras;
  return (positions && Object.prototype.hasOwnProperty.call(positions, load.id) ? positions[load.id] : null) ?? null;
}

/** Everything a card shows but its age, as plain values: equal lists mean an unchanged card. */
export function cardContent(load: Load, extras: CardExtras): unknown[] {
  return [
    ...CARD_FIELDS.map((key) => load[key]),
    extras.placeName(load.from),
    extras.placeName(load.to),
    extras.routeKm(load.from, load.to),
    positionOf(extras, load),
    isNewIn(extras, load),
    extras.wayBack?.(load) ?? null,
  ];
}

export function sameCardContent(a: Load, aExtras: CardExtras, b: Load, bExtras: CardExtras): boolean {
  if (!sameCardFields(a, b)) return false;
  const left = cardContent(a, aExtras);
  const right = cardContent(b, bExtras);
  return left.every((value, index) => value === right[index]);
}
