import type { TFunction } from 'i18next';
import type { Load } from '../../api-client/types';
import type { Language } from '../../config/languages';
import { cardContent, type CardExtras } from '../../loads/card-content';
import { type Age, postedAge } from '../../loads/posted-age';

/*
 * The board's cards while they are the build's HTML (a Static part React does not render): what they
 * were rendered from, and their ages moved on in place. Apart from load-card.tsx, whose rendering comes
 * in a chunk of its own (board-cards.ts), since most visits never render a card in the browser.
 */

export function postedText(t: TFunction, age: Age): string {
  return age ? t(`card.posted.${age.unit}`, { count: age.count }) : '';
}

/**
 * What a list of cards shows, but for how long ago each load was posted: while it is what the build
 * rendered, the board keeps the build's HTML for the cards (a Static part, never hydrated) and only
 * rewrites their ages (refreshPostedAges).
 */
export function cardsRenderedFrom(loads: readonly Load[], language: Language, extras: CardExtras): string {
  return JSON.stringify([language.code, loads.map((load) => cardContent(load, extras))]);
}

/**
 * Brings the "posted … ago" of cards that are the build's HTML (React does not own them) to `now`:
 * the board's first refresh comes minutes or hours after the build, with the same loads.
 */
export function refreshPostedAges(cards: Element, now: number, t: TFunction): void {
  for (const element of cards.querySelectorAll<HTMLElement>('[data-posted]')) {
    const text = postedText(t, postedAge(element.dataset.posted ?? null, now));
    if (text && element.textContent !== text) element.textContent = text;
  }
}
