import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../config/routes';
import type { Language } from '../../config/languages';
import { localizedPath } from '../../i18n/paths';
import * as styles from './load-board.module.css';

/** The top banner of /loads: contacts and posting happen in the app. */
export function AppBanner({ language }: { language: Language }) {
  const { t } = useTranslation('loads');
  return (
    <aside className={styles.banner} aria-label={t('banner.label')}>
      <p>{t('banner.text')}</p>
      <Link className={styles.bannerButton} to={localizedPath(ROUTES.applink, language)}>
        {t('banner.cta')}
      </Link>
    </aside>
  );
}
