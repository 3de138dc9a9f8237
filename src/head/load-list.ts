import type { TFunction } from 'i18next';
import type { Load } from '../api-client/types';
import { JSON_LD_MAX_LOADS } from '../config/constants';
import type { Language } from '../config/languages';
import { loadPath } from '../config/routes';
import { canonicalUrl } from '../i18n/paths';
import { routeLabel } from '../loads/format';
import { type ItemListEntry, itemListJsonLd } from './structured-data';

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
