import type { TFunction } from 'i18next';
import type { Load } from '../api-client/types';
import { JSON_LD_MAX_LOADS } from '../config/constants';
import type { Language } from '../config/languages';
import { loadPath } from '../config/routes';
import { site } from '../config/site';
import type { FaqItem } from '../content/faq';
import { canonicalUrl } from '../i18n/paths';
import { routeLabel } from '../loads/format';

/*
 * Every JSON-LD object of the site is built here, except a load page's own (load-meta.ts, which needs
 * the gazetteer); json-ld.ts serializes them all.
 */

/** schema.org Organization for the home page: who runs the site and how to reach them. */
export function organizationJsonLd(origin: string, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.brand,
    url: site.mainWebsite,
    logo: `${origin}/icon-512.png`,
    description,
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: site.phone,
      email: site.email,
      contactType: 'customer support',
      areaServed: 'UZ',
      availableLanguage: ['uz', 'ru'],
    },
    sameAs: [...new Set(Object.values(site.social))],
  };
}

/** schema.org FAQPage from the questions and answers the help page shows. */
export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export interface ItemListEntry {
  url: string;
  name: string;
}

/** schema.org ItemList of a page's first few entries (a list page points crawlers at its items). */
export function itemListJsonLd(name: string, url: string, items: readonly ItemListEntry[], max: number) {
  const listed = items.slice(0, max);
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url,
    numberOfItems: listed.length,
    itemListElement: listed.map((item, index) => ({ '@type': 'ListItem', position: index + 1, url: item.url, name: item.name })),
  };
}

/** The words a load's entry falls back on, in the page's language; `t` must hold the `loads` namespace. */
export interface LoadEntryTexts {
  untitled: string;
  unknownPlace: string;
}

export function loadEntryTexts(t: TFunction): LoadEntryTexts {
  return { untitled: t('loads:card.untitled'), unknownPlace: t('loads:card.unknownPlace') };
}

/**
 * One load in a list page's ItemList (the board and every city and route page), named as its card on
 * that page names it: title, then the route in the page's language, with the card's "unknown place"
 * words where the API gave no place. `placeName` names an API place text in the page's language.
 */
export function loadListEntry(
  load: Pick<Load, 'id' | 'title' | 'from' | 'to'>,
  page: { origin: string; language: Language },
  texts: LoadEntryTexts,
  placeName: (apiText: string) => string,
): ItemListEntry {
  return {
    url: canonicalUrl(page.origin, loadPath(load.id), page.language),
    name: `${load.title || texts.untitled}: ${routeLabel(load, texts.unknownPlace, placeName)}`,
  };
}

export interface LoadListPage {
  /** The list's name: the page's title. */
  name: string;
  /** The page's unprefixed path. */
  path: string;
  origin: string;
  language: Language;
  /** The loads the page shows, in its order; the first JSON_LD_MAX_LOADS are listed. */
  loads: readonly Pick<Load, 'id' | 'title' | 'from' | 'to'>[];
  texts: LoadEntryTexts;
  placeName: (apiText: string) => string;
}

/** schema.org ItemList of a page of loads (SPEC.md: structured data lists at most 10 loads). */
export function loadListJsonLd({ name, path, origin, language, loads, texts, placeName }: LoadListPage) {
  return itemListJsonLd(
    name,
    canonicalUrl(origin, path, language),
    loads.slice(0, JSON_LD_MAX_LOADS).map((load) => loadListEntry(load, { origin, language }, texts, placeName)),
    JSON_LD_MAX_LOADS,
  );
}
