import type { TFunction } from 'i18next';
import { site } from '../config/site';

/** The share card's text alternative (og:image:alt); `t` must hold the `common` namespace. */
export function shareImageAlt(t: TFunction): string {
  return t('common:shareImage.alt', { brand: site.brand });
}
