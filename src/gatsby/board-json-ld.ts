import type { Load } from '../api-client/types';
import { siteUrl } from '../config/env';
import type { Language } from '../config/languages';
import { ROUTES } from '../config/routes';
import type { JsonLd } from '../head/head-tags';
import { loadEntryTexts, loadListJsonLd } from '../head/load-list';
import { buildTranslator } from './build-translator';
import { placeListTitle } from '../head/place-titles';
import type { PlaceLoadsPageContext } from '../loads/place-page-context';
import { nameIn } from '../places/place-names';

/**
 * The board's ItemList of its first page, made by the build into the page's context: the board's Head
 * runs in the browser too, and the list's builders would ship in the board's script (about 0.6 KB
 * gzip) for data the browser never changes. Named as the cards name it, with the city and route pages'
 * builder (`loadListJsonLd`).
 */
export function boardJsonLd(initial: readonly Load[], placeNames: Record<string, string>, language: Language): JsonLd {
  const t = buildTranslator(language, ['loads']);
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

/**
 * A city or route page's ItemList, made by the build for the same reason as the board's: its Head runs
 * in the browser too. Named as the page's title names the list; the loads' places are named already.
 */
export function placeListJsonLd(
  page: Pick<PlaceLoadsPageContext, 'kind' | 'from' | 'to' | 'page' | 'pagePath' | 'loads'>,
  language: Language,
): JsonLd {
  const t = buildTranslator(language, ['places', 'loads']);
  const title = placeListTitle(t, page.kind, page.from, page.to);
  return loadListJsonLd({
    name: page.page > 1 ? t('places:pageTitle', { title, page: page.page }) : title,
    path: page.pagePath,
    origin: siteUrl(),
    language,
    loads: page.loads,
    texts: loadEntryTexts(t),
    placeName: (name) => name,
  });
}
