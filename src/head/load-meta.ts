import type { TFunction } from 'i18next';
import type { Load } from '../api-client/types';
import type { Language } from '../config/languages';
import { formatNumber, formatPrice, formatShortDate, isoDay, routeLabel } from '../loads/format';
import { matchPlace } from '../places/match';
import { placeLabel } from '../places/names';
import { vehicleLabel } from '../loads/vehicle-types';
import type { LoadMeta, LoadPageMeta, LoadService } from '../loads/page-context';
import { loadMetaOf } from './load-page-meta';
import { approximately, distanceFormatter } from '../loads/route-distance';
import { routeDistance } from '../places/distance';

/**
 * A load page's Head (LoadMeta). Apart from the other builders because it names places through the
 * gazetteer: only the build and the 404 page's load fallback (in a chunk of its own) load it.
 * `t` must be bound to the `load` namespace of the page's language.
 */
export function loadMeta(load: Load, t: TFunction, language: Language, canonical: string): LoadMeta {
  return loadMetaOf(loadPageMeta(load, t, language), canonical);
}

/** The same, as a pre-built page's context carries it: the page adds the rest (./load-page-meta.ts). */
export function loadPageMeta(load: Load, t: TFunction, language: Language): LoadPageMeta {
  const unknown = t('unknownPlace');
  const route = routeLabel(load, unknown, (text) => placeLabel(text, language.code));
  const weight = load.weight === null ? '' : t('meta.weight', { weight: formatNumber(load.weight) });
  const vehicleType = vehicleLabel(load.vehicleType, language.code);
  const vehicle = vehicleType ? t('meta.vehicle', { vehicle: vehicleType }) : '';
  const date = load.loadingDate ? t('meta.date', { date: formatShortDate(load.loadingDate) }) : '';
  const km = routeDistance(load.from, load.to)?.km ?? null;
  const distance = distanceFormatter(t)(km, load.price, load.currency);
  const priceText = formatPrice(load.price, load.currency);
  const price = !priceText
    ? ''
    : distance?.perKm
      ? t('meta.pricePerKm', { price: priceText, perKm: approximately(distance.perKm) })
      : t('meta.price', { price: priceText });
  const title = t('meta.title', { route, title: load.title || t('untitled') });
  const distanceText = distance ? t('meta.distance', { distance: approximately(distance.distance) }) : '';
  const description = [t('meta.route', { route }), distanceText, weight, vehicle, date, price].filter(Boolean).join(' ');
  const from = placeLabel(load.from, language.code);
  const to = placeLabel(load.to, language.code);
  const keywords = [t('meta.keywords'), from, to, vehicleType, load.title].filter(Boolean).join(', ');
  const roadDistance = km === null ? null : { name: t('meta.distanceName'), km };
  return { title, description, keywords, service: loadService(load, language, roadDistance) };
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

/**
 * The load's own part of its JSON-LD (LoadService). The road distance goes on the Offer as a
 * PropertyValue named as an estimate in the page's language: schema.org's own `distance` belongs to
 * actions (TravelAction, ExerciseAction), not to a Service or an Offer, and a load without a price has
 * no Offer to carry it.
 */
function loadService(load: Load, language: Language, roadDistance: { name: string; km: number } | null): LoadService {
  const contact = load.contact;
  return {
    name: load.title,
    areaServed: [load.from, load.to].filter(Boolean).map((name) => placeJsonLd(name, language)),
    ...(load.price === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: load.price,
            priceCurrency: load.currency || undefined,
            availabilityStarts: isoDay(load.loadingDate),
            ...(roadDistance
              ? {
                  additionalProperty: {
                    '@type': 'PropertyValue',
                    name: roadDistance.name,
                    value: roadDistance.km,
                    unitCode: 'KMT',
                    unitText: 'km',
                  },
                }
              : {}),
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
  };
}
