import type { TFunction } from 'i18next';
import { fullTitle } from '../head/head-tags';

/** The board's feed is called what the board is called (src/head/place-titles.ts says why). */
export function boardFeedTitle(t: TFunction): string {
  return fullTitle(t('loads:seo.title'));
}
