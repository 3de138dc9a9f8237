import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../config/languages';
import { site } from '../config/site';
import { OFFLINE_PAGE_PATHS, offlinePageHtml } from '../offline/offline-page';
import { buildTranslator } from './build-translator';

/**
 * Writes the offline worker's page for a navigation it has not kept, one per language, from the
 * locale texts (common.json, `offline.page*`): src/offline/offline-page.ts says what it is. Written
 * before the script policy is applied, so each carries it like every page.
 */
export function writeOfflinePages(publicDir: string): void {
  for (const language of LANGUAGES) {
    const t = buildTranslator(language, ['common']);
    const html = offlinePageHtml({
      htmlLang: language.htmlLang,
      brand: site.brand,
      title: t('offline.pageTitle'),
      lead: t('offline.pageLead'),
      back: t('offline.pageBack'),
      retry: t('offline.pageRetry'),
    });
    const file = path.join(publicDir, OFFLINE_PAGE_PATHS[language.prefix].slice(1));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
  }
}
