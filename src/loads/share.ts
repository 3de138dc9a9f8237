import type { TFunction } from 'i18next';
import type { Load } from '../api-client/types';
import { site } from '../config/site';
import type { LanguageCode } from '../config/languages';
import { formatNumber, formatPrice } from './format';
import { vehicleLabel } from './vehicle-types';

/** Telegram's share sheet for a link: a plain URL, so sharing needs no script of anyone's. */
export function telegramShareUrl(url: string, text: string): string {
  return `${site.telegramShare}?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/**
 * The one line a shared load travels with, in the page's language: "Sement 50 kg qoplarda: Buxoro →
 * Jizzax, 21 t, Fura 20t, 1 250 USD" (the sample API's load 1004 on /uz). `route` is already named in that language; `t` reads the `loads`
 * namespace (card texts), whatever its default namespace; the vehicle is named in `language`.
 */
export function shareText(load: Load, route: string, t: TFunction, language: LanguageCode): string {
  const title = oneLine(load.title) || t('loads:card.untitled');
  const price = formatPrice(load.price, load.currency);
  return [
    `${title}: ${oneLine(route)}`,
    load.weight === null ? '' : t('loads:card.weight', { value: formatNumber(load.weight) }),
    oneLine(vehicleLabel(load.vehicleType, language)),
    price,
  ]
    .filter(Boolean)
    .join(', ');
}

/** API text may hold line breaks (a share text is one line) and runs of spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
