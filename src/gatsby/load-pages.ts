import type { Actions } from 'gatsby';
import type { Load } from '../api-client/types';
import { LANGUAGES } from '../config/languages';
import { loadPath } from '../config/routes';
import { pageVariants } from '../i18n/plugin';
import { buildTranslator } from './build-translator';
import { shareImageAlt } from '../head/share-image';
import { loadPageMeta } from '../head/load-meta';
import { routeLabel } from '../loads/format';
import { shareText } from '../loads/share';
import { placeLabel } from '../places/names';
import type { LoadPageContext } from '../loads/page-context';
import { LOAD_TEMPLATE } from './page-table';

// Ids that make a safe path segment as they are. Anything else (slashes, spaces, markup) is served by
// the client-only fallback instead, so no file name or URL ever has to be escaped.
const PREBUILDABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isPrebuildableId(id: string): boolean {
  return PREBUILDABLE_ID.test(id);
}

/**
 * One page per load and language variant, with everything the page shows computed here and passed in
 * page context: no page query per load, which keeps tens of thousands of pages fast to build.
 */
export function createLoadPages(loads: Load[], createPage: Actions['createPage']): number {
  // The words every load page of a language shares, looked up once per language rather than per load.
  const languages = LANGUAGES.map((language) => {
    const t = buildTranslator(language, ['load', 'common', 'loads']);
    const words = { loading: t('loading'), shareImageAlt: shareImageAlt(t), handOver: t('handOver') };
    return { language, t, words, unknownPlace: t('unknownPlace'), label: t('loads:share.telegram'), newTab: t('common:newTab') };
  });
  let made = 0;
  for (const load of loads) {
    if (!isPrebuildableId(load.id)) continue;
    const path = loadPath(load.id);
    const metaByLanguage = new Map(
      languages.map(({ language, t, words, unknownPlace, label, newTab }) => {
        const route = routeLabel(load, unknownPlace, (text) => placeLabel(text, language.code));
        const share = { text: shareText(load, route, t, language.code), label, newTab };
        return [language.code, { meta: loadPageMeta(load, t, language), ...words, share }];
      }),
    );
    for (const variant of pageVariants(path)) {
      const texts = metaByLanguage.get(variant.language.code);
      if (!texts) continue;
      const context: LoadPageContext = { language: variant.context.language, routed: !variant.bare, loadId: load.id, ...texts };
      createPage({ path: variant.path, component: LOAD_TEMPLATE, context });
      made += 1;
    }
  }
  return made;
}
