import React from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../config/site';
import { AppleIcon, GooglePlayIcon } from './store-icons';
import * as styles from './store-buttons.module.css';

export function StoreButtons({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useTranslation('common');
  const className = tone === 'dark' ? styles.button : `${styles.button} ${styles.light}`;
  return (
    <ul className={styles.list}>
      <li>
        <a className={className} href={site.stores.appStore} target="_blank" rel="noopener noreferrer">
          <AppleIcon size={26} />
          <span className={styles.text}>
            <small>{t('stores.appStoreHint')}</small>
            <span>App Store</span>
          </span>
          <span className="visually-hidden">{t('newTab')}</span>
        </a>
      </li>
      <li>
        <a className={className} href={site.stores.googlePlay} target="_blank" rel="noopener noreferrer">
          <GooglePlayIcon size={24} />
          <span className={styles.text}>
            <small>{t('stores.googlePlayHint')}</small>
            <span>Google Play</span>
          </span>
          <span className="visually-hidden">{t('newTab')}</span>
        </a>
      </li>
    </ul>
  );
}
