import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { NAV_ROUTES, ROUTES } from '../config/routes';
import { site } from '../config/site';
import { localizedPath } from '../i18n/paths';
import { usePageLanguage } from '../i18n/runtime';
import { LanguageSelector } from './language-selector';
import { TruckIcon } from './icons';
import * as styles from './header.module.css';

export function Header() {
  const { t } = useTranslation('common');
  const { language, originalPath } = usePageLanguage();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to={localizedPath(ROUTES.home, language)} className={styles.brand}>
          <span className={styles.logo}>
            <TruckIcon size={22} />
          </span>
          <span>{site.brand}</span>
        </Link>
        <nav className={styles.nav} aria-label={t('nav.label')}>
          <ul className={styles.navList}>
            {NAV_ROUTES.map((name) => {
              const path = ROUTES[name];
              const current = path === originalPath;
              return (
                <li key={name}>
                  <Link
                    to={localizedPath(path, language)}
                    className={current ? `${styles.navLink} ${styles.active}` : styles.navLink}
                    aria-current={current ? 'page' : undefined}
                  >
                    {t(`nav.${name}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={styles.tools}>
          <LanguageSelector />
        </div>
      </div>
    </header>
  );
}
