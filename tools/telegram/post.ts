import type { TFunction } from 'i18next';
import type { Language } from '../../src/config/languages';
import { loadPath, ROUTES } from '../../src/config/routes';
import type { PublishedLoad } from '../../src/feeds/published-board';
import { canonicalUrl } from '../../src/i18n/paths';
import { formatNumber, formatPrice, formatShortDate, routeLabel } from '../../src/loads/format';
import { placeLabel } from '../../src/places/names';
import { vehicleLabel } from '../../src/loads/vehicle-types';
import { approximately, distanceFormatter } from '../../src/loads/route-distance';
import { routeDistance } from '../../src/places/distance';

/**
 * The channel's posts, as Bot API HTML (parse_mode HTML). Pure: the same load, language and site give
 * the same bytes, which the in-flight reconciliation relies on (see run.ts).
 */

export interface UrlButton {
  text: string;
  url: string;
}

export interface InlineKeyboard {
  inline_keyboard: UrlButton[][];
}

export interface Post {
  text: string;
  replyMarkup: InlineKeyboard;
}

/** The three characters HTML parse mode gives a meaning to; everything else is shown as it is. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** API text may hold line breaks; a post keeps one fact per line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The load's facts in the channel's language: the route (place names as the site shows them), the
 * title, road distance, weight, vehicle, price (and per km) and loading date, formatted as the site's
 * cards format them. `t` is bound to the `telegram` namespace of that language and reaches `loads`.
 */
export function postBody(load: PublishedLoad, language: Language, t: TFunction): string {
  const route = routeLabel(load, t('unknownPlace'), (text) => oneLine(placeLabel(text, language.code)));
  const price = formatPrice(load.price, load.currency);
  const date = formatShortDate(load.loadingDate);
  const road = distanceFormatter(t)(routeDistance(load.from, load.to)?.km ?? null, load.price, load.currency);
  const facts = [
    oneLine(load.title) || t('untitled'),
    road ? t('distance', { value: approximately(road.distance) }) : '',
    load.weight === null ? '' : t('weight', { value: formatNumber(load.weight) }),
    load.vehicleType ? t('vehicle', { value: oneLine(vehicleLabel(load.vehicleType, language.code)) }) : '',
    !price
      ? t('priceOnRequest')
      : road?.perKm
        ? t('pricePerKm', { value: price, perKm: approximately(road.perKm) })
        : t('price', { value: price }),
    date ? t('loadingDate', { value: date }) : '',
  ].filter(Boolean);
  return [`<b>${escapeHtml(route)}</b>`, ...facts.map(escapeHtml)].join('\n');
}

/** The load page's absolute URL in the channel's language, as the page's canonical link names it. */
export function loadPageUrl(siteUrl: string, loadId: string, language: Language): string {
  return canonicalUrl(siteUrl, loadPath(loadId), language);
}

/** A new load: its facts, its page's URL, and a button to the site's hand-off to the app. */
export function openPost(load: PublishedLoad, language: Language, siteUrl: string, t: TFunction): Post {
  return {
    text: `${postBody(load, language, t)}\n${escapeHtml(loadPageUrl(siteUrl, load.id, language))}`,
    replyMarkup: { inline_keyboard: [[{ text: t('handOver'), url: canonicalUrl(siteUrl, ROUTES.applink, language) }]] },
  };
}

/**
 * A load that left the board: the marker, then its facts struck through. The page link and the
 * button go, since the load's page goes with the next deploy; an empty keyboard removes the button.
 */
export function closedPost(body: string, t: TFunction): Post {
  const marker = `<b>${escapeHtml(t('closed'))}</b>`;
  return { text: body ? `${marker}\n<s>${body}</s>` : marker, replyMarkup: { inline_keyboard: [] } };
}
