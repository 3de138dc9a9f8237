import type { TFunction } from 'i18next';
import { site } from '../config/site';
import type { PlaceLoadsPageContext } from '../loads/place-page-context';

/**
 * A feed is called what its page is called: a reader's list of subscriptions then reads like the
 * site's own titles. `t` must reach the `loads` and `places` namespaces by prefix.
 */

/** The title of a city or route list (page 1), e.g. "Yuklar: Toshkent → Samarqand". */
export function placeListTitle(t: TFunction, kind: PlaceLoadsPageContext['kind'], from: string, to: string, ns = 'places:'): string {
  return kind === 'route' ? t(`${ns}route.title`, { from, to }) : t(`${ns}${kind}.title`, { place: from || to });
}

/** As a page's `<title>` shows it (src/components/seo.tsx): with the brand. */
export function brandedTitle(title: string): string {
  return title.includes(site.brand) ? title : `${title} | ${site.brand}`;
}

export function boardFeedTitle(t: TFunction): string {
  return brandedTitle(t('loads:seo.title'));
}

export function placeFeedTitle(t: TFunction, kind: PlaceLoadsPageContext['kind'], from: string, to: string): string {
  return brandedTitle(placeListTitle(t, kind, from, to));
}
