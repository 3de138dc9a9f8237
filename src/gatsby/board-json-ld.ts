import type { Load } from '../api-client/types';
import { siteUrl } from '../config/env';
import type { Language } from '../config/languages';
import { ROUTES } from '../config/routes';
import type { JsonLd } from '../head/head-tags';
import { loadEntryTexts, loadListJsonLd } from '../head/load-list';
import { createTranslator } from '../i18n/translator';
import { nameIn } from '../places/place-names';
import { readLocale } from './locales';

/**
 * The board's ItemList of its first page, made by the build into the page's context: the board's Head
 * runs in the browser too, and the list's builders would ship in the board's script (about 0.6 KB
 * gzip) for data the browser never changes. Named as the cards name it, with the city and route pages'
 * builder (`loadListJsonLd`).
 */
export function boardJsonLd(initial: readonly Load[], placeNames: Record<string, string>, language: Language): JsonLd {
  const t = createTranslator(language.prefix, { loads: readLocale(language, 'loads') }, 'loads');
  return loadListJsonLd({
    name: t('loads:seo.title'),
    path: ROUTES.loads,
    origin: siteUrl(),
    language,
    loads: initial,
    texts: loadEntryTexts(t),
    placeName: (text) => nameIn(placeNames, text) ?? text,
  });
}
