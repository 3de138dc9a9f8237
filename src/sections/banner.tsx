import React from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../config/site';
import { type ImageData, ResponsiveImage } from '../components/responsive-image';
import { ArrowRightIcon } from '../components/ui-icons';
import * as styles from './banner.module.css';

/** 'Barchasi bitta tizimda': everyone in one system, and the way into the external CRM. */
export function Banner({ image }: { image: ImageData | null }) {
  const { t } = useTranslation(['home', 'common']);
  return (
    <section className={styles.section} aria-labelledby="banner-title">
      <div className="container">
        <div className={styles.banner}>
          <div className={styles.copy}>
            <p className={styles.free}>{t('banner.free')}</p>
            <h2 id="banner-title" className={styles.title}>
              {t('banner.title')}
            </h2>
            <p className={styles.text}>{t('banner.text')}</p>
            <a className={styles.button} href={site.crmLogin} target="_blank" rel="noopener noreferrer">
              {t('banner.login')}
              <ArrowRightIcon size={20} />
              <span className="visually-hidden">{t('common:newTab')}</span>
            </a>
          </div>
          <div className={styles.preview}>
            <ResponsiveImage image={image} alt={t('banner.imageAlt')} />
          </div>
        </div>
      </div>
    </section>
  );
}
