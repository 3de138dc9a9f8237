import type { TFunction } from 'i18next';
import { fullTitle } from './head-tags';
import type { PlaceLoadsPageContext } from '../loads/place-page-context';

/**
 * What a city or route list is called, on its page and in its feed. A feed is called what its page is
 * called: a reader's list of subscriptions then reads like the site's own titles, brand and all
 * (`fullTitle`, as the page's `<title>` has it). `t` must reach the `places` namespace by prefix. The
 * board's feed title is in src/feeds/board-feed-title.ts: a module the board's script shares with these
 * would carry them too (webpack keeps what any page uses).
 */

/** The title of a city or route list (page 1), e.g. "Yuklar: Toshkent → Samarqand". */
export function placeListTitle(t: TFunction, kind: PlaceLoadsPageContext['kind'], from: string, to: string, ns = 'places:'): string {
  return kind === 'route' ? t(`${ns}route.title`, { from, to }) : t(`${ns}${kind}.title`, { place: from || to });
}

export function placeFeedTitle(t: TFunction, kind: PlaceLoadsPageContext['kind'], from: string, to: string): string {
  return fullTitle(placeListTitle(t, kind, from, to));
}

/** Title of a place page in its language; `ns` is `places:` where `t` defaults to another namespace. */
export function placeTitle(context: PlaceLoadsPageContext, t: TFunction, ns = ''): string {
  const title = placeListTitle(t, context.kind, context.from, context.to, ns);
  return context.page > 1 ? t(`${ns}pageTitle`, { title, page: context.page }) : title;
}
