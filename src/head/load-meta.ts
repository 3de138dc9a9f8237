import type { TFunction } from 'i18next';
import type { Load } from '../api-client/types';
import type { Language } from '../config/languages';
import { site } from '../config/site';
import { formatNumber, formatPrice, formatShortDate, isoDay, routeLabel } from '../loads/format';
import { matchPlace } from '../places/match';
import { placeLabel } from '../places/names';
import { vehicleLabel } from '../loads/vehicle-types';
import type { LoadMeta } from '../loads/page-context';

/**
 * A load page's Head (LoadMeta). Apart from the other builders because it names places through the
 * gazetteer: only the build and the 404 page's load fallback (in a chunk of its own) load it.
 * `t` must be bound to the `load` namespace of the page's language.
 */
export function loadMeta(load: Load, t: TFunction, language: Language, canonical: string): LoadMeta {
  const unknown = t('unknownPlace');
  const route = routeLabel(load, unknown, (text) => placeLabel(text, language.code));
  const weight = load.weight === null ? '' : t('meta.weight', { weight: formatNumber(load.weight) });
  const vehicleType = vehicleLabel(load.vehicleType, language.code);
  const vehicle = vehicleType ? t('meta.vehicle', { vehicle: vehicleType }) : '';
  const date = load.loadingDate ? t('meta.date', { date: formatShortDate(load.loadingDate) }) : '';
  const price = load.price === null ? '' : t('meta.price', { price: formatPrice(load.price, load.currency) });
  const title = t('meta.title', { route, title: load.title || t('untitled') });
  const description = [t('meta.route', { route }), weight, vehicle, date, price].filter(Boolean).join(' ');
  const from = placeLabel(load.from, language.code);
  const to = placeLabel(load.to, language.code);
  const keywords = [t('meta.keywords'), from, to, vehicleType, load.title].filter(Boolean).join(', ');
  return { title, description, keywords, jsonLd: loadJsonLd(load, language, canonical, description) };
}

/** A schema.org Place in the page's language, with coordinates when the gazetteer knows the place. */
function placeJsonLd(apiText: string, language: Language): Record<string, unknown> {
  const place = matchPlace(apiText);
  return {
    '@type': 'Place',
    name: placeLabel(apiText, language.code),
    ...(place ? { geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lon } } : {}),
  };
}

function loadJsonLd(load: Load, language: Language, canonical: string, description: string): Record<string, unknown> {
  const contact = load.contact;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': canonical,
    url: canonical,
    name: load.title,
    description,
    serviceType: 'Freight transportation',
    areaServed: [load.from, load.to].filter(Boolean).map((name) => placeJsonLd(name, language)),
    ...(load.price === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: load.price,
            priceCurrency: load.currency || undefined,
            availabilityStarts: isoDay(load.loadingDate),
          },
        }),
    ...(contact
      ? {
          provider: {
            '@type': 'Person',
            name: contact.name || undefined,
            telephone: contact.phone || undefined,
            sameAs: contact.telegram ? `https://t.me/${contact.telegram.replace(/^@/, '')}` : undefined,
          },
        }
      : {}),
    broker: { '@type': 'Organization', name: site.brand, url: site.mainWebsite },
  };
}
