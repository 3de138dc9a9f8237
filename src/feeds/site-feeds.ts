import type { TFunction } from 'i18next';
import type { Load } from '../api-client/types';
import { FEED_MAX_ENTRIES } from '../config/constants';
import { LANGUAGES, type Language, type LanguageCode } from '../config/languages';
import {
  ROUTES,
  boardFeedPath,
  loadPath,
  placeFromFeedPath,
  placeFromPath,
  placeRouteFeedPath,
  placeRoutePath,
  placeToFeedPath,
  placeToPath,
} from '../config/routes';
import { site } from '../config/site';
import { absoluteUrl, canonicalUrl } from '../i18n/paths';
import { formatNumber, formatPrice, routeLabel } from '../loads/format';
import { formatReaderDate } from '../loads/reader-date';
import type { PlaceGroups } from '../loads/place-groups';
import { newestFirst } from '../loads/posting-time';
import type { Place } from '../places/gazetteer';
import { placeLabel } from '../places/names';
import { vehicleLabel } from '../loads/vehicle-types';
import { atomXml, type AtomEntry } from './atom';
import { entryUpdated } from './entry-updated';
import { approximately, distanceFormatter } from '../loads/route-distance';
import { routeDistance } from '../places/distance';
import { boardFeedTitle } from './board-feed-title';
import { placeFeedTitle } from '../head/place-titles';

/** A feed file the build writes: its public path (`/feeds/uz/loads.atom`) and its bytes. */
export interface SiteFeed {
  path: string;
  xml: string;
}

/**
 * `t` of one language, reaching the `load`, `loads` and `places` namespaces by prefix (the build makes
 * it from locales/, the tests too).
 */
export type FeedTranslator = (language: Language) => TFunction;

/**
 * Every feed of the site: the board and each city (from, to) and route list, in each language, with
 * its newest loads. The lists are the place pages' own groups (src/loads/place-groups.ts), so a city's
 * feed holds its loads in every spelling the API used, exactly as its page does.
 */
export function siteFeeds(loads: readonly Load[], groups: PlaceGroups<Place>, base: string, translator: FeedTranslator): SiteFeed[] {
  const board = [...loads].sort(newestFirst).slice(0, FEED_MAX_ENTRIES);
  const feeds: SiteFeed[] = [];
  for (const language of LANGUAGES) {
    const t = translator(language);
    const entries = entryMaker(language, t, base);
    const write = (feedPath: string, pagePath: string, title: string, list: readonly Load[]) => {
      const xml = atomXml({
        pageUrl: canonicalUrl(base, pagePath, language),
        feedUrl: absoluteUrl(base, feedPath),
        title,
        subtitle: t('loads:feed.subtitle'),
        author: { name: site.brand, url: canonicalUrl(base, ROUTES.home, language) },
        entries: list.slice(0, FEED_MAX_ENTRIES).map(entries),
      });
      feeds.push({ path: feedPath, xml });
    };
    const name = (place: Place) => place.names[language.code];
    write(boardFeedPath(language.prefix), ROUTES.loads, boardFeedTitle(t), board);
    for (const [slug, group] of groups.from) {
      write(placeFromFeedPath(language.prefix, slug), placeFromPath(slug), placeFeedTitle(t, 'from', name(group.place), ''), group.loads);
    }
    for (const [slug, group] of groups.to) {
      write(placeToFeedPath(language.prefix, slug), placeToPath(slug), placeFeedTitle(t, 'to', '', name(group.place)), group.loads);
    }
    for (const route of groups.routes.values()) {
      const { from, to } = route;
      write(
        placeRouteFeedPath(language.prefix, from.slug, to.slug),
        placeRoutePath(from.slug, to.slug),
        placeFeedTitle(t, 'route', name(from), name(to)),
        route.loads,
      );
    }
  }
  return feeds;
}

/**
 * A load's entry in one language, made once however many feeds list it (the board, its cities, its
 * route): thousands of feeds share a few thousand entries.
 */
function entryMaker(language: Language, t: TFunction, base: string): (load: Load) => AtomEntry {
  const made = new Map<Load, AtomEntry>();
  const names = new Map<string, string>();
  const placeName = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = placeLabel(text, language.code);
      names.set(text, name);
    }
    return name;
  };
  const unknown = t('loads:card.unknownPlace');
  const summary = summaryWriter(t, language.code);
  return (load) => {
    let entry = made.get(load);
    if (!entry) {
      entry = {
        url: canonicalUrl(base, loadPath(load.id), language),
        title: routeLabel(load, unknown, placeName),
        summary: summary(load),
        updated: entryUpdated(load),
      };
      made.set(load, entry);
    }
    return entry;
  };
}

/**
 * Road distance, weight, vehicle, price (and per km) and loading date, in the words and formats of the
 * load page's description. Tens of thousands of entries: each sentence is looked up once per language
 * with a slot, and the slot filled per load (i18next's lookup and interpolation was a fifth of the
 * feeds' time).
 */
export function summaryWriter(t: TFunction, language: LanguageCode): (load: Load) => string {
  const SLOT = '\u0000';
  const SLOT2 = '\u0001';
  const sentence = (key: string, name: string) => {
    const [before = '', after = ''] = t(key, { [name]: SLOT }).split(SLOT);
    // A value ending in an abbreviation's period ("21 нояб.") at the end of a sentence: one period closes
    // both, as Russian typography writes it.
    return (value: string) => before + (after.startsWith('.') && value.endsWith('.') ? value.slice(0, -1) : value) + after;
  };
  const distance = sentence('load:meta.distance', 'distance');
  const weight = sentence('load:meta.weight', 'weight');
  const vehicle = sentence('load:meta.vehicle', 'vehicle');
  const price = sentence('load:meta.price', 'price');
  const pricePerKmTemplate = t('load:meta.pricePerKm', { price: SLOT, perKm: SLOT2 });
  const pricePerKm = (value: string, perKm: string) =>
    pricePerKmTemplate.replace(SLOT, () => value).replace(SLOT2, () => approximately(perKm));
  const date = sentence('load:meta.date', 'date');
  const figures = distanceFormatter(t);
  return (load) => {
    const road = figures(routeDistance(load.from, load.to)?.km ?? null, load.price, load.currency);
    const priceText = formatPrice(load.price, load.currency);
    return [
      road ? distance(approximately(road.distance)) : '',
      load.weight === null ? '' : weight(formatNumber(load.weight)),
      load.vehicleType ? vehicle(vehicleLabel(load.vehicleType, language)) : '',
      !priceText ? '' : road?.perKm ? pricePerKm(priceText, road.perKm) : price(priceText),
      load.loadingDate ? date(formatReaderDate(load.loadingDate, language)) : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
}
